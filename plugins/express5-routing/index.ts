// The express5-routing plugin: the framework's routers behave as router 2 (Express 5's), with path-to-regexp 8 paths.
import { definePlugin, HELPERS, type Plugin } from '../../kernel'
import { Router } from './router'
import { Route } from './route'
import type { RouterConstructor, RouterOptions } from './types'
import { checkOptions, describeOptions, type NoOptions } from '../shared/options'

export const PLUGIN_NAME = 'express5-routing'

export { Router } from './router'
export { Route } from './route'
export type { RouterConstructor, RouterOptions, HandlerRegistrar, UseRegistrar, RouteInfo, MountedRouter } from './types'
export type { RouteParameters } from './route-parameters'
export { Layer } from './layer'
export { TRACING_CHANNEL, type RouterTraceContext } from './tracing'
export { compilePath, decodeParam, type Path, type PathMatch, type PathMatcher, type PathOptions } from './path-matcher'

/** What the plugin gives the framework, for a preset's type: `framework.Router` and `framework.Route`. */
export interface Express5RoutingStatics {
  Router: RouterConstructor
  Route: typeof Route
}

/**
 * `Router` for one framework: its routers name the framework (`HELPERS`), so a request of
 * another framework's app gets this framework's helpers while one of them handles it.
 */
function frameworkRouter (framework: object): RouterConstructor {
  const make = Router
  const FrameworkRouter = function Router (options?: RouterOptions): object {
    return Object.assign(make(options), { [HELPERS]: framework })
  } as unknown as RouterConstructor
  Object.defineProperty(FrameworkRouter, 'prototype', { value: Router.prototype })
  return Object.assign(FrameworkRouter, { Route })
}

/**
 * Gives the framework router 2's routers: `framework.Router` (with or without `new`) and the
 * router of every app make routers with path-to-regexp 8 syntax (`/:id`, `/*path`, `/{:page}`),
 * router 2's `req.params` (wildcards as arrays of segments), `router.param(name, fn)` only,
 * rejected promises of handlers and param callbacks passed to `next(err)`, and router 2's
 * OPTIONS answer. `framework.Route` is router 2's `Route`.
 *
 * Routers of other frameworks keep their own syntax and behaviour: a router of the default
 * preset can be mounted in an app of this framework, and the reverse, each routing the requests
 * it handles by its own rules and running its handlers with its own framework's request and
 * response helpers.
 */
export function express5RoutingPlugin (options?: NoOptions): Plugin {
  checkOptions(describeOptions('express5RoutingPlugin'), options)
  return definePlugin({
    name: PLUGIN_NAME,
    apply ({ framework }) {
      // The framework's statics, replaced as a plugin attaches them; apps make their router with `framework.Router`.
      Object.assign(framework, { Router: frameworkRouter(framework), Route })
    }
  })
}
