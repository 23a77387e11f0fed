// Public types of the kernel: the app, request, response and handler shapes plugins extend.
import type { IncomingMessage, ServerResponse, Server } from 'node:http'
import type { EventEmitter } from 'node:events'
import type { Router } from './router/router'
import type { Route } from './router/route'

declare global {
  /**
   * The ambient namespace that middleware typings augment (`req.session`, `req.user`, `req.file`,
   * `req.flash`, `res.flush`, …), as Express's own types read it: ristretto's request and response
   * extend it too, so those augmentations type ristretto apps unchanged.
   */
  namespace Express {
    interface Request {}
    interface Response {}
  }
}

/** Route parameters: names from the path, or capture indexes for regular expressions. */
export interface ParamsDictionary { [key: string]: string }

/** A parsed query string: qs output by default, untrusted user input. */
export interface ParsedQuery { [key: string]: undefined | string | string[] | ParsedQuery | ParsedQuery[] }

/** `next()` continues, `next(err)` signals an error, `next('route')` / `next('router')` skip. */
export interface NextFunction {
  (err?: unknown): void
  (deferToNext: 'route' | 'router'): void
}

/**
 * The request as a handler sees it. Plugins add helpers by declaration merging:
 * `declare module 'ristretto/kernel' { interface Request { myHelper(): string } }`.
 */
export interface Request<P = ParamsDictionary, ReqBody = any, ReqQuery = ParsedQuery> extends IncomingMessage, Express.Request {
  /** The application handling the request. */
  app: Application
  /** The response of this request. */
  res?: Response
  /** The path the current router was mounted on (the matched string). */
  baseUrl: string
  /** The URL as received, kept while `req.url` is rewritten by mounting. */
  originalUrl: string
  /** Route parameters, URI-decoded. */
  params: P
  /** The parsed query string (`{}` when query parsing is off). */
  query: ReqQuery
  /** The route currently matched. */
  route?: Route
  /** The body as a body parser left it: untrusted, absent until a parser ran. `any` because its shape is the user's. */
  body: ReqBody
  /** The `next` of the router currently handling the request. */
  next?: NextFunction
}

/** The response as a handler sees it. Plugins add helpers by declaration merging. */
export interface Response<Locals extends Record<string, any> = Record<string, any>> extends ServerResponse, Express.Response {
  /** The application handling the request. */
  app: Application
  /** The request of this response. */
  req: Request
  /** Per-request view variables. `any` values: templates take whatever the app puts there. */
  locals: Locals
}

/** Middleware `(req, res, next)`. */
export type RequestHandler<P = ParamsDictionary, ReqBody = any, ReqQuery = ParsedQuery> =
  (req: Request<P, ReqBody, ReqQuery>, res: Response, next: NextFunction) => unknown

/** Error-handling middleware: exactly four parameters. */
export type ErrorRequestHandler<P = ParamsDictionary, ReqBody = any, ReqQuery = ParsedQuery> =
  (err: any, req: Request<P, ReqBody, ReqQuery>, res: Response, next: NextFunction) => unknown

/**
 * Middleware typed against another framework's request and response: most middleware typings
 * return `express.RequestHandler`, whose `express.Request` ristretto's type cannot be assigned to.
 * At run time it receives ristretto's Express-compatible objects, so it is accepted as it is.
 */
export type ForeignHandler = (...args: never[]) => unknown

/** Anything `use` and route methods accept: handlers, routers, apps, and arrays of them, nested. */
export type HandlerArgument = RequestHandler<any, any, any> | ErrorRequestHandler<any, any, any> | ForeignHandler | Router | Application | readonly HandlerArgument[]

/**
 * A method that registers handlers under a path (`app.get`, `router.post`, …). Overloads
 * in this order so an inline `(req, res, next) =>` or `(err, req, res, next) =>` is typed,
 * also when it comes last after middleware typed for Express (`app.post(path, upload.single('f'), (req, res) => …)`).
 */
export interface HandlerRegistrar<T> {
  (path: PathParams, ...handlers: Array<RequestHandler | readonly RequestHandler[]>): T
  (path: PathParams, ...handlers: Array<ErrorRequestHandler | readonly ErrorRequestHandler[]>): T
  (path: PathParams, ...handlers: [...HandlerArgument[], RequestHandler]): T
  (path: PathParams, ...handlers: HandlerArgument[]): T
}

/** `use([path,] ...handlers)`, typed like {@link HandlerRegistrar}. */
export interface UseRegistrar<T> {
  (...handlers: Array<RequestHandler | readonly RequestHandler[]>): T
  (...handlers: Array<ErrorRequestHandler | readonly ErrorRequestHandler[]>): T
  (...handlers: [...HandlerArgument[], RequestHandler]): T
  (...handlers: HandlerArgument[]): T
  (path: PathParams, ...handlers: Array<RequestHandler | readonly RequestHandler[]>): T
  (path: PathParams, ...handlers: Array<ErrorRequestHandler | readonly ErrorRequestHandler[]>): T
  (path: PathParams, ...handlers: [...HandlerArgument[], RequestHandler]): T
  (path: PathParams, ...handlers: HandlerArgument[]): T
}

/** A path argument: a string pattern, a RegExp, or an array of them. */
export type PathParams = string | RegExp | ReadonlyArray<string | RegExp>

/** `app.param` / `router.param` callback. */
export type ParamHandler = (req: Request, res: Response, next: NextFunction, value: any, name: string) => unknown

/** The settings object: values are the user's, of any type (`any` by design, as `app.set` takes anything). */
export interface Settings { [name: string]: any }

/** The application: a request handler with settings, routing and the `mount` event. */
export interface Application extends EventEmitter {
  (req: IncomingMessage | Request, res: ServerResponse | Response, next?: (err?: unknown) => void): void
  settings: Settings
  /** App-wide view variables; `locals.settings` is `app.settings`. */
  locals: Record<string, any> & { settings: Settings }
  /** The path pattern(s) this app was mounted on. */
  mountpath: PathParams
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
  handle (req: IncomingMessage, res: ServerResponse, callback?: (err?: unknown) => void): void

  set (setting: string, value: unknown): this
  enable (setting: string): this
  disable (setting: string): this
  enabled (setting: string): boolean
  disabled (setting: string): boolean
  path (): string

  use: UseRegistrar<this>
  route (path: PathParams): Route
  param (name: string | string[], handler: ParamHandler): this
  /** @deprecated since 4.11: app.param(fn) customises how later param() calls are interpreted. */
  param (fn: (name: string, arg: any) => ParamHandler | void): this
  all: HandlerRegistrar<this>
  get: ((setting: string) => any) & HandlerRegistrar<this>
  post: HandlerRegistrar<this>
  put: HandlerRegistrar<this>
  delete: HandlerRegistrar<this>
  /** @deprecated use app.delete */
  del: HandlerRegistrar<this>
  patch: HandlerRegistrar<this>
  options: HandlerRegistrar<this>
  head: HandlerRegistrar<this>
  /** Every other lowercase `http.METHODS` entry (`app.propfind`, `app['m-search']`, …). */
  [method: string]: any

  listen (port?: number, hostname?: string, backlog?: number, callback?: () => void): Server
  listen (port?: number, hostname?: string, callback?: () => void): Server
  listen (port?: number, callback?: () => void): Server
  listen (path: string, callback?: () => void): Server
  listen (handle: any, listeningListener?: () => void): Server
}
