// A route: one path, a stack of handlers per method, dispatched in order.
import { Layer } from './layer'
import { methods } from './methods'
import { flatten, typeName } from '../internal/flatten'
import { kernelOf } from '../internal/kernel-of'
import type { HandlerArgument, ParamsDictionary, ParsedQs, PathParams, RequestHandlerParams, RequestHandlers } from '../types'

/**
 * A route method (`route.get(...)`): typed so inline handlers get their parameter types,
 * `req.params` being `P` (the route's path parameters), also next to foreign middleware.
 * Type arguments are `@types/express`'s: `route.get<P, ResBody, ReqBody, ReqQuery, LocalsObj>(…)`.
 */
export interface RouteRegistrar<T, P = ParamsDictionary> {
  (...handlers: Array<RequestHandlers<P>>): T
  (...handlers: Array<RequestHandlerParams<P>>): T
  <Params = P, ResBody = any, ReqBody = any, ReqQuery = ParsedQs, LocalsObj extends Record<string, any> = Record<string, any>>(...handlers: Array<RequestHandlers<Params, ResBody, ReqBody, ReqQuery, LocalsObj>>): T
  <Params = P, ResBody = any, ReqBody = any, ReqQuery = ParsedQs, LocalsObj extends Record<string, any> = Record<string, any>>(...handlers: Array<RequestHandlerParams<Params, ResBody, ReqBody, ReqQuery, LocalsObj>>): T
  (...handlers: HandlerArgument[]): T
}

/** Synchronous `next()` calls allowed in a row before the rest is deferred, so long chains cannot overflow the stack. */
export const MAX_SYNC_NEXT = 100

type Done = (err?: unknown) => void

/** Lowercase names of the request methods seen so far (node's list, and any extension), so matching does not lowercase per request. */
const lowerMethods = new Map<string, string>()

/** `method.toLowerCase()`, remembered for the methods node accepts (a bounded set: the parser refuses others). */
export function lowerMethod (method: string): string {
  // The methods nearly every request has, without a lookup.
  if (method === 'GET') return 'get'
  if (method === 'POST') return 'post'
  let lower = lowerMethods.get(method)
  if (lower === undefined) {
    lower = method.toLowerCase()
    if (lowerMethods.size < 256) lowerMethods.set(method, lower)
  }
  return lower
}
type AnyHandler = (...args: any[]) => unknown

/** The lowercase method whose handlers serve a request method: HEAD is served by GET's when a route has no HEAD handlers. */
export function handlersMethod (methods: Record<string, boolean>, method: unknown): unknown {
  const name = typeof method === 'string' ? lowerMethod(method) : method
  return name === 'head' && !methods.head ? 'get' : name
}

/** Whether a route with `methods` (lowercase names, `_all` for `route.all`) serves a request method. */
export function servesMethod (methods: Record<string, boolean>, method: unknown): boolean {
  return Boolean(methods._all) || Boolean(methods[handlersMethod(methods, method) as string])
}

/** A route's methods, uppercase, for an automatic OPTIONS answer (HEAD added with GET). */
export function methodsListed (methods: Record<string, boolean>): string[] {
  const list = Object.keys(methods)
  if (methods.get && !methods.head) list.push('head')
  return list.map((m) => m.toUpperCase())
}

/** A route's (or router's) methods by name, for registering under a method name known at run time. */
export type MethodTable = Record<string, (...handlers: unknown[]) => unknown>

/** The methods `@types/express` lists for a route, as route methods (`route.get(...)`). */
type RouteMethodName = 'get' | 'post' | 'put' | 'delete' | 'patch' | 'options' | 'head' | 'checkout' | 'copy' | 'lock' |
  'merge' | 'mkactivity' | 'mkcol' | 'move' | 'm-search' | 'notify' | 'purge' | 'report' | 'search' | 'subscribe' |
  'trace' | 'unlock' | 'unsubscribe'

