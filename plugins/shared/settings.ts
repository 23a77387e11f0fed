// The settings a plugin owns: Express's compiled settings (`etag` → `etag fn`) and each app's defaults.
import type { KernelHooks } from '../../kernel'

/**
 * Compiles a value of the setting `name` as Express does: a function is used as it is, a value
 * `choices` has gives its entry, and any other value throws
 * `TypeError('unknown value for <name> function: <value>')`.
 *
 * @example compileChoice('etag', value, new Map([[true, weakETag], ['weak', weakETag], [false, undefined]]))
 */
export function compileChoice<F> (name: string, value: unknown, choices: ReadonlyMap<unknown, F>): F {
  if (typeof value === 'function') return value as F
  if (choices.has(value)) return choices.get(value) as F
  throw new TypeError(`unknown value for ${name} function: ${String(value)}`)
}

/** What {@link ownSettings} taps for. */
export interface OwnedSettings {
  /** Settings compiled, whenever an app sets one, into the setting of the same name and ` fn`. */
  compiled?: Record<string, (value: unknown) => unknown>
  /** Values every new app starts with, set in this order. */
  defaults?: Record<string, unknown>
}

/** Taps `hooks` for the settings the plugin `plugin` owns. */
export function ownSettings (hooks: KernelHooks, plugin: string, settings: OwnedSettings): void {
  for (const [name, compile] of Object.entries(settings.compiled ?? {})) {
    hooks.setting.for(name).tap(plugin, (app, value) => { app.set(`${name} fn`, compile(value)) })
  }
  const defaults = Object.entries(settings.defaults ?? {})
  if (defaults.length !== 0) {
    hooks.appCreated.tap(plugin, (app) => { for (const [name, value] of defaults) app.set(name, value) })
  }
}
