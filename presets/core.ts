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

/** An object of `T` by string key. */
export interface Dictionary<T> { [key: string]: T }
/** Alias of {@link ParamsDictionary}. */
export type Params = framework.ParamsDictionary
export type Handler = framework.Handler
export type RequestParamHandler = framework.RequestParamHandler
export type IRouter = framework.IRouter
export type Router = framework.Router
export type IRoute<Route extends string = string> = framework.IRoute<Route>
export type IRouterMatcher<T> = framework.IRouterMatcher<T>
export type IRouterHandler<T, Route extends string = string> = framework.IRouterHandler<T, Route>
/** A layer of a router's or route's stack. */
export type ILayer = Layer
/** `app.use` and its kin: handlers with or without a path. */
export type ApplicationRequestHandler<T> = IRouterHandler<T> & IRouterMatcher<T> & ((...handlers: framework.RequestHandlerParams[]) => T)
export type Send<ResBody = any, T = framework.Response<ResBody>> = framework.Send<ResBody, T>
export type CookieOptions = framework.CookieOptions
export type ByteRange = framework.ByteRange
export type RequestRanges = framework.RequestRanges
export type Errback = framework.Errback
export type MediaType = framework.MediaType
export type SendFileOptions = framework.SendFileOptions
export type DownloadOptions = framework.DownloadOptions
