// Router 2's router: a layer stack with path-to-regexp 8 paths, params, promises, and the OPTIONS answer.
import { getPathname } from '../../kernel/internal/request-url'
import { Router2MountPath } from './mount-path'
import { enterHelpers, methods, restorePrototypes } from '../../kernel'
import { DISPATCHES } from '../../kernel/symbols'
import { Layer, type LayerMatch } from './layer'
import { Route, MAX_SYNC_NEXT, handlersOf } from './route'
import { lowerMethod } from '../../kernel/router/route'
import { callbacksOf, mergeParams, processParams, type ParamCalled, type ParamCallback } from './params'
import { sendOptions } from './options-response'
import { cursorOf } from './route-index'
import { MATCHED_ROUTE, noteError, tracing } from './tracing'
import { traceLayer, tracingLayers } from '../../kernel/internal/tracing'
import type { Path } from './path-matcher'
import type { MountedRouter, RouteInfo, Router as RouterType, RouterConstructor, RouterOptions } from './types'

/** A router as this file builds it: the typed view, with the fields read here. */
type RouterBase = RouterType<any> & { params: Record<string, ParamCallback[]> }

type AnyHandler = (...args: any[]) => unknown
type Next = (err?: unknown) => void

/** A router 2 router (the type of what {@link Router} makes). */
export interface Router<Inherited = {}> extends RouterType<Inherited> {}

/**
 * Makes a router; with `new` or without. As router 2's, a router inherits a `Router` instance of
 * its own (`new`'s, or one made for the call), which inherits `Router.prototype`, a function, so
 * routers keep `call`/`apply`/`bind`, and a method set on `Router.prototype` reaches them all.
 */
export const Router = function Router (this: unknown, options?: RouterOptions): RouterType {
  const opts = options || {}
  const router = function router (req: any, res: any, next: Next): void {
    (router as RouterBase).handle(req, res, next)
  } as RouterBase
  Object.setPrototypeOf(router, this instanceof Router ? this : Object.create(Router.prototype as object))
  router.caseSensitive = opts.caseSensitive
  router.mergeParams = opts.mergeParams
  router.params = {}
  router.strict = opts.strict
  router.stack = []
  return router
} as unknown as RouterConstructor

;(Router as { prototype: unknown }).prototype = function () {}
Router.Route = Route

const proto = Router.prototype as any

proto.param = function param (this: RouterBase, name: unknown, fn: unknown): RouterBase {
  if (!name) throw new TypeError('argument name is required')
  if (typeof name !== 'string') throw new TypeError('argument name must be a string')
  if (!fn) throw new TypeError('argument fn is required')
  if (typeof fn !== 'function') throw new TypeError('argument fn must be a function')
  const list = callbacksOf(this.params, name)
  if (list) list.push(fn as ParamCallback)
  else Object.defineProperty(this.params, name, { configurable: true, enumerable: true, writable: true, value: [fn] })
  return this
}

