// The plugin API: what a plugin is, how it is declared, and how a list of them is checked.
import type { KernelHooks } from './hooks'
import type { AppHandling, Framework } from './framework'
import type { Decorators } from './decorate'
import type { Application, Request, Response } from './types'
import { ErrorCode, PluginError } from './errors'

/**
 * What a plugin's `apply` receives: the hooks, the decorators and the shared prototypes of one
 * framework. Members are added with the decorators; the prototypes are there to be read.
 */
export interface Kernel extends Decorators {
  readonly hooks: KernelHooks
  /** The framework function being built; plugins attach statics (`framework.json`, `framework.static`). */
  readonly framework: Framework
  /** Shared application prototype (`framework.application`). */
  readonly application: Readonly<Application>
  /** Shared request prototype (`framework.request`), inherits from `http.IncomingMessage.prototype`. */
  readonly request: Readonly<Request>
  /** Shared response prototype (`framework.response`), inherits from `http.ServerResponse.prototype`. */
  readonly response: Readonly<Response>
  /** How the framework's apps take a request in (`createFramework`'s `app` option), to read. */
  readonly appHandling: Readonly<AppHandling>
  /** Whether a plugin of that name is part of this framework. */
  has (name: string): boolean
}

/** A plugin: a name, the plugins it needs, and an `apply` run once per framework. */
export interface Plugin {
  readonly name: string
  readonly dependencies?: readonly string[]
  apply (kernel: Kernel): void
}

/** A plugin list entry: falsy entries are skipped and arrays are flattened, so presets can write `opts.x && x()`. */
export type PluginOption = Plugin | false | null | undefined | readonly PluginOption[]

/**
 * Declares a plugin. Returns it unchanged after checking its shape, so a typo is
 * caught where the plugin is written, not where it is used.
 *
 * @example
 * export const greet = (options: { word?: string } = {}) => definePlugin({
 *   name: 'greet',
 *   dependencies: ['response'],
 *   apply (kernel) {
 *     kernel.decorateResponse({ greet (name: string) { this.send(`${options.word ?? 'Hello'}, ${name}`) } })
 *   }
 * })
 */
export function definePlugin<P extends Plugin> (plugin: P): P {
  return checkPlugin(plugin, 'definePlugin\'s argument') as P
}

/** `value` if it is a plugin; else a PLUGIN_INVALID error naming it by where it is (`at`) and by what it is. */
function checkPlugin (value: unknown, at: string): Plugin {
  const { name, apply } = Object(value) as Partial<Plugin>
  const what = value == null ? String(value)
    : typeof value === 'function' ? `the function ${name || '(anonymous)'}`
      : typeof value !== 'object' ? `the ${typeof value} ${typeof value === 'string' ? JSON.stringify(value) : String(value)}`
        : typeof name !== 'string' || !name ? 'an object without a non-empty string name'
          : typeof apply !== 'function' ? `the object "${name}" without an apply(kernel) function` : ''
  if (what) {
    const preset = typeof value === 'function' && Array.isArray((value as { plugins?: unknown }).plugins)
    throw new PluginError(ErrorCode.PLUGIN_INVALID, `${at} is ${preset ? 'a framework (a preset)' : what}, not a plugin: ${preset
      ? 'list its plugins instead, `...preset.plugins`' : typeof value === 'function'
        ? 'did you mean to call it?' : 'a plugin is an object with a non-empty string name and an apply(kernel) function'}`)
  }
  return value as Plugin
}

/** Flattens a plugin list, drops falsy entries and duplicates of the same object, and checks names and dependencies. */
export function resolvePlugins (list: readonly PluginOption[]): Plugin[] {
  const out: Plugin[] = []
  const byName = new Map<string, Plugin>()
  const visit = (entry: PluginOption, at: string): void => {
    if (!entry) return
    if (Array.isArray(entry)) { entry.forEach((e, i) => visit(e, `${at}[${i}]`)); return }
    const plugin = checkPlugin(entry, at)
    const seen = byName.get(plugin.name)
    if (seen === plugin) return
    if (seen) throw new PluginError(ErrorCode.PLUGIN_DUPLICATE, `Plugin "${plugin.name}" is registered twice with different definitions`)
    byName.set(plugin.name, plugin)
    out.push(plugin)
  }
  visit(list, 'plugins')
  for (const plugin of out) {
    for (const dep of plugin.dependencies ?? []) {
      if (!byName.has(dep)) throw new PluginError(ErrorCode.PLUGIN_DEPENDENCY, `Plugin "${plugin.name}" depends on plugin "${dep}", which is not in the plugin list`)
    }
  }
  return out
}
