// Public types of the kernel: the app, request, response and handler shapes plugins extend.
/// <reference types="node" preserve="true" />
import type { IncomingMessage, ServerResponse, Server } from 'http'
import type { Http2ServerRequest, Http2ServerResponse } from 'http2'
import type { ListenOptions } from 'net'
import type { EventEmitter } from 'events'
import type { Router } from './router/router'
import type { Route } from './router/route'
import type { RouteParameters } from './router/route-parameters'
import type { ParsedQs } from 'qs'

declare global {
  /**
   * The ambient namespace that middleware typings augment (`req.session`, `req.user`, `req.file`,
   * `req.flash`, `res.flush`, …), as Express's own types read it: ristretto's request, response,
   * `res.locals` and application extend it too, so those augmentations type ristretto apps
   * unchanged. An app adds its own members the same way:
   * `declare global { namespace Express { interface Request { user?: User } } }`.
   */
  namespace Express {
    interface Request {}
    interface Response {}
    interface Locals {}
    interface Application {}
  }
}

/** Route parameters: names from the path, or capture indexes for regular expressions. */
export interface ParamsDictionary { [key: string | number]: string }

/**
 * A parsed query string, as the default (`extended`, qs) parser builds it: qs's own type, nested
 * objects and arrays, any key possibly absent. Untrusted user input: check shapes before use.
 */
export type ParsedQuery = ParsedQs
export type { ParsedQs }

/** `next()` continues, `next(err)` signals an error (`any`: whatever was caught), `next('route')` / `next('router')` skip. */
export interface NextFunction {
  (err?: any): void
  (deferToNext: 'router'): void
  (deferToNext: 'route'): void
}

/** The `next` of middleware written for node's own request and response (connect's): an error, or nothing. */
export type NextCallback = (err?: unknown) => void

/**
 * Middleware on node's own request and response (connect's `NextHandleFunction`): usable in any
 * app, Express's and a bare `http.createServer` handler included (body parsers, `framework.query`).
 */
export type NodeMiddleware = (req: IncomingMessage, res: ServerResponse, next: NextCallback) => void

/**
 * What `res.locals` and `app.locals` always hold besides their own type parameter: the members
 * declared on the global `Express.Locals` (and on this interface, by declaration merging).
 */
export interface Locals extends Express.Locals {}

/**
 * The request as a handler sees it: node's `IncomingMessage` with Express 4's members.
 * `P` types `req.params` (inferred from the path by route methods), `ResBody` and `LocalsObj`
 * type `req.res`, `ReqBody` `req.body`, `ReqQuery` `req.query`. Plugins add helpers by
 * declaration merging: `declare module 'ristretto/kernel' { interface Request { myHelper(): string } }`.
 */
export interface Request<P = ParamsDictionary, ResBody = any, ReqBody = any, ReqQuery = ParsedQs, LocalsObj extends Record<string, any> = Record<string, any>> extends IncomingMessage, Express.Request {
  /** The application handling the request. */
  app: Application
  /** The response of this request. */
  res?: Response<ResBody, LocalsObj>
  /** The path the current router was mounted on (the matched string). */
  baseUrl: string
  /** The URL as received, kept while `req.url` is rewritten by mounting. */
  originalUrl: string
  /** The path and query, relative to the mount point inside a mounted app or router. */
  url: string
  /** The request method, uppercase (`'GET'`). */
  method: string
  /** Route parameters, URI-decoded. */
  params: P
  /** The parsed query string (`{}` when query parsing is off). */
  query: ReqQuery
  /**
   * The route currently matched (a {@link Route}; none in middleware before any route matched).
   * `any`, as Express's typings declare it, so route handlers read `req.route.path` unchecked.
   */
  route: any
  /** The body as a body parser left it: untrusted, absent until a parser ran. `any` by default because its shape is the user's. */
  body: ReqBody
  /**
   * Cookies as a cookie-parsing middleware (cookie-parser) decoded them; absent until one ran.
   * Untrusted. `any`: such parsers decode `j:` JSON cookies into objects, and apps type them.
   */
  cookies: any
  /** Signed cookies whose signature checked out, decoded (`any`: as {@link Request.cookies}). */
  signedCookies: any
  /** The secret a cookie-parsing middleware was given; `res.cookie(name, value, { signed: true })` signs with it. */
  secret?: string
  /** The `next` of the router currently handling the request. */
  next?: NextFunction
}