proto.handle = function handle (this: RouterBase, req: any, res: any, callback: Next): void {
  if (!callback) throw new TypeError('argument callback is required')
  const self = this
  const stack = this.stack
  const cursor = cursorOf(stack)
  let paramcalled: Record<string, ParamCalled> | undefined
  const mount = new Router2MountPath(req)
  // What `done` puts back: the values the request came in with.
  const saved = { baseUrl: req.baseUrl, next: req.next, params: req.params }
  // The pattern of the layer running, for tracing: set while traced, put back as the request leaves.
  const savedRoute: unknown = req[MATCHED_ROUTE]
  const optionsMethods: string[] | undefined = req.method === 'OPTIONS' ? [] : undefined
  // A router of a framework, taking a request of another's app: its handlers get its framework's helpers.
  const entered = enterHelpers(this, req, res)
  // Whether to publish the layers' runs on the kernel's channels (docs/tracing.md): asked once per pass.
  const traced = tracingLayers()
  let idx = 0
  let sync = 0

  function done (err?: unknown): void {
    if (req[MATCHED_ROUTE] !== savedRoute) req[MATCHED_ROUTE] = savedRoute
    if (entered !== undefined) restorePrototypes(entered, req, res)
    // The automatic OPTIONS answer goes out before the request's fields are put back, as
    // router 2 sends it: what its `finish` listeners read is what the router left.
    if (err || optionsMethods === undefined || optionsMethods.length === 0) {
      leave()
      callback(err)
      return
    }
    const error = sendOptions(res, optionsMethods)
    if (error) {
      leave()
      callback(error)
    }
  }

  /** Puts back the values the request came in with. */
  function leave (): void {
    req.baseUrl = saved.baseUrl
    req.next = saved.next
    req.params = saved.params
  }

  req.next = next
  req.baseUrl = mount.parentUrl
  req.originalUrl = req.originalUrl || req.url
  next()

  function next (err?: unknown): void {
    // An error that reaches the router has left its origin, traced or not: no enclosing router reports it.
    if (err && tracing()) noteError(req, err)
    let layerError = err === 'route' ? null : err
    mount.leave(req)
    if (layerError === 'router') {
      setImmediate(done, null)
      return
    }
    if (idx >= stack.length) {
      setImmediate(done, layerError)
      return
    }
    if (++sync > MAX_SYNC_NEXT) {
      setImmediate(next, err)
      return
    }
    const path = getPathname(req)
    if (path == null) {
      done(layerError)
      return
    }
    let layer: Layer | undefined
    let match: LayerMatch | false = false
    let route: Route | undefined
    // A route that does not serve the method is passed over untested when only a decoding error
    // (a `%` in the path) could have made its test matter, and its `_handlesMethod` is Route's.
    const method = req.method
    const byMethod = method !== 'HEAD' && method !== 'OPTIONS' && typeof method === 'string' && path.indexOf('%') === -1
    const methodName: string = byMethod ? lowerMethod(method) : ''
    while (match === false && idx < stack.length) {
      idx = cursor.next(idx, path)
      if (idx >= stack.length) break
      layer = stack[idx++]
      if (byMethod && servesNot(layer, methodName)) continue
      const tested = testLayer(layer, path)
      // A hole in the stack fails the test (the error goes on as the request's), and carries no route.
      route = layer?.route
      if (tested instanceof Thrown) {
        // A path that cannot be decoded fails before any handler: the error is none of theirs to report.
        if (tracing()) noteError(req, tested.error)
        layerError = layerError || tested.error
        continue
      }
      match = tested
      if (match === false || !route) continue
      if (layerError) {
        // A route never runs while an error is pending.
        match = false
        continue
      }
      const hasMethod = route._handlesMethod(method)
      if (!hasMethod && method === 'OPTIONS' && optionsMethods) optionsMethods.push(...route._methods())
      if (!hasMethod && method !== 'HEAD') match = false
    }
    if (match === false || layer === undefined) {
      done(layerError)
      return
    }
    const matched = layer
    const matchedRoute = route
    if (matchedRoute) req.route = matchedRoute
    req.params = self.mergeParams ? mergeParams(match.params, saved.params) : match.params
    const layerPath = match.path
    if (tracing()) req[MATCHED_ROUTE] = match.pattern
    if (!hasParamCallbacks(self.params, match.keys)) {
      // No param callback to run: go on at once, without the continuation closure.
      if (matchedRoute) runRoute(matched, matchedRoute, methodName, req, res, next, traced && layerPath)
      else trimPrefix(matched, layerError, layerPath, path)
      sync = 0
      return
    }
    processParams(self.params, match.keys, paramcalled ??= Object.create(null) as Record<string, ParamCalled>, req, res, function afterParams (perr?: unknown) {
      if (perr) next(layerError || perr)
      else if (matchedRoute) runRoute(matched, matchedRoute, '', req, res, next, traced && layerPath)
      else trimPrefix(matched, layerError, layerPath, path)
      sync = 0
    }, matched)
  }

  function trimPrefix (layer: Layer, layerError: unknown, layerPath: string, path: string): void {
    // Router 2 mounts middleware where its match ends a segment (not before a dot, as Express 4 does).
    if (!mount.enter(req, layerPath, path, false)) next(layerError)
    else if (traced) traceLayer(layer, layer.rawPath, layerPath, req, res, layerError, next, (n) => layerError ? layer.handleError(layerError, req, res, n) : layer.handleRequest(req, res, n))
    else if (layerError) layer.handleError(layerError, req, res, next)
    else layer.handleRequest(req, res, next)
  }
}

proto.use = function use (this: RouterBase, ...args: unknown[]): RouterBase {
  let offset = 0
  let path: unknown = '/'
  // The first argument is a path unless it is a function or an array whose first leaf is one.
  if (typeof args[0] !== 'function') {
    let leaf = args[0]
    while (Array.isArray(leaf) && leaf.length !== 0) leaf = leaf[0]
    if (typeof leaf !== 'function') {
      offset = 1
      path = args[0]
    }
  }
  for (const fn of handlersOf(args.slice(offset))) {
    const layer = new Layer(path as Path, { sensitive: this.caseSensitive, strict: false, end: false }, fn)
    layer.route = undefined
    this.stack.push(layer)
  }
  return this
}

