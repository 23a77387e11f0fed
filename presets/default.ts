// The default preset: the whole framework, Express 4 compatible. The package's main export.
import { createFramework, type Framework } from '../kernel'
// The plugins' type augmentations (req/res helpers) must reach users of the built .d.ts too: the
// type imports below name the modules declaring them (so the .d.ts imports them, and the
// JavaScript loads none of them); the query plugin's are imported here, as nothing names them.
import '../plugins/query/types'
import '../plugins/query'
import { bodyJsonPlugin } from '../plugins/body-json/plugin'
import { bodyRawPlugin } from '../plugins/body-raw/plugin'
import { bodyTextPlugin } from '../plugins/body-text/plugin'
import { bodyUrlencodedPlugin } from '../plugins/body-urlencoded/plugin'
import { queryPlugin } from '../plugins/query'
import { requestPlugin } from '../plugins/request'
import { responsePlugin } from '../plugins/response'
import { fileTransferPlugin } from '../plugins/file-transfer/plugin'
import { staticPlugin } from '../plugins/static/plugin'
import { viewsPlugin } from '../plugins/views'
import { removedMiddlewarePlugin } from '../plugins/removed-middleware'
import { fetchPlugin } from '../plugins/fetch'
import type * as kernel from '../kernel'
// Named below, so `ristretto/core` is part of every program that imports the framework, and
// `declare module 'ristretto/core' { … }` finds it.
import type * as core from './core'
import type * as response from '../plugins/response/types'
import type * as request from '../plugins/request/types'
import type * as fileTransfer from '../plugins/file-transfer'
import type * as staticFiles from '../plugins/static'
import type * as views from '../plugins/views'
import type * as bodyJson from '../plugins/body-json'
import type * as bodyRaw from '../plugins/body-raw'
import type * as bodyText from '../plugins/body-text'
import type * as bodyUrlencoded from '../plugins/body-urlencoded'
import type * as bodyReader from '../plugins/body-reader'
import type { CoreRequestAugmentation, CoreResponseAugmentation } from './interop/serve-static-core'

const framework: Framework = createFramework({
  plugins: [
    queryPlugin(),
    requestPlugin(),
    responsePlugin(),
    fileTransferPlugin(),
    staticPlugin(),
    viewsPlugin(),
    bodyJsonPlugin(),
    bodyRawPlugin(),
    bodyTextPlugin(),
    bodyUrlencodedPlugin(),
    removedMiddlewarePlugin(),
    fetchPlugin()
  ]
})

/**
 * The public types, as `framework.Request` and as named type imports under the names
 * `@types/express` uses: `import express, { Request, Response, NextFunction } from 'ristretto'`.
 */