/**
 * The response as a handler sees it: node's `ServerResponse` with Express 4's members.
 * `ResBody` types what `res.send` / `res.json` take, `LocalsObj` types `res.locals`,
 * `StatusCode` what `res.status` / `res.sendStatus` take. Plugins add helpers by declaration merging.
 */
export interface Response<ResBody = any, LocalsObj extends Record<string, any> = Record<string, any>, StatusCode extends number = number> extends ServerResponse, Express.Response {
  /** The application handling the request. */
  app: Application
  /** The request of this response. */
  req: Request
  /** Per-request view variables. `any` values by default: templates take whatever the app puts there. */
  locals: LocalsObj & Locals
}

/** Middleware `(req, res, next)`. It may be an async function; the router does not wait for its promise. */
export interface RequestHandler<P = ParamsDictionary, ResBody = any, ReqBody = any, ReqQuery = ParsedQs, LocalsObj extends Record<string, any> = Record<string, any>> {
  (req: Handled.Request<P, ResBody, ReqBody, ReqQuery, LocalsObj>, res: Handled.Response<ResBody, LocalsObj>, next: NextFunction): void
}

/** Error-handling middleware: exactly four parameters. `err` is `any`: whatever was thrown or passed to `next(err)`. */
export type ErrorRequestHandler<P = ParamsDictionary, ResBody = any, ReqBody = any, ReqQuery = ParsedQs, LocalsObj extends Record<string, any> = Record<string, any>> = (err: any, req: Handled.Request<P, ResBody, ReqBody, ReqQuery, LocalsObj>, res: Handled.Response<ResBody, LocalsObj>, next: NextFunction) => void

type KernelRequest<P, ResBody, ReqBody, ReqQuery, LocalsObj extends Record<string, any>> = Request<P, ResBody, ReqBody, ReqQuery, LocalsObj>
type KernelResponse<ResBody, LocalsObj extends Record<string, any>> = Response<ResBody, LocalsObj>
type KernelRouter<Inherited> = Router<Inherited>
/**
 * What handlers receive: the kernel's request and response, and what a preset merges in (the
 * default preset's own `Request`, `Response`). A handler's `res` takes any status code, as in
 * `@types/express`; `StatusCode` is there so it reads as that package's `Response<ResBody, Locals, number>`.
 */
export declare namespace Handled {
  interface Request<P = ParamsDictionary, ResBody = any, ReqBody = any, ReqQuery = ParsedQs, LocalsObj extends Record<string, any> = Record<string, any>> extends KernelRequest<P, ResBody, ReqBody, ReqQuery, LocalsObj> {}
  // eslint-disable-next-line @typescript-eslint/no-unused-vars
  interface Response<ResBody = any, LocalsObj extends Record<string, any> = Record<string, any>, StatusCode extends number = number> extends KernelResponse<ResBody, LocalsObj> {}
}

/**
 * The response and router as a preset names them (the default preset merges its `Response` in):
 * for plugin callbacks that `@types/express`'s companions type with `express.Response`, such as
 * static's `setHeaders`, and for `Router()`.
 */
export declare namespace Named {
  interface Response<ResBody = any, LocalsObj extends Record<string, any> = Record<string, any>> extends KernelResponse<ResBody, LocalsObj> {}
  /** What `Router()` returns without type arguments. */
  interface Router extends KernelRouter<{}> {}
}

/**
 * The signatures behind {@link ForeignHandler}. Declared as methods, so their parameters are
 * compared both ways (a handler may ask for a request type that extends node's). The generic
 * twin of each makes TypeScript take no parameter types from this type, so an inline
 * `(req, res) =>` next to such middleware is still typed by {@link RequestHandler}.
 */
interface ForeignSignatures {
  handler (req: IncomingMessage, res: ServerResponse, next: NextFunction): unknown
  handler<Twin = never> (req: IncomingMessage, res: ServerResponse, next: NextFunction): unknown
  errorHandler (err: any, req: IncomingMessage, res: ServerResponse, next: NextFunction): unknown
  errorHandler<Twin = never> (err: any, req: IncomingMessage, res: ServerResponse, next: NextFunction): unknown
}

/**
 * Middleware typed against another request and response type built on node's, such as
 * `@types/express`'s (`cors()`, `session()`, `upload.single()` return `express.RequestHandler`).
 * At run time it receives ristretto's objects, which are node's with Express 4's members, so it is
 * accepted; functions whose parameters are not node's request and response are not.
 */