proto.route = function route (this: RouterBase, path: Path): Route {
  const route = new Route(path)
  const handle = function handle (req: any, res: any, next: Next): void {
    route.dispatch(req, res, next)
  }
  ;(handle as { [DISPATCHES]?: Route })[DISPATCHES] = route
  const layer = new Layer(path, { sensitive: this.caseSensitive, strict: this.strict, end: true }, handle)
  layer.route = route
  this.stack.push(layer)
  return route
}

for (const method of [...methods, 'all']) {
  proto[method] = function routeMethod (this: RouterBase, path: Path, ...handlers: unknown[]): RouterBase {
    const route = this.route(path) as unknown as Record<string, AnyHandler>
    route[method](...handlers)
    return this
  }
}

proto.listRoutes = function listRoutes (this: RouterBase): RouteInfo[] {
  const list: RouteInfo[] = []
  for (const layer of this.stack) {
    const route = layer.route
    const handle = layer.handle as Partial<MountedRouter>
    if (route) {
      const methods = routeMethods(route.methods)
      for (const path of pathsOf(layer.rawPath)) list.push({ path, methods: methods.slice(), router: undefined })
    } else if (Array.isArray(handle.stack)) {
      for (const path of pathsOf(layer.rawPath)) list.push({ path, methods: undefined, router: handle as MountedRouter })
    }
  }
  return list
}

/** A layer's paths, one per entry of a (nested) array. */
function pathsOf (rawPath: unknown): Array<string | RegExp> {
  return (Array.isArray(rawPath) ? rawPath.flat(Infinity) : [rawPath]) as Array<string | RegExp>
}

/** A route's methods as listed: uppercase in the order first registered, `*` for `all`, and HEAD after them where GET serves it. */
function routeMethods (methods: Record<string, boolean>): string[] {
  const list = Object.keys(methods).map((name) => name === '_all' ? '*' : name.toUpperCase())
  if (methods.get && !methods.head) list.push('HEAD')
  return list
}

const ROUTE_HANDLES_METHOD = Route.prototype._handlesMethod
const ROUTE_DISPATCH = Route.prototype.dispatch
const LAYER_HANDLE_REQUEST = Layer.prototype.handleRequest

/** Whether any parameter of a matched layer has `router.param` callbacks to run. */
function hasParamCallbacks (params: Record<string, ParamCallback[]>, keys: readonly string[]): boolean {
  for (let i = 0; i < keys.length; i++) {
    if (callbacksOf(params, keys[i]) !== undefined) return true
  }
  return false
}

/**
 * Runs a matched route. A route whose one handler serves the request's method has that handler
 * run at once, while the layer's handle is the one `router.route` made for the route and
 * `handleRequest` and `dispatch` are Layer's and Route's: the route's dispatch would only hand
 * its `next` on, and the router's `next` reads 'route' and 'router' as the route's does. Traced
 * (`traced`: the part of the path the layer matched), it runs within a `ristretto.handler` call.
 */
function runRoute (layer: Layer, route: Route, methodName: string, req: any, res: any, next: Next, traced: string | false): void {
  if (traced !== false) return traceLayer(layer, layer.rawPath, traced, req, res, undefined, next, (n) => runRoute(layer, route, methodName, req, res, n, false))
  const only = route.stack.length === 1 ? route.stack[0] : undefined
  if (only !== undefined && methodName !== '' && (only.method === undefined || only.method === methodName) &&
    (layer.handle as { [DISPATCHES]?: Route })[DISPATCHES] === route && layer.handleRequest === LAYER_HANDLE_REQUEST &&
    route.dispatch === ROUTE_DISPATCH) only.handleRequest(req, res, next)
  else layer.handleRequest(req, res, next)
}

/**
 * Whether a layer carries a route, with Route's own `_handlesMethod`, that does not serve the
 * method (lowercase, neither HEAD nor OPTIONS), read from `route.methods` as `_handlesMethod` reads it.
 */
function servesNot (layer: Layer | undefined, methodName: string): boolean {
  const route = layer?.route
  return route !== undefined && route._handlesMethod === ROUTE_HANDLES_METHOD && !route.methods._all && !route.methods[methodName]
}

/** What a layer's test threw (a 400 for bad encoding), kept apart from what it matched. */
class Thrown {
  constructor (readonly error: unknown) {}
}

/** Tests a layer, returning what it threw instead of throwing. */
function testLayer (layer: Layer, path: string): LayerMatch | false | Thrown {
  try {
    return layer.match(path)
  } catch (err) {
    return new Thrown(err)
  }
}
