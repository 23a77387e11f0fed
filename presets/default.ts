// The default preset: the whole framework, Express 4 compatible. The package's main export.
import { createFramework, type Framework } from '../kernel'
// The plugins' type augmentations (req/res helpers) must reach users of the built .d.ts too.
import '../plugins/request/types'
import '../plugins/response/types'
import '../plugins/file-transfer/types'
import '../plugins/views/types'
import '../plugins/static/types'
import '../plugins/query/types'
import '../plugins/query'
import '../plugins/body-json'
import '../plugins/body-raw'
import '../plugins/body-text'
import '../plugins/body-urlencoded'
import { bodyJsonPlugin } from '../plugins/body-json'
import { bodyRawPlugin } from '../plugins/body-raw'
import { bodyTextPlugin } from '../plugins/body-text'
import { bodyUrlencodedPlugin } from '../plugins/body-urlencoded'
import { queryPlugin } from '../plugins/query'
import { requestPlugin } from '../plugins/request'
import { responsePlugin } from '../plugins/response'
import { fileTransferPlugin } from '../plugins/file-transfer'
import { staticPlugin } from '../plugins/static'
import { viewsPlugin } from '../plugins/views'
import { removedMiddlewarePlugin } from '../plugins/removed-middleware'
import type * as kernel from '../kernel'
import type * as response from '../plugins/response/types'
import type * as fileTransfer from '../plugins/file-transfer'
import type * as staticFiles from '../plugins/static'
import type * as views from '../plugins/views'
import type * as bodyJson from '../plugins/body-json'
import type * as bodyRaw from '../plugins/body-raw'
import type * as bodyText from '../plugins/body-text'
import type * as bodyUrlencoded from '../plugins/body-urlencoded'
import type * as bodyReader from '../plugins/body-reader'

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
    removedMiddlewarePlugin()
  ]
})

/**
 * The public types, as `framework.Request` and as named type imports under the names
 * `@types/express` uses: `import express, { Request, Response, NextFunction } from 'ristretto'`.
 */
declare namespace framework {
  export type Application = kernel.Application
  /** The application (`@types/express`'s name for what `express()` returns). */
  export type Express = kernel.Application
  // `any` defaults: as the kernel's own (a body's shape is the user's).
  export type Request<P = kernel.ParamsDictionary, ReqBody = any, ReqQuery = kernel.ParsedQuery> = kernel.Request<P, ReqBody, ReqQuery>
  export type Response<ResBody = any, Locals extends Record<string, any> = Record<string, any>> = kernel.Response<ResBody, Locals>
  export type NextFunction = kernel.NextFunction
  export type RequestHandler<P = kernel.ParamsDictionary, ReqBody = any, ReqQuery = kernel.ParsedQuery> = kernel.RequestHandler<P, ReqBody, ReqQuery>
  /** Alias of {@link RequestHandler}. */
  export type Handler<P = kernel.ParamsDictionary, ReqBody = any, ReqQuery = kernel.ParsedQuery> = kernel.RequestHandler<P, ReqBody, ReqQuery>
  export type ErrorRequestHandler<P = kernel.ParamsDictionary, ReqBody = any, ReqQuery = kernel.ParsedQuery> = kernel.ErrorRequestHandler<P, ReqBody, ReqQuery>
  export type ForeignHandler = kernel.ForeignHandler
  export type ParamHandler = kernel.ParamHandler
  /** Alias of {@link ParamHandler}. */
  export type RequestParamHandler = kernel.ParamHandler
  export type Router<Inherited = {}> = kernel.RouterInstance<Inherited>
  /** Alias of {@link Router}. */
  export type IRouter<Inherited = {}> = kernel.RouterInstance<Inherited>
  export type RouterOptions = kernel.RouterOptions
  export type Route<P = kernel.ParamsDictionary> = kernel.Route<P>
  /** Alias of {@link Route}. */
  export type IRoute<P = kernel.ParamsDictionary> = kernel.Route<P>
  export type ParamsDictionary = kernel.ParamsDictionary
  export type ParsedQuery = kernel.ParsedQuery
  /** Alias of {@link ParsedQuery}. */
  export type Query = kernel.ParsedQuery
  export type PathParams = kernel.PathParams
  export type RouteParameters<Path extends string> = kernel.RouteParameters<Path>
  export type Settings = kernel.Settings
  /** What `res.locals` extends: add app-wide members with `declare global { namespace Express { interface Locals { … } } }`. */
  export type Locals = Express.Locals
  export type CookieOptions = response.CookieOptions
  export type SendFileOptions = fileTransfer.SendFileOptions
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

export = framework