/** A route's methods, each returning the route for chaining. */
type RouteMethods<P> = { [M in RouteMethodName]: RouteRegistrar<Route<P>, P> }

/** `P` types `req.params` in the route's handlers: `router.route('/users/:id')` gives `Route<{ id: string }>`. */
export interface Route<P = ParamsDictionary> extends RouteMethods<P> {}

/** A route of a router: created by `router.route(path)`, ordered by creation. */
export class Route<P = ParamsDictionary> {
  /** The path the route was made with: a string, or the RegExp or array given (typed `string`, as by `@types/express`). */
  path: string
  stack: Layer[]
  /** Methods this route serves (lowercase), `_all` when `route.all` was used. */
  methods: Record<string, boolean>

  constructor (path: PathParams) {
    this.path = path as string
    this.stack = []
    this.methods = {}
  }

  /** Whether a request method is served here (HEAD falls back to GET). */
  _handles_method (method: string): boolean {
    return servesMethod(this.methods, method)
  }

  /** The methods served, uppercase, for an automatic OPTIONS reply (HEAD added with GET). */
  _options (): string[] {
    return methodsListed(this.methods)
  }

  /** Runs the handlers of the request's method in order. */
  dispatch (req: any, res: unknown, done: Done): void {
    let idx = 0
    let sync = 0
    const stack = this.stack
    if (stack.length === 0) return done()
    const method = handlersMethod(this.methods, req.method)
    req.route = this

    const next = (err?: unknown): void => {
      if (err && err === 'route') return done()
      if (err && err === 'router') return done(err)
      if (++sync > MAX_SYNC_NEXT) {
        setImmediate(next, err)
        return
      }
      let layer = stack[idx++]
      while (layer && layer.method && layer.method !== method) layer = stack[idx++]
      if (!layer) return done(err)
      if (err) layer.handle_error(err, req, res, next)
      else layer.handle_request(req, res, next)
      sync = 0
    }
    next()
  }

  /** Handlers for every method. */
  all (...handlers: Array<RequestHandlers<P>>): this
  all (...handlers: Array<RequestHandlerParams<P>>): this
  all<Params = P, ResBody = any, ReqBody = any, ReqQuery = ParsedQs, LocalsObj extends Record<string, any> = Record<string, any>> (...handlers: Array<RequestHandlers<Params, ResBody, ReqBody, ReqQuery, LocalsObj>>): this
  all<Params = P, ResBody = any, ReqBody = any, ReqQuery = ParsedQs, LocalsObj extends Record<string, any> = Record<string, any>> (...handlers: Array<RequestHandlerParams<Params, ResBody, ReqBody, ReqQuery, LocalsObj>>): this
  all (...handlers: HandlerArgument[]): this
  all (...handlers: HandlerArgument[]): this {
    return addHandlers(this, handlers, undefined)
  }
}

/**
 * Appends a layer per handler, for `method` (lowercase) or, undefined, for every method; a route
 * made by a router whose `routeLayerAdded` hook is tapped reports each.
 */
function addHandlers<R extends Route<any>> (route: R, handlers: HandlerArgument[], method: string | undefined): R {
  const kernel = kernelOf.get(route)
  for (const handle of flatten(handlers)) {
    if (typeof handle !== 'function') {
      throw new TypeError(`Route.${method ?? 'all'}() requires a callback function but got a ${typeName(handle)}`)
    }
    const layer = new Layer('/', {}, handle as AnyHandler)
    layer.method = method
    route.methods[method ?? '_all'] = true
    route.stack.push(layer)
    if (kernel) kernel.hooks.routeLayerAdded.call(route, layer)
  }
  return route
}

for (const method of methods) {
  Object.defineProperty(Route.prototype, method, {
    configurable: true,
    writable: true,
    value: function addMethodHandlers (this: Route, ...handlers: HandlerArgument[]) {
      return addHandlers(this, handlers, method)
    }
  })
}
