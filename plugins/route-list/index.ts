// The route-list plugin: app.routes() lists every route across mounted routers and sub-apps; routes can be named.
import { definePlugin, type Plugin } from '../../kernel'
import { recordLayer, recordSubApp } from './registry'
import { listRoutes, type RouteInfo } from './list-routes'
import { makeNameable } from './route-name'
import { checkOptions, describeOptions, type NoOptions } from '../shared/options'

export { listRoutes, type RouteInfo } from './list-routes'
export { routeName } from './route-name'
export { joinParts, type PathPart } from './join-path'

export const PLUGIN_NAME = 'route-list'

declare module '../../kernel/types' {
  interface Application {
    /**
     * Every route of the app, mounted routers and sub-apps included, in registration order:
     * `{ method, path, parts, name, route }`, one entry per method and path alternative.
     * @example app.routes().map((r) => `${r.method} ${r.path}`) // ['GET /api/users/:id']
     */
    routes (): RouteInfo[]
  }
}

declare module '../../kernel/router/route' {
  interface Route {
    /**
     * Names the route for `app.routes()` and tools built on it (routes of the framework's routers).
     * @example app.route('/users/:id').name('user').get(show)
     */
    name (name: string): this
  }
}

/**
 * Route listing, fed by the kernel's `layerAdded` and `mount` hooks: `app.routes()`,
 * `listRoutes(appOrRouter)` and `route.name(name)`.
 */
export function routeListPlugin (options?: NoOptions): Plugin {
  checkOptions(describeOptions('routeListPlugin'), options)
  return definePlugin({
    name: PLUGIN_NAME,
    apply ({ hooks, decorateApplication }) {
      hooks.layerAdded.tap(PLUGIN_NAME, (router, layer, path) => {
        if (layer.route) makeNameable(layer.route)
        recordLayer(router, layer, path)
      })
      hooks.mount.tap(PLUGIN_NAME, (child, parent) => { recordSubApp(child, parent) })
      decorateApplication({
        routes: function routes (this: Parameters<typeof listRoutes>[0]) {
          return listRoutes(this)
        }
      })
    }
  })
}
