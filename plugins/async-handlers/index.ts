// The async-handlers plugin: a rejected promise from a handler, error handler or param callback reaches next(err), once.
import { definePlugin, ErrorCode, kernelOf, PluginError, type Application, type Plugin, type RouterInstance } from '../../kernel'
import {
  convertLayer, convertRouteLayer, enableApp, enableRouter, isApp, isAppEnabled, isRouteEnabled,
  isRouter, isRouterEnabled, recordMount
} from './scope'
import { checkOptions, describeOptions } from '../shared/options'

export { REJECTED_WITHOUT_REASON } from './wrap-handler'

export const PLUGIN_NAME = 'async-handlers'

export interface AsyncHandlersOptions {
  /**
   * `true` (default): every app and router of the framework is async-aware.
   * `false`: only those passed to {@link asyncHandlers}, with everything mounted inside them.
   */
  everywhere?: boolean
}

/** The options of `asyncHandlersPlugin`, as it checks them and docs/reference.md lists them. */
export const ASYNC_HANDLERS_OPTIONS = describeOptions('asyncHandlersPlugin', [
  { name: 'everywhere', type: ['boolean'], default: 'true', effect: 'every app and router of the framework passes rejected promises to `next(err)`; `false`: only those given to `asyncHandlers(appOrRouter)`, with everything mounted in them' }
])

/**
 * Handlers that return a promise: when it rejects (or an `async` handler throws), the
 * rejection reaches the error handlers as `next(err)`, exactly once; a rejection without
 * a reason becomes `new Error('Rejected promise')`. A handler that calls `next` and also
 * returns a promise moves the request on once: a later rejection (or throw) is logged
 * (except in the `test` env), never routed twice. Covers middleware, route handlers, four-argument
 * error handlers and param callbacks, keeping each function's arity.
 *
 * Without this plugin, a returned promise is ignored, as in Express 4.
 *
 * @example
 * createFramework({ plugins: [...defaultPlugins, asyncHandlersPlugin()] })
 * app.get('/user/:id', async (req, res) => { res.json(await db.find(req.params.id)) })
 */
export function asyncHandlersPlugin (options: AsyncHandlersOptions = {}): Plugin {
  checkOptions(ASYNC_HANDLERS_OPTIONS, options)
  const everywhere = options.everywhere !== false
  return definePlugin({
    name: PLUGIN_NAME,
    apply ({ hooks }) {
      hooks.layerAdded.tap(PLUGIN_NAME, (router, layer) => {
        if (isRouterEnabled(router)) convertLayer(layer)
        else if (everywhere) enableRouter(router)
      })
      hooks.routeLayerAdded.tap(PLUGIN_NAME, (route, layer) => {
        if (everywhere || isRouteEnabled(route)) convertRouteLayer(layer)
      })
      hooks.routerCreated.tap(PLUGIN_NAME, (app, router) => {
        if (isAppEnabled(app)) enableRouter(router)
      })
      hooks.mount.tap(PLUGIN_NAME, (child, parent) => { recordMount(child, parent) })
    }
  })
}

/**
 * Makes one app or router async-aware, with everything it holds or will hold: its routes,
 * param callbacks, mounted routers and sub-apps. For frameworks built with
 * `asyncHandlersPlugin({ everywhere: false })`; with the default `everywhere`, it changes nothing.
 *
 * @example
 * const api = asyncHandlers(framework.Router())
 * api.get('/items', async (req, res) => { res.json(await items()) })
 * app.use('/api', api)
 *
 * @throws PluginError `RST_PLUGIN_MISSING` when the target's framework lacks the plugin.
 */
export function asyncHandlers<T extends Application | RouterInstance> (target: T): T {
  const kernel = kernelOf.get(target)
  if (!kernel || !kernel.has(PLUGIN_NAME)) {
    throw new PluginError(ErrorCode.PLUGIN_MISSING,
      `asyncHandlers() needs an app or router of a framework built with the "${PLUGIN_NAME}" plugin`)
  }
  if (isRouter(target)) enableRouter(target)
  else if (isApp(target)) enableApp(target)
  return target
}