declare namespace framework {
  /**
   * The application. The public names that are interfaces (`Application`, `Express`, `Request`,
   * `Response`, `Router`, `Locals`, …) take members by declaration merging,
   * `declare module 'ristretto' { interface Request { user?: User } }`, and those members reach
   * every handler's `req` and `res`. `ristretto/kernel`'s `Application<Locals>` and
   * `Response<ResBody, Locals, StatusCode>` take the further type parameters
   * `express-serve-static-core` has.
   */
  export interface Application extends kernel.Application {}
  /** What `framework()` returns. */
  export interface Express extends kernel.Express {}
  // `any` defaults: as the kernel's own (bodies and locals are the app's).
  export interface Request<
    P = kernel.ParamsDictionary,
    ResBody = any,
    ReqBody = any,
    ReqQuery = kernel.ParsedQs,
    Locals extends Record<string, any> = Record<string, any>
  > extends kernel.Request<P, ResBody, ReqBody, ReqQuery, Locals>, CoreRequestAugmentation<P, ResBody, ReqBody, ReqQuery, Locals> {}
  export interface Response<
    ResBody = any,
    Locals extends Record<string, any> = Record<string, any>
  > extends kernel.Response<ResBody, Locals>, CoreResponseAugmentation<ResBody, Locals> {}
  export interface NextFunction extends kernel.NextFunction {}
  export interface RequestHandler<P = kernel.ParamsDictionary, ResBody = any, ReqBody = any, ReqQuery = kernel.ParsedQs, Locals extends Record<string, any> = Record<string, any>>
    extends kernel.RequestHandler<P, ResBody, ReqBody, ReqQuery, Locals> {}
  /** Alias of {@link RequestHandler}. */
  export interface Handler<P = kernel.ParamsDictionary, ResBody = any, ReqBody = any, ReqQuery = kernel.ParsedQs, Locals extends Record<string, any> = Record<string, any>>
    extends kernel.RequestHandler<P, ResBody, ReqBody, ReqQuery, Locals> {}
  export interface ErrorRequestHandler<P = kernel.ParamsDictionary, ResBody = any, ReqBody = any, ReqQuery = kernel.ParsedQs, Locals extends Record<string, any> = Record<string, any>>
    extends kernel.ErrorRequestHandler<P, ResBody, ReqBody, ReqQuery, Locals> {}
  /** Request handlers, error handlers, and arrays of them: what route methods take. */
  export type RequestHandlerParams<P = kernel.ParamsDictionary, ResBody = any, ReqBody = any, ReqQuery = kernel.ParsedQs, Locals extends Record<string, any> = Record<string, any>> =
    kernel.RequestHandlerParams<P, ResBody, ReqBody, ReqQuery, Locals>
  export type ForeignHandler = kernel.ForeignHandler
  export type ParamHandler = kernel.ParamHandler
  /** Alias of {@link ParamHandler}. */
  export type RequestParamHandler = kernel.ParamHandler
  /** A router; `Inherited` types the parent's parameters a `mergeParams` router's handlers see. */
  export interface Router<Inherited = {}> extends kernel.Router<Inherited> {}
  /** Alias of {@link Router}. */
  export interface IRouter<Inherited = {}> extends kernel.Router<Inherited> {}
  /** A route method such as `app.get` (`T` is what it returns). */
  export type IRouterMatcher<T> = kernel.HandlerRegistrar<T>
  /** A route's method such as `route.get` (`T` is what it returns). */
  export type IRouterHandler<T, Route extends string = string> = kernel.RouteRegistrar<T, kernel.RouteParameters<Route>>
  export type RouterOptions = kernel.RouterOptions
  export type Route<P = kernel.ParamsDictionary> = kernel.Route<P>
  /** The route `app.route(path)` returns, by its path: `IRoute<'/users/:id'>`. */
  export interface IRoute<Route extends string = string> extends kernel.Route<kernel.RouteParameters<Route>> {}
  export type ParamsDictionary = kernel.ParamsDictionary
  /** An object of `T` by string key. */
  export type Dictionary<T> = core.Dictionary<T>
  /** qs's parsed query type: what `req.query` holds by default. */
  export type ParsedQs = kernel.ParsedQs
  /** Alias of {@link ParsedQs}. */
  export type ParsedQuery = kernel.ParsedQs
  /** Alias of {@link ParsedQs}. */
  export type Query = kernel.ParsedQs
  export type PathParams = kernel.PathParams
  export type RouteParameters<Path extends string> = kernel.RouteParameters<Path>
  export type Settings = kernel.Settings
  /**
   * What `res.locals` and `app.locals` hold besides their type parameter. Add app-wide members
   * with `declare global { namespace Express { interface Locals { … } } }`.
   */
  export interface Locals extends kernel.Locals {}
  /** `res.send` and its kin: take a body of type `ResBody`, return `T`. */
  export type Send<ResBody = any, T = Response<ResBody>> = (body?: ResBody) => T
  export type CookieOptions = response.CookieOptions
  /** One byte range of `req.range`. */
  export type ByteRange = request.ByteRange
  /** What `req.range` returns when the ranges are satisfiable. */
  export type RequestRanges = request.RequestRanges
  export type SendFileOptions = fileTransfer.SendFileOptions
  /** `res.download`'s options: `res.sendFile`'s, `headers` included. */
  export type DownloadOptions = fileTransfer.SendFileOptions
  /** A media type with its quality, as an `Accept` header lists them. */
  export interface MediaType {
    value: string
    quality: number
    type: string
    subtype: string
  }
  /** The callback of `res.sendFile` and `res.download`. */
  export type Errback = fileTransfer.TransferCallback
  export type StaticOptions = staticFiles.StaticOptions
  export type RenderCallback = views.RenderCallback
  export type EngineFunction = views.EngineFunction
  export type JsonOptions = bodyJson.JsonOptions
  export type RawOptions = bodyRaw.RawOptions
  export type TextOptions = bodyText.TextOptions
  export type UrlencodedOptions = bodyUrlencoded.UrlencodedOptions
  export type BodyParserHandler = bodyReader.BodyParserHandler
}

// Handlers receive the public `Request` and `Response` too, so members declared on them with
// `declare module 'ristretto' { interface Request { … } }` reach every handler.
declare module '../kernel/types' {
  namespace Handled {
    interface Request<P = kernel.ParamsDictionary, ResBody = any, ReqBody = any, ReqQuery = kernel.ParsedQs, LocalsObj extends Record<string, any> = Record<string, any>>
      extends framework.Request<P, ResBody, ReqBody, ReqQuery, LocalsObj> {
      // The public request's, restated: typings that declare them on `express`'s Request (cookie-parser's,
      // where `express` is ristretto) retype them there, and the kernel's base must not conflict with that.
      cookies: framework.Request<P, ResBody, ReqBody, ReqQuery, LocalsObj>['cookies']
      signedCookies: framework.Request<P, ResBody, ReqBody, ReqQuery, LocalsObj>['signedCookies']
      secret?: framework.Request<P, ResBody, ReqBody, ReqQuery, LocalsObj>['secret']
    }
    // eslint-disable-next-line @typescript-eslint/no-unused-vars
    interface Response<ResBody = any, LocalsObj extends Record<string, any> = Record<string, any>, StatusCode extends number = number>
      extends framework.Response<ResBody, LocalsObj> {}
  }
  namespace Named {
    interface Response<ResBody = any, LocalsObj extends Record<string, any> = Record<string, any>> extends framework.Response<ResBody, LocalsObj> {}
  }
}

export = framework