export type ForeignHandler = ForeignSignatures['handler']

/** Error-handling middleware typed against another request type built on node's (see {@link ForeignHandler}). */
export type ForeignErrorHandler = ForeignSignatures['errorHandler']

/** Handlers for one path: request handlers, foreign middleware, and arrays of them. */
export type RequestHandlers<P = ParamsDictionary, ResBody = any, ReqBody = any, ReqQuery = ParsedQs, LocalsObj extends Record<string, any> = Record<string, any>> =
  | RequestHandler<P, ResBody, ReqBody, ReqQuery, LocalsObj> | ForeignHandler
  | ReadonlyArray<RequestHandler<P, ResBody, ReqBody, ReqQuery, LocalsObj> | ForeignHandler>

/** Handlers or error handlers for one path, foreign ones, and arrays of them (`@types/express`'s `RequestHandlerParams`). */
export type RequestHandlerParams<P = ParamsDictionary, ResBody = any, ReqBody = any, ReqQuery = ParsedQs, LocalsObj extends Record<string, any> = Record<string, any>> =
  | RequestHandler<P, ResBody, ReqBody, ReqQuery, LocalsObj> | ErrorRequestHandler<P, ResBody, ReqBody, ReqQuery, LocalsObj>
  | ForeignHandler | ForeignErrorHandler
  | ReadonlyArray<RequestHandler<P> | ErrorRequestHandler<P> | ForeignHandler | ForeignErrorHandler>

/** Anything `use` and route methods accept: handlers, routers, apps, and arrays of them, nested. */
export type HandlerArgument =
  | RequestHandler<any, any, any, any, any> | ErrorRequestHandler<any, any, any, any, any> | ForeignHandler | ForeignErrorHandler
  | Router | Application<any> | readonly HandlerArgument[]

/**
 * The `req.params` type of a literal path `Route`, by path syntax: the kernel's routers read
 * Express 4's (path-to-regexp 0.1); a plugin that gives routers another syntax adds its entry
 * by declaration merging.
 */
export interface PathSyntaxes<Route extends string> { express4: RouteParameters<Route> }

/**
 * A method that registers handlers under a path (`app.get`, `router.post`, …), with
 * `@types/express`'s type parameters in its order: `<Route, P, ResBody, ReqBody, ReqQuery,
 * LocalsObj>` for a string path, `<P, ResBody, ReqBody, ReqQuery, LocalsObj>` otherwise, so
 * `app.get<{ id: string }>(…)` types `req.params` as given. Without type arguments, `P` comes
 * from typed handlers or else from the path, read in the path syntax `Syntax`: `'/users/:id'`
 * gives `{ id: string }`. An inline `(req, res, next) =>` is typed, also next to foreign
 * middleware. `Paths` is what a path argument may be.
 */
export interface HandlerRegistrarOf<T, Inherited, Syntax extends keyof PathSyntaxes<string>, Paths> {
  <Route extends string, P = PathSyntaxes<Route>[Syntax] & Inherited, ResBody = any, ReqBody = any, ReqQuery = ParsedQs, LocalsObj extends Record<string, any> = Record<string, any>>(path: Route, ...handlers: Array<RequestHandlers<P, ResBody, ReqBody, ReqQuery, LocalsObj>>): T
  <Route extends string, P = PathSyntaxes<Route>[Syntax] & Inherited, ResBody = any, ReqBody = any, ReqQuery = ParsedQs, LocalsObj extends Record<string, any> = Record<string, any>>(path: Route, ...handlers: Array<RequestHandlerParams<P, ResBody, ReqBody, ReqQuery, LocalsObj>>): T
  <P = ParamsDictionary, ResBody = any, ReqBody = any, ReqQuery = ParsedQs, LocalsObj extends Record<string, any> = Record<string, any>>(path: Paths, ...handlers: Array<RequestHandlers<P, ResBody, ReqBody, ReqQuery, LocalsObj>>): T
  <P = ParamsDictionary, ResBody = any, ReqBody = any, ReqQuery = ParsedQs, LocalsObj extends Record<string, any> = Record<string, any>>(path: Paths, ...handlers: Array<RequestHandlerParams<P, ResBody, ReqBody, ReqQuery, LocalsObj>>): T
  (path: Paths, ...handlers: HandlerArgument[]): T
}

