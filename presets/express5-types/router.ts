// Routers and routes of the express5 preset: route methods typed by path-to-regexp 8 paths.
import type * as kernel from '../../kernel'
import type { Layer, RouteInfo } from '../../plugins/express5-routing'
import type { ParamsDictionary, RouteParameters } from './params'
import type { RequestHandler, RequestHandlerParams, RequestHandlers, RequestParamHandler } from './handlers'
import type { Application } from './application'

/** A path argument: a path-to-regexp 8 string, a RegExp, or an array of them. */
export type PathParams = string | RegExp | Array<string | RegExp>

/** Options of `Router(options)`. */
export interface RouterOptions {
  /** `/Foo` and `/foo` are different paths. */
  caseSensitive?: boolean | undefined
  /** Keep the parent router's `req.params`; the child's values win. */
  mergeParams?: boolean | undefined
  /** `/foo` and `/foo/` are different routes. */
  strict?: boolean | undefined
}

/**
 * A method that registers handlers under a path (`app.get`, `router.post`, …), with
 * `@types/express`'s type parameters: `<Route, P, ResBody, ReqBody, ReqQuery, LocalsObj>`.
 * Without type arguments `P` comes from typed handlers, or else from the path
 * ({@link RouteParameters}). `Method` names the HTTP method (unused, as in `@types/express`).
 */
// eslint-disable-next-line @typescript-eslint/no-unused-vars
export interface IRouterMatcher<T, Method extends 'all' | 'get' | 'post' | 'put' | 'delete' | 'patch' | 'options' | 'head' | 'query' = any> {
  <Route extends string | RegExp, P = RouteParameters<Route>, ResBody = any, ReqBody = any, ReqQuery = kernel.ParsedQs, LocalsObj extends Record<string, any> = Record<string, any>>(path: Route, ...handlers: Array<RequestHandlers<P, ResBody, ReqBody, ReqQuery, LocalsObj>>): T
  <Path extends string | RegExp, P = RouteParameters<Path>, ResBody = any, ReqBody = any, ReqQuery = kernel.ParsedQs, LocalsObj extends Record<string, any> = Record<string, any>>(path: Path, ...handlers: Array<RequestHandlerParams<P, ResBody, ReqBody, ReqQuery, LocalsObj>>): T
  <P = ParamsDictionary, ResBody = any, ReqBody = any, ReqQuery = kernel.ParsedQs, LocalsObj extends Record<string, any> = Record<string, any>>(path: PathParams, ...handlers: Array<RequestHandlers<P, ResBody, ReqBody, ReqQuery, LocalsObj>>): T
  <P = ParamsDictionary, ResBody = any, ReqBody = any, ReqQuery = kernel.ParsedQs, LocalsObj extends Record<string, any> = Record<string, any>>(path: PathParams, ...handlers: Array<RequestHandlerParams<P, ResBody, ReqBody, ReqQuery, LocalsObj>>): T
  (path: PathParams, subApplication: Application): T
}

/** A route's method (`route.get(...handlers)`), or `use` without a path: handlers typed by the route's path. */
export interface IRouterHandler<T, Route extends string | RegExp = string> {
  (...handlers: Array<RequestHandlers<RouteParameters<Route>>>): T
  (...handlers: Array<RequestHandlerParams<RouteParameters<Route>>>): T
  <P = RouteParameters<Route>, ResBody = any, ReqBody = any, ReqQuery = kernel.ParsedQs, LocalsObj extends Record<string, any> = Record<string, any>>(...handlers: Array<RequestHandlers<P, ResBody, ReqBody, ReqQuery, LocalsObj>>): T
  <P = RouteParameters<Route>, ResBody = any, ReqBody = any, ReqQuery = kernel.ParsedQs, LocalsObj extends Record<string, any> = Record<string, any>>(...handlers: Array<RequestHandlerParams<P, ResBody, ReqBody, ReqQuery, LocalsObj>>): T
}

/** A layer of a router's or route's stack. */
export type ILayer = Layer

/** A route: `app.route(path)`, its methods typed by the path's parameters. */
export interface IRoute<Route extends string | RegExp = string> {
  path: string
  stack: ILayer[]
  all: IRouterHandler<this, Route>
  get: IRouterHandler<this, Route>
  post: IRouterHandler<this, Route>
  put: IRouterHandler<this, Route>
  delete: IRouterHandler<this, Route>
  patch: IRouterHandler<this, Route>
  options: IRouterHandler<this, Route>
  head: IRouterHandler<this, Route>
  checkout: IRouterHandler<this, Route>
  copy: IRouterHandler<this, Route>
  lock: IRouterHandler<this, Route>
  merge: IRouterHandler<this, Route>
  mkactivity: IRouterHandler<this, Route>
  mkcol: IRouterHandler<this, Route>
  move: IRouterHandler<this, Route>
  'm-search': IRouterHandler<this, Route>
  notify: IRouterHandler<this, Route>
  purge: IRouterHandler<this, Route>
  report: IRouterHandler<this, Route>
  search: IRouterHandler<this, Route>
  subscribe: IRouterHandler<this, Route>
  trace: IRouterHandler<this, Route>
  unlock: IRouterHandler<this, Route>
  unsubscribe: IRouterHandler<this, Route>
}

/**
 * A router: middleware with its own stack, param callbacks and route methods. `param` takes a
 * name and a callback only (Express 5 has no `param(fn)`).
 */
export interface IRouter extends RequestHandler {
  param (name: string, handler: RequestParamHandler): this
  all: IRouterMatcher<this, 'all'>
  get: IRouterMatcher<this, 'get'>
  post: IRouterMatcher<this, 'post'>
  put: IRouterMatcher<this, 'put'>
  delete: IRouterMatcher<this, 'delete'>
  patch: IRouterMatcher<this, 'patch'>
  options: IRouterMatcher<this, 'options'>
  head: IRouterMatcher<this, 'head'>
  /** `QUERY`, where node knows the method. */
  query?: IRouterMatcher<this, 'query'>
  checkout: IRouterMatcher<this>
  connect: IRouterMatcher<this>
  copy: IRouterMatcher<this>
  lock: IRouterMatcher<this>
  merge: IRouterMatcher<this>
  mkactivity: IRouterMatcher<this>
  mkcol: IRouterMatcher<this>
  move: IRouterMatcher<this>
  'm-search': IRouterMatcher<this>
  notify: IRouterMatcher<this>
  propfind: IRouterMatcher<this>
  proppatch: IRouterMatcher<this>
  purge: IRouterMatcher<this>
  report: IRouterMatcher<this>
  search: IRouterMatcher<this>
  subscribe: IRouterMatcher<this>
  trace: IRouterMatcher<this>
  unlock: IRouterMatcher<this>
  unsubscribe: IRouterMatcher<this>
  link: IRouterMatcher<this>
  unlink: IRouterMatcher<this>
  use: IRouterHandler<this> & IRouterMatcher<this>
  /** A route for `prefix`, its handlers typed by the path's parameters. */
  route<T extends string | RegExp> (prefix: T): IRoute<T>
  route (prefix: PathParams): IRoute
  /** The layers, in order. */
  stack: ILayer[]
}

export interface Router extends IRouter {
  /** Router 2.3's: the routes and mounted routers of the stack, in order (plain middleware left out). */
  listRoutes (): RouteInfo[]
}

/** `Router(options)` or `new Router(options)`. */
export interface RouterFactory {
  (options?: RouterOptions): Router
  new (options?: RouterOptions): Router
}
