// The layer stack: Express 4's Router, with mounting, params, OPTIONS and error flow.
import { Layer, addedPath, unsetPath } from './layer'
import { getPathname } from '../internal/request-url'
import { MountPath } from '../internal/mount-path'
import { fastMatcher } from './matchers/fast'
import type { Matcher } from './matchers/matcher'
import type { PathOptions } from '../internal/path-to-regexp'
import { Route, MAX_SYNC_NEXT, lowerMethod, type MethodTable } from './route'
import { methods } from './methods'
import { shortTypeName, splitUseArguments } from '../internal/flatten'
import { kernelOf } from '../internal/kernel-of'
import { sendOptions } from '../internal/send-options'
import { mergeParams, runParamCallbacks, type ParamCalled } from '../internal/params'
import { enterHelpers, restorePrototypes, HELPERS, type HelperCarrier, type SavedPrototypes } from '../internal/prototypes'
import type { Kernel } from '../plugin'
import type { Application, HandlerArgument, HandlerRegistrar, Named, OtherMethods, ParamHandler, ParamsDictionary, PathParams, UseRegistrar } from '../types'
import { DISPATCHES } from '../symbols'
import { reporter } from '../deprecate'
import type { RouteParameters } from './route-parameters'
import { traceLayer, tracingLayers } from '../internal/tracing'

/** Reports the deprecated forms of router.param at the user's call, those of app.param included (see appParam). */
const deprecate = reporter()

export interface RouterOptions {
  /** `/Foo` and `/foo` are different routes. */
  caseSensitive?: boolean
  /** Keep the parent router's `req.params`; the child's values win. */
  mergeParams?: boolean
  /** `/foo` and `/foo/` are different routes. */
  strict?: boolean
}

type AnyHandler = (...args: any[]) => unknown
type Next = (err?: unknown) => void
type ParamCustomizer = (name: string, arg: any) => ParamHandler | void

/**
 * A router: middleware with its own stack, params and route methods. `Inherited` is what its
 * handlers' `req.params` holds besides their own path's parameters: the parent's parameters
 * for a `mergeParams` router (`ParamsDictionary` unless given), nothing otherwise.
 */
export interface Router<Inherited = {}> extends OtherMethods<Router<Inherited>, Inherited> {
  (req: any, res: any, next: Next): void
  /** Param callbacks by parameter name. */
  params: Record<string, ParamHandler[]>
  /** Deprecated `param(fn)` customisers. */
  _params: ParamCustomizer[]
  caseSensitive: boolean | undefined
  mergeParams: boolean | undefined
  strict: boolean | undefined
  /** The layers, in order (Express 4's shape). */
  stack: Layer[]

  handle (req: any, res: any, out: Next): void
  process_params (layer: Layer, called: Record<string, ParamCalled>, req: any, res: any, done: Next): void
  use: UseRegistrar<this, Inherited>
  /** A route for `path`, its handlers typed by the path's parameters. */
  route<Path extends string> (path: Path): Route<RouteParameters<Path> & Inherited>
  route (path: PathParams): Route
  param (name: string, fn: ParamHandler): this
  /** @deprecated since 4.11 */
  param (fn: ParamCustomizer): this
  all: HandlerRegistrar<this, Inherited>
  get: HandlerRegistrar<this, Inherited>
  post: HandlerRegistrar<this, Inherited>
  put: HandlerRegistrar<this, Inherited>
  delete: HandlerRegistrar<this, Inherited>
  patch: HandlerRegistrar<this, Inherited>
  options: HandlerRegistrar<this, Inherited>
  head: HandlerRegistrar<this, Inherited>
  /** `QUERY`, where node knows the method (20.19.3+ in 20, 22.2+). */
  query?: HandlerRegistrar<this, Inherited>
}

/**
 * `framework.Router(options)`. The handlers of a `mergeParams: true` router also see the
 * parent's parameters; their types are given, `framework.Router<{ author: string }>({ mergeParams: true })`,
 * or the handlers' `req.params` typed.
 */
export interface RouterFactory {
  <Inherited = never> (options?: RouterOptions): [Inherited] extends [never] ? Named.Router : Router<Inherited>
}

/**
 * The prototype of every router: a function, so routers keep `call`/`apply`/`bind`, and, as
 * Express's `lib/router`, itself a factory (`Router(options)` makes a router of no framework).
 */
export const routerPrototype = function Router (options?: RouterOptions) { return createRouter(options) } as unknown as Router

/**
 * `framework.Router` of one framework, as Express 4's `express.Router`: the factory of the
 * framework's routers (with or without `new`) and what each of them inherits (it inherits
 * {@link routerPrototype}), so a method set on it (a tool wrapping `Router.use`) reaches every
 * router of the framework, the apps' own included.
 */