/** A {@link HandlerRegistrarOf route method} of the kernel's routers: Express 4's paths (see {@link RouteParameters}). */
export interface HandlerRegistrar<T, Inherited = {}> extends HandlerRegistrarOf<T, Inherited, 'express4', PathParams> {}

/**
 * `use([path,] ...handlers)`, typed like {@link HandlerRegistrar} (a mount path's parameters
 * type `req.params`), and with handlers only: `<P, ResBody, ReqBody, ReqQuery, LocalsObj>`.
 */
export interface UseRegistrar<T, Inherited = {}> {
  (...handlers: Array<RequestHandlers<ParamsDictionary>>): T
  (...handlers: Array<RequestHandlerParams<ParamsDictionary>>): T
  <P = ParamsDictionary, ResBody = any, ReqBody = any, ReqQuery = ParsedQs, LocalsObj extends Record<string, any> = Record<string, any>>(...handlers: Array<RequestHandlers<P, ResBody, ReqBody, ReqQuery, LocalsObj>>): T
  <P = ParamsDictionary, ResBody = any, ReqBody = any, ReqQuery = ParsedQs, LocalsObj extends Record<string, any> = Record<string, any>>(...handlers: Array<RequestHandlerParams<P, ResBody, ReqBody, ReqQuery, LocalsObj>>): T
  <Route extends string, P = RouteParameters<Route> & Inherited, ResBody = any, ReqBody = any, ReqQuery = ParsedQs, LocalsObj extends Record<string, any> = Record<string, any>>(path: Route, ...handlers: Array<RequestHandlers<P, ResBody, ReqBody, ReqQuery, LocalsObj>>): T
  <Route extends string, P = RouteParameters<Route> & Inherited, ResBody = any, ReqBody = any, ReqQuery = ParsedQs, LocalsObj extends Record<string, any> = Record<string, any>>(path: Route, ...handlers: Array<RequestHandlerParams<P, ResBody, ReqBody, ReqQuery, LocalsObj>>): T
  <P = ParamsDictionary, ResBody = any, ReqBody = any, ReqQuery = ParsedQs, LocalsObj extends Record<string, any> = Record<string, any>>(path: PathParams, ...handlers: Array<RequestHandlers<P, ResBody, ReqBody, ReqQuery, LocalsObj>>): T
  <P = ParamsDictionary, ResBody = any, ReqBody = any, ReqQuery = ParsedQs, LocalsObj extends Record<string, any> = Record<string, any>>(path: PathParams, ...handlers: Array<RequestHandlerParams<P, ResBody, ReqBody, ReqQuery, LocalsObj>>): T
  (...handlers: HandlerArgument[]): T
  (path: PathParams, ...handlers: HandlerArgument[]): T
}

/**
 * The other methods of node's `http.METHODS` (past `all`, `get`, `post`, `put`, `delete`, `patch`,
 * `options` and `head`), as `@types/express` lists them on apps and routers.
 */
export type OtherMethodName =
  | 'checkout' | 'connect' | 'copy' | 'lock' | 'merge' | 'mkactivity' | 'mkcol' | 'move' | 'm-search' | 'notify'
  | 'propfind' | 'proppatch' | 'purge' | 'report' | 'search' | 'subscribe' | 'trace' | 'unlock' | 'unsubscribe' | 'link' | 'unlink'

/** The {@link OtherMethodName other methods} on apps and routers (registering, they return `T`). */
export interface OtherMethods<T, Inherited = {}> extends Record<OtherMethodName, HandlerRegistrar<T, Inherited>> {}

/** A path argument: a string pattern, a RegExp, or an array of them. */
export type PathParams = string | RegExp | ReadonlyArray<string | RegExp>

/**
 * `app.param` / `router.param` callback: `value` is the parameter's decoded value (a string;
 * `any` so callbacks that declare the type they convert it to, as Express apps do, still fit).
 */
export type ParamHandler = (req: Handled.Request, res: Handled.Response, next: NextFunction, value: any, name: string) => unknown

/**
 * The settings read through `app.get(name)` and written with `app.set(name, value)`: the
 * framework's settings with the values they take (plugins add theirs by declaration merging;
 * a setting with a default is never absent), and any other name, for the app's own values
 * (`any`, as `app.set` takes anything).
 */
