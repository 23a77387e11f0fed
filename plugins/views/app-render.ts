// app.render(view, [locals], callback): merges the locals, finds the view (cached or not) and renders it.
import type { Application } from '../../kernel/types'
import path from 'path'
import type { ViewHooks } from './view-hooks'
import type { ViewsPolicy } from '../shared/views-policy'
import type { RenderCallback, ViewConstructor, ViewLike } from './view'
import type { RenderLocals } from './types'

/** Copies every enumerable property, inherited ones included (the way locals layers are merged). */
function mergeInto (target: Record<string, any>, source: object): void {
  for (const key in source) target[key] = (source as Record<string, unknown>)[key]
}

function cachedView (cache: Record<string, unknown>, name: string): ViewLike | undefined {
  return Object.prototype.hasOwnProperty.call(cache, name) ? cache[name] as ViewLike : undefined
}

function cacheView (cache: Record<string, unknown>, name: string, view: ViewLike): void {
  Object.defineProperty(cache, name, { configurable: true, enumerable: true, writable: true, value: view })
}

/** `Failed to lookup view "x" in views directory "a"` (or `directories "a", "b" or "c"`). */
function lookupError (name: string, view: ViewLike): Error & { view: ViewLike } {
  const root = view.root
  const dirs = Array.isArray(root) && root.length > 1
    ? `directories "${root.slice(0, -1).join('", "')}" or "${root[root.length - 1]}"`
    : `directory "${String(root)}"`
  return Object.assign(new Error(`Failed to lookup view "${name}" in views ${dirs}`), { view })
}

/**
 * Gives each of `names` in `options` its value from the app's locals, or none: what the render's
 * own locals said for them is dropped.
 */
function keepAppValues (options: Record<string, any>, appLocals: Record<string, unknown>, names: ReadonlySet<string>): void {
  for (const name of names) {
    if (name in appLocals) options[name] = appLocals[name]
    else delete options[name]
  }
}

/** Creates app.render for one framework's view hooks and views policy. */
export function createAppRender (hooks: ViewHooks, policy: Readonly<ViewsPolicy>) {
  /**
   * Renders `name` with app.locals, then `locals._locals` (res.locals), then `locals`. Looking up
   * the view may throw synchronously (no engine for the extension); render errors go to `callback`.
   */
  return function render (this: Application, name: string, locals?: RenderLocals | RenderCallback, callback?: RenderCallback): void {
    let done = callback
    let opts = locals as RenderLocals | undefined
    if (typeof locals === 'function') {
      done = locals
      opts = undefined
    }
    if (typeof done !== 'function') throw new TypeError('callback function required')
    opts = opts || {}

    const options: Record<string, any> = {}
    mergeInto(options, this.locals)
    if (opts._locals) mergeInto(options, opts._locals)
    mergeInto(options, opts)
    if (options.cache == null) options.cache = this.enabled('view cache')
    if (hooks.beforeRender.isUsed()) hooks.beforeRender.call(this, name, options)

    const cache = this.cache
    let view = options.cache ? cachedView(cache, name) : undefined
    if (!view) {
      const View = this.get('view') as ViewConstructor
      view = new View(name, {
        defaultEngine: this.get('view engine'),
        root: this.get('views'),
        engines: this.engines as never
      })
      if (!view.path) {
        done(lookupError(name, view))
        return
      }
      if (options.cache) cacheView(cache, name, view)
    }

    if (policy.engineOptions) {
      const { ext, engine } = view as { ext?: unknown, engine?: unknown }
      keepAppValues(options, this.locals, policy.engineOptions(typeof ext === 'string' ? ext : path.extname(name), engine))
    }

    const finish = once(done)
    try {
      view.render(options, finish)
    } catch (err) {
      finish(err as Error)
    }
  }
}

/**
 * `callback`, called at most once: an engine that calls back twice (or throws after calling
 * back) must not answer twice, which would throw "headers already sent" outside any handler.
 */
function once (callback: RenderCallback): RenderCallback {
  let called = false
  return function renderedOnce (this: unknown, ...args: Parameters<RenderCallback>) {
    if (called) return
    called = true
    callback.apply(this, args)
  }
}