export function frameworkRouter (kernel: Kernel): RouterFactory {
  const Router = function Router (options?: RouterOptions) { return Object.setPrototypeOf(createRouter(options, kernel), Router) }
  return Object.setPrototypeOf(Router, routerPrototype)
}

/**
 * Creates a router. Callable as middleware; mount it with `app.use(path, router)`.
 * The kernel, when given, receives `layerAdded` events for this router's layers.
 */
export function createRouter<Inherited = ParamsDictionary> (options: RouterOptions & { mergeParams: true }, kernel?: Kernel): Router<Inherited>
export function createRouter (options?: RouterOptions, kernel?: Kernel): Router
export function createRouter (options: RouterOptions = {}, kernel?: Kernel): Router {
  const opts = options || {}
  const router = function router (req: any, res: any, next: Next) {
    (router as Router).handle(req, res, next)
  } as Router
  Object.setPrototypeOf(router, routerPrototype)
  router.params = {}
  router._params = []
  router.caseSensitive = opts.caseSensitive
  router.mergeParams = opts.mergeParams
  router.strict = opts.strict
  router.stack = []
  if (kernel) kernelOf.set(router, kernel)
  ;(router as HelperCarrier)[HELPERS] = kernel && kernel.framework
  return router
}

function addLayer (router: Router, layer: Layer, path: PathParams, options: PathOptions): void {
  matcherOf(router).added(layer, path, options)
  router.stack.push(layer)
  const kernel = kernelOf.get(router)
  if (kernel && kernel.hooks.layerAdded.isUsed()) kernel.hooks.layerAdded.call(router, layer, path)
}

const proto = routerPrototype as any

/**
 * The application's param(name, fn): its router's, for each name of an array. It is here, beside
 * router.param, so that what that reports names the line that called app.param (depd names the
 * first frame after those of the reporter's file).
 */
export function appParam (this: Application, name: any, fn?: any): Application {
  this.lazyrouter()
  if (Array.isArray(name)) for (const n of name) this.param(n, fn)
  else this._router!.param(name, fn)
  return this
}

proto.param = function param (this: Router, name: string | ParamCustomizer, fn?: any): Router {
  if (typeof name === 'function') {
    deprecate('router.param(fn): Refactor to use path params')
    this._params.push(name)
    return this
  }
  if (name[0] === ':') {
    deprecate(`router.param(${JSON.stringify(name)}, fn): Use router.param(${JSON.stringify(name.slice(1))}, fn) instead`)
    name = name.slice(1)
  }
  for (const customize of this._params) {
    const ret = customize(name, fn)
    if (ret) fn = ret
  }
  if (typeof fn !== 'function') {
    throw new Error(`invalid param() call for ${name}, got ${fn}`)
  }
  ;(this.params[name] = this.params[name] || []).push(fn)
  return this
}

/** The matcher each router uses; a router's own `MATCHER` property replaces it (the tests run both). */
export const MATCHER = Symbol('ristretto.matcher')
function matcherOf (router: Router): Matcher {
  return (router as { [MATCHER]?: Matcher })[MATCHER] ?? fastMatcher
}

/**
 * One pass of a request through a router: what it restores when it leaves (the `baseUrl`,
 * `next` and `params` the request entered with, and the URL a middleware was given without its mount path),
 * what it collects on the way (param callbacks run, the methods of the routes an OPTIONS
 * request matched), and what `next` derives from `req.url`, kept while `req.url` stays the same
 * string (it changes only while a mounted layer runs).
 */
class Pass extends MountPath {
  /** `req.baseUrl` as the request entered (undefined before the app's router), put back as it leaves. */
  readonly enteredBaseUrl: unknown
  readonly parentParams: any
  readonly parentNext: any
  /** An OPTIONS request (as it entered): answered with the methods collected when nothing else answers. */
  readonly optionsRequest: boolean
  paramcalled: Record<string, ParamCalled> | undefined = undefined
  options: string[] | undefined = undefined
  url: unknown = undefined
  method: unknown = undefined
  /** The prototypes to put back when the router switched to its framework's helpers. */
  readonly saved: SavedPrototypes | undefined
  /** The pathname of `req.url`. */
  path: string | undefined = undefined
  /** The lowercase method routes are pre-filtered by, when they can be. */
  methodName: string | undefined = undefined

  constructor (router: Router, readonly req: any, readonly res: any, readonly out: Next) {
    super(req)
    this.saved = enterHelpers(router, req, res)
    this.enteredBaseUrl = req.baseUrl
    this.parentParams = req.params
    this.parentNext = req.next
    this.optionsRequest = req.method === 'OPTIONS'
  }