export interface Settings {
  /** The environment mode: `NODE_ENV` when the app was created, else `'development'`. */
  env: string
  /** Sends `X-Powered-By: Express`. Default true. */
  'x-powered-by': boolean
  /** `/Foo` and `/foo` are different routes (read when the app's router is created, on first route). */
  'case sensitive routing'?: boolean
  /** `/foo` and `/foo/` are different routes (read when the app's router is created, on first route). */
  'strict routing'?: boolean
  [name: string]: any
}

/**
 * The application: a request handler with settings, routing and the `mount` event.
 * `LocalsObj` types `app.locals`.
 */
export interface Application<LocalsObj extends Record<string, any> = Record<string, any>> extends EventEmitter, Express.Application, OtherMethods<Application<LocalsObj>> {
  (req: IncomingMessage | Http2ServerRequest | Request, res: ServerResponse | Http2ServerResponse | Response, next?: NextCallback): void
  /** The settings ({@link Settings}), those with a default set at creation. `any`, as Express's typings declare it. */
  settings: any
  /** App-wide view variables; `locals.settings` is `app.settings`. `any` values by default: templates take what the app puts there. */
  locals: LocalsObj & Locals
  /** The path pattern(s) this app was mounted on. */
  mountpath: PathParams
  /** `mount` is emitted on a sub-app when it is mounted, with the parent app; other events as EventEmitter's (`any[]`: its listener type). */
  on (event: 'mount', callback: (parent: Application) => void): this
  on (event: string | symbol, listener: (...args: any[]) => void): this
  /** The app this one was mounted on. */
  parent?: Application
  /** Per-app request prototype (inherits from the framework's). */
  request: Request
  /** Per-app response prototype (inherits from the framework's). */
  response: Response
  /** The base router, created on first use (Express 4's internal name, read by many tools). */
  _router?: Router
  /** Template engines by extension (filled by the views plugin). */
  engines: Record<string, (...args: any[]) => unknown>
  /** Compiled view cache (filled by the views plugin). */
  cache: Record<string, unknown>

  init (): void
  defaultConfiguration (): void
  lazyrouter (): void
  handle (req: IncomingMessage, res: ServerResponse, callback?: NextCallback): void

  /** Reads a setting, looking through the apps this one is mounted on (`any`, as `app.get(name)`). */
  set (setting: string): any
  /** Sets a setting (`etag` and others compile their derived value now). Callbacks are typed by {@link Settings}; any value is taken, as by Express's typings. */
  set<Name extends string> (setting: Name, value: Settings[Name]): this
  set (setting: string, value: any): this
  enable (setting: string): this
  disable (setting: string): this
  enabled (setting: string): boolean
  disabled (setting: string): boolean
  /** The app's full mount path (`''` for the top app). */
  path (): string

  use: UseRegistrar<this>
  /** A route for `path`, its handlers typed by the path's parameters. */
  route<Path extends string> (path: Path): Route<RouteParameters<Path>>
  route (path: PathParams): Route
  param (name: string | string[], handler: ParamHandler): this
  /** @deprecated since 4.11: app.param(fn) customises how later param() calls are interpreted. */
  param (fn: (name: string, arg: any) => ParamHandler | void): this
  all: HandlerRegistrar<this>
  /** `app.get(name)` reads a setting; `app.get(path, ...handlers)` routes GET (and HEAD). */
  get: ((setting: string) => any) & HandlerRegistrar<this>
  post: HandlerRegistrar<this>
  put: HandlerRegistrar<this>
  delete: HandlerRegistrar<this>
  /** @deprecated use app.delete */
  del: HandlerRegistrar<this>
  patch: HandlerRegistrar<this>
  options: HandlerRegistrar<this>
  head: HandlerRegistrar<this>
  /** `QUERY`, where node knows the method (20.19.3+ in 20, 22.2+). */
  query?: HandlerRegistrar<this>

  /** Creates an `http.Server` for the app and listens (the arguments of `server.listen`). */
  listen (port?: number, hostname?: string, backlog?: number, callback?: () => void): Server
  listen (port?: number, hostname?: string, callback?: () => void): Server
  listen (port?: number, callback?: () => void): Server
  listen (callback?: () => void): Server
  listen (path: string, callback?: () => void): Server
  listen (options: ListenOptions, callback?: () => void): Server
  /** Any other `server.listen` form (a handle, a port given as a string). `any`: node's own type for it. */
  listen (handle: any, listeningListener?: () => void): Server
}

/** What the framework function returns: an {@link Application} (`@types/express`'s name for it). */
export interface Express extends Application {}

export type { RouteParameters }
