// Handlers of the express5 preset: middleware, error handlers and param callbacks on Express 5's request.
import type * as kernel from '../../kernel'
import type { ParamsDictionary } from './params'
import type { Request } from './request'
import type { Response } from './response'

/** Middleware `(req, res, next)`. It may be async: a rejected promise is passed to `next`. */
export interface RequestHandler<P = ParamsDictionary, ResBody = any, ReqBody = any, ReqQuery = kernel.ParsedQs, LocalsObj extends Record<string, any> = Record<string, any>> {
  (req: Request<P, ResBody, ReqBody, ReqQuery, LocalsObj>, res: Response<ResBody, LocalsObj>, next: kernel.NextFunction): unknown
}

/** Error-handling middleware: exactly four parameters. `err` is `any`: whatever was thrown or passed on. */
export type ErrorRequestHandler<P = ParamsDictionary, ResBody = any, ReqBody = any, ReqQuery = kernel.ParsedQs, LocalsObj extends Record<string, any> = Record<string, any>> = (err: any, req: Request<P, ResBody, ReqBody, ReqQuery, LocalsObj>, res: Response<ResBody, LocalsObj>, next: kernel.NextFunction) => unknown

/**
 * Request handlers, error handlers, middleware typed against another request type built on
 * node's (`kernel.ForeignHandler`: what `cors()` and the like return), and arrays of them.
 */
export type RequestHandlerParams<P = ParamsDictionary, ResBody = any, ReqBody = any, ReqQuery = kernel.ParsedQs, LocalsObj extends Record<string, any> = Record<string, any>> =
  | RequestHandler<P, ResBody, ReqBody, ReqQuery, LocalsObj> | ErrorRequestHandler<P, ResBody, ReqBody, ReqQuery, LocalsObj>
  | kernel.ForeignHandler | kernel.ForeignErrorHandler
  | Array<RequestHandler<P> | ErrorRequestHandler<P> | kernel.ForeignHandler | kernel.ForeignErrorHandler>

/** Request handlers and foreign middleware: what a route method takes first when handlers are typed. */
export type RequestHandlers<P = ParamsDictionary, ResBody = any, ReqBody = any, ReqQuery = kernel.ParsedQs, LocalsObj extends Record<string, any> = Record<string, any>> = RequestHandler<P, ResBody, ReqBody, ReqQuery, LocalsObj> | kernel.ForeignHandler

/** `app.param` / `router.param` callback; `value` is the decoded parameter (`any`, as converted by apps). */
export type RequestParamHandler = (req: Request, res: Response, next: kernel.NextFunction, value: any, name: string) => unknown
