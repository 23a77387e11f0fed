// The public types of router 2's routers: route methods typed by path-to-regexp 8 paths.
/// <reference types="node" preserve="true" />
import type { IncomingMessage, ServerResponse } from 'http'
import type {
  HandlerArgument, HandlerRegistrarOf, NextFunction, OtherMethodName, ParamHandler, ParamsDictionary, ParsedQs, RequestHandlerParams, RequestHandlers, RouteRegistrar
} from '../../kernel'
import type { Layer } from './layer'
import type { Path } from './path-matcher'
import type { Route } from './route'
import type { RouteParameters } from './route-parameters'

export interface RouterOptions {
  /** `/Foo` and `/foo` are different paths. */
  caseSensitive?: boolean
  /** Keep the parent router's `req.params`; the child's values win. */
  mergeParams?: boolean
  /** `/foo` and `/foo/` are different routes. */
  strict?: boolean
}

declare module '../../kernel/types' {
  interface PathSyntaxes<Route extends string> {
    /** path-to-regexp 8's (router 2's). */
    express5: RouteParameters<Route>
  }
}

/**
 * A method that registers handlers under a path (`router.get`, …), with `@types/express`'s type
 * parameters: `req.params` comes from typed handlers, or else from a literal path
 * (`'/files/*path'` gives `{ path: string[] }`). Handlers may be async: a rejection is passed on.
 */
export interface HandlerRegistrar<T, Inherited = {}> extends HandlerRegistrarOf<T, Inherited, 'express5', Path> {}

/** `use([path,] ...handlers)`, typed like {@link HandlerRegistrar}. */
export interface UseRegistrar<T, Inherited = {}> {
  (...handlers: Array<RequestHandlers<ParamsDictionary>>): T
  (...handlers: Array<RequestHandlerParams<ParamsDictionary>>): T
  <Route extends string, P = RouteParameters<Route> & Inherited, ResBody = any, ReqBody = any, ReqQuery = ParsedQs, LocalsObj extends Record<string, any> = Record<string, any>>(path: Route, ...handlers: Array<RequestHandlers<P, ResBody, ReqBody, ReqQuery, LocalsObj>>): T
  <Route extends string, P = RouteParameters<Route> & Inherited, ResBody = any, ReqBody = any, ReqQuery = ParsedQs, LocalsObj extends Record<string, any> = Record<string, any>>(path: Route, ...handlers: Array<RequestHandlerParams<P, ResBody, ReqBody, ReqQuery, LocalsObj>>): T
  <P = ParamsDictionary, ResBody = any, ReqBody = any, ReqQuery = ParsedQs, LocalsObj extends Record<string, any> = Record<string, any>>(path: Path, ...handlers: Array<RequestHandlerParams<P, ResBody, ReqBody, ReqQuery, LocalsObj>>): T
  (...handlers: HandlerArgument[]): T
  (path: Path, ...handlers: HandlerArgument[]): T
}

/** The route methods of a router: `router.get(path, ...handlers)` and the rest of node's methods. */
type RouterMethodName = 'all' | 'get' | 'post' | 'put' | 'delete' | 'patch' | 'options' | 'head' | OtherMethodName

type RouterMethods<T, Inherited> = { [M in RouterMethodName]: HandlerRegistrar<T, Inherited> }

/**
 * A router 2 router: middleware with its own stack, params and route methods. `Inherited` is what
 * its handlers' `req.params` holds besides their own path's parameters (the parent's, for a
 * `mergeParams` router).
 */
export interface Router<Inherited = {}> extends RouterMethods<Router<Inherited>, Inherited> {
  (req: IncomingMessage, res: ServerResponse, next: NextFunction): void
  caseSensitive: boolean | undefined
  mergeParams: boolean | undefined
  strict: boolean | undefined
  /** Param callbacks by parameter name. */
  params: Record<string, ParamHandler[]>
  /** The layers, in order. */
  stack: Layer[]
  /** Runs a request through the stack; `callback` gets what no layer answered (or the error). */
  handle (req: IncomingMessage, res: ServerResponse, callback: (err?: unknown) => void): void
  /** Runs `fn` before the layers whose path has the parameter `name`, once per value in a request. */
  param (name: string, fn: ParamHandler): this
  use: UseRegistrar<this, Inherited>
  /** A route for `path`, its handlers typed by the path's parameters. */
  route<P extends string> (path: P): Route<RouteParameters<P> & Inherited>
  route (path: Path): Route
  /** `QUERY`, where node knows the method. */
  query?: HandlerRegistrar<this, Inherited>
  /**
   * The routes and mounted routers of this router's stack, in order (plain middleware left
   * out; mounted routers not walked: call their own `listRoutes`).
   */
  listRoutes (): RouteInfo[]
}

/** A router mounted with `use(path, router)`, as `listRoutes` lists it: anything with a `stack` array. */
export interface MountedRouter {
  (req: IncomingMessage, res: ServerResponse, next: NextFunction): unknown
  stack: unknown[]
  /** Absent on routers that cannot list their routes. */
  listRoutes?(): RouteInfo[]
}

/** One path of a router's stack: a route's, with its methods, or a mounted router's. */
export type RouteInfo = {
  /** The path as registered (one entry per path of an array). */
  path: string | RegExp
} & ({
  /** Uppercase, in the order first registered; `'*'` for `all`; `HEAD` added after them with `GET`; empty when the route has no handler yet. */
  methods: string[]
  router: undefined
} | {
  methods: undefined
  router: MountedRouter
})

/** `Router(options)` or `new Router(options)`. */
export interface RouterConstructor {
  <Inherited = {}>(options?: RouterOptions): Router<Inherited>
  new <Inherited = {}>(options?: RouterOptions): Router<Inherited>
  readonly prototype: Router
  /** The class of the routes routers make. */
  Route: typeof Route
}

export type { RouteRegistrar, RouteParameters }