  done (err?: unknown): void {
    if (this.saved !== undefined) restorePrototypes(this.saved, this.req, this.res)
    const options = this.options
    // The automatic OPTIONS answer goes out before the request's fields are put back, as Express 4
    // sends it: what its `finish` listeners read is what the router left.
    if (err || !this.optionsRequest || options === undefined || options.length === 0) this.exit(err)
    else sendOptions(this.res, options, (sendError) => this.exit(sendError))
  }

  /** Puts back the `baseUrl`, `next` and `params` the request entered with, and goes on with `err`. */
  exit (err: unknown): void {
    const req = this.req
    req.baseUrl = this.enteredBaseUrl
    req.next = this.parentNext
    req.params = this.parentParams
    this.out(err)
  }

  update (): void {
    const req = this.req
    const url = req.url
    if (url === this.url && typeof url === 'string' && req.method === this.method) return
    this.url = url
    const path = this.path = getPathname(req)
    const method = this.method = req.method
    // A route that does not serve the method is skipped before its path is tested, when testing
    // it could not matter: OPTIONS collects every matching route's methods, HEAD may reach a route
    // without GET or HEAD, and only a `%` in the path can make a match fail with a decoding error.
    this.methodName = path != null && typeof method === 'string' && method !== 'OPTIONS' && method !== 'HEAD' &&
      path.indexOf('%') === -1 ? lowerMethod(method) : undefined
  }
}

function leave (pass: Pass, err?: unknown): void {
  pass.done(err)
}

proto.handle = function handle (this: Router, req: any, res: any, out: Next): void {
  const self = this
  const stack = self.stack
  const cursor = matcherOf(self).cursor(stack)
  const pass = new Pass(self, req, res, out)
  // Whether to publish the layers' runs (docs/tracing.md): asked once per pass.
  const traced = tracingLayers()
  let idx = 0
  let sync = 0
  req.next = next
  req.baseUrl = pass.parentUrl
  req.originalUrl = req.originalUrl || req.url
  next()

  function next (err?: unknown): void {
    let layerError = err === 'route' ? null : err
    pass.leave(req)
    if (layerError === 'router') {
      setImmediate(leave, pass, null)
      return
    }
    if (idx >= stack.length) {
      setImmediate(leave, pass, layerError)
      return
    }
    if (++sync > MAX_SYNC_NEXT) {
      setImmediate(next, err)
      return
    }
    pass.update()
    const path = pass.path
    if (path == null) {
      pass.done(layerError)
      return
    }
    const methodName = pass.methodName
    let layer: Layer | undefined
    let match: unknown
    let route: Route | undefined
    while (match !== true) {
      idx = cursor.next(idx, path)
      if (idx >= stack.length) break
      layer = stack[idx++]
      const layerRoute = layer?.route
      if (methodName !== undefined && layerRoute !== undefined && servesNot(layerRoute, methodName)) continue
      match = cursor.test(layer, path)
      route = layer?.route
      if (typeof match !== 'boolean') layerError = layerError || match
      if (match !== true) continue
      if (!route) continue
      if (layerError) {
        match = false
        continue
      }
      const method = req.method
      const hasMethod = route._handles_method(method)
      if (!hasMethod && method === 'OPTIONS') appendMethods(pass.options ??= [], route._options())
      if (!hasMethod && method !== 'HEAD') match = false
    }
    if (match !== true || !layer) {
      pass.done(layerError)
      return
    }
    if (route) req.route = route
    req.params = self.mergeParams ? mergeParams(layer.params!, pass.parentParams) : layer.params
    const layerPath = layer.path!
    if (self.process_params === processParams && !hasParamCallbacks(self.params, layer.keys)) {
      // No param callback to run: go on at once, without the continuation closure.
      if (route) runRoute(layer, route, methodName, req, res, next, traced)
      else trimPrefix(layer, layerError, layerPath, path)
      sync = 0
      return
    }
    const matched = layer
    const matchedRoute = route
    self.process_params(matched, pass.paramcalled ??= {}, req, res, function afterParams (perr?: unknown) {
      if (perr) next(layerError || perr)
      else if (matchedRoute) runRoute(matched, matchedRoute, undefined, req, res, next, traced)
      else trimPrefix(matched, layerError, layerPath, path)
      sync = 0
    })
  }

  function trimPrefix (layer: Layer, layerError: unknown, layerPath: string, path: string): void {
    // Express 4 mounts middleware where its match ends a segment, or before a dot.
    if (!pass.enter(req, layerPath, path, true)) next(layerError)
    else if (traced) traceLayer(layer, addedPath(layer), layer.path, req, res, layerError, next, (n) => layerError ? layer.handle_error(layerError, req, res, n) : layer.handle_request(req, res, n))
    else if (layerError) layer.handle_error(layerError, req, res, next)
    else layer.handle_request(req, res, next)
  }
}

