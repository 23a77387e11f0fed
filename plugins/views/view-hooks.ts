// The views plugin's own hooks, one set per framework, reached with getViewHooks(framework or app).
import { SyncBailHook, SyncHook } from '../../kernel'
import { kernelOf, type Framework, type Application } from '../../kernel'

/** A template engine: renders the file at `path` with `options` (the merged locals), then calls back. */
export type EngineFunction = (
  path: string,
  options: Record<string, any>, // the app's and the request's locals: any values the app puts there
  callback: (err: Error | null | undefined, html?: string) => void
) => unknown

function createViewHooks () {
  return Object.freeze({
    /** A view's extension (with its dot) has no engine registered with app.engine: return one to use. */
    resolveEngine: new SyncBailHook<[string], EngineFunction | undefined>(['ext']),
    /** app.render merged a view's locals (app, response, call), before looking the view up: adjust them. */
    beforeRender: new SyncHook<[Application, string, Record<string, any>]>(['app', 'name', 'options'])
  })
}

export type ViewHooks = ReturnType<typeof createViewHooks>

const registry = new WeakMap<object, ViewHooks>()

/**
 * The view hooks of a framework (or of the framework an app belongs to), created on first use so a
 * plugin applied before the views plugin can tap them too.
 *
 * @example
 * getViewHooks(kernel.framework).resolveEngine.tap('my-engines', (ext) => ext === '.md' ? renderMarkdown : undefined)
 */
export function getViewHooks (target: Framework | Application): ViewHooks {
  const key: object = kernelOf.get(target)?.framework ?? target
  let hooks = registry.get(key)
  if (!hooks) {
    hooks = createViewHooks()
    registry.set(key, hooks)
  }
  return hooks
}
