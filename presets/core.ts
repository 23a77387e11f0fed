// `ristretto/core`: the framework's types under the names and type parameters of
// `express-serve-static-core`, for code that imports that module (`import * as core from
// 'express-serve-static-core'` becomes `from 'ristretto/core'`). Types only.
//
// `Application<Locals>`, `Express` and `Response<ResBody, Locals, StatusCode>` take the type
// parameters that module gives them, which `ristretto`'s own names (as `@types/express`'s) do not.
// `Request`, `Response`, `Application` and `Locals` are the kernel's interfaces: members declared
// with `declare module 'ristretto/core' { interface Request { user?: User } }` reach every handler.
import type framework = require('./default')
import type { Layer } from '../kernel'

export type {
  Application, Express, Request, Response, Locals, NextFunction, RequestHandler, ErrorRequestHandler,
  ParamsDictionary, PathParams, RequestHandlerParams, RouteParameters, ParsedQs as Query
} from '../kernel'

export type {
  Handler, RequestParamHandler, IRouter, Router, IRoute, IRouterMatcher, IRouterHandler, Send,
  CookieOptions, ByteRange, RequestRanges, Errback, MediaType, SendFileOptions, DownloadOptions
} from './default'

/** An object of `T` by string key. */
export interface Dictionary<T> { [key: string]: T }
/** Alias of {@link ParamsDictionary}. */
export type Params = framework.ParamsDictionary
/** A layer of a router's or route's stack. */
export type ILayer = Layer
/** `app.use` and its kin: handlers with or without a path. */
export type ApplicationRequestHandler<T> = framework.IRouterHandler<T> & framework.IRouterMatcher<T> & ((...handlers: framework.RequestHandlerParams[]) => T)