/** The kernel's own methods, to notice one a tool replaced (on the prototype or on an instance). */
const routeDispatch = Route.prototype.dispatch
const routeHandlesMethod = Route.prototype._handles_method
const layerHandleRequest = Layer.prototype.handle_request

/**
 * Whether `route` certainly does not serve `methodName` (lowercase, neither HEAD nor OPTIONS),
 * read from `route.methods` as `_handles_method` reads it, unless a tool replaced that method.
 */
function servesNot (route: Route, methodName: string): boolean {
  const methods = route.methods
  return route._handles_method === routeHandlesMethod && !methods._all && !methods[methodName]
}

/**
 * Runs a matched route. A route whose one handler serves the request's method (`app.get(path, fn)`)
 * has that handler run at once, while the layer's handle, its `handle_request` and the route's
 * `dispatch` are the kernel's own: the route's dispatch would only hand its `next` on, and the
 * router's `next` reads 'route' as it does. Traced, it runs within a `ristretto.handler` call.
 */
function runRoute (layer: Layer, route: Route, methodName: string | undefined, req: any, res: any, next: Next, traced: boolean): void {
  if (traced) return traceLayer(layer, addedPath(layer), layer.path, req, res, undefined, next, (n) => runRoute(layer, route, methodName, req, res, n, false))
  const only = route.stack.length === 1 ? route.stack[0] : undefined
  if (only != null && methodName !== undefined && (only.method === undefined || only.method === methodName) &&
    (layer.handle as { [DISPATCHES]?: Route })[DISPATCHES] === route && layer.handle_request === layerHandleRequest &&
    route.dispatch === routeDispatch) only.handle_request(req, res, next)
  else layer.handle_request(req, res, next)
}

/** Whether any parameter of a matched layer has `router.param` callbacks to run. */
function hasParamCallbacks (params: Record<string, ParamHandler[]>, keys: Layer['keys']): boolean {
  for (let i = 0; i < keys.length; i++) {
    if (params[keys[i].name]) return true
  }
  return false
}

proto.process_params = processParams
function processParams (this: Router, layer: Layer, called: Record<string, ParamCalled>, req: any, res: any, done: Next): void {
  const params = this.params
  const keys = layer.keys
  if (!keys || keys.length === 0) {
    done()
    return
  }
  runParamCallbacks(keys.map((key) => key.name as string), (name) => params[name], called, req, res, done)
}

proto.use = function use (this: Router, ...args: unknown[]): Router {
  const split = splitUseArguments(args)
  const path = split.path as PathParams
  const callbacks = split.handlers
  if (callbacks.length === 0) throw new TypeError('Router.use() requires a middleware function')
  for (const cb of callbacks) {
    if (typeof cb !== 'function') {
      throw new TypeError(`Router.use() requires a middleware function but got a ${shortTypeName(cb)}`)
    }
    const options = { sensitive: this.caseSensitive, strict: false, end: false }
    const layer = new Layer(path, options, cb as AnyHandler)
    layer.route = undefined
    if (path !== args[0]) unsetPath(layer)
    addLayer(this, layer, path, options)
  }
  return this
}

proto.route = function route (this: Router, path: PathParams): Route {
  const route = new Route(path)
  const kernel = kernelOf.get(this)
  // Only when tapped: the route then reports its handlers through `routeLayerAdded`.
  if (kernel && kernel.hooks.routeLayerAdded.isUsed()) kernelOf.set(route, kernel)
  const handle = function handle (req: any, res: any, next: Next) { route.dispatch(req, res, next) }
  ;(handle as { [DISPATCHES]?: Route })[DISPATCHES] = route
  // Named as Express 4's `route.dispatch.bind(route)`: the layer takes its name from it.
  Object.defineProperty(handle, 'name', { value: 'bound dispatch' })
  const options = { sensitive: this.caseSensitive, strict: this.strict, end: true }
  const layer = new Layer(path, options, handle)
  layer.route = route
  addLayer(this, layer, path, options)
  return route
}

for (const method of [...methods, 'all']) {
  proto[method] = function routeMethod (this: Router, path: PathParams, ...handlers: HandlerArgument[]) {
    const route = this.route(path) as unknown as MethodTable
    route[method](...handlers)
    return this
  }
}

/** Appends methods not yet listed, for the Allow header of an automatic OPTIONS reply. */
function appendMethods (list: string[], addition: string[]): void {
  for (const method of addition) {
    if (list.indexOf(method) === -1) list.push(method)
  }
}
