// The express5 preset: Express 5's behaviour from the same kernel and plugins.
import { createFramework, type Framework } from '../kernel'
import '../plugins/file-transfer/types'
import '../plugins/views/types'
import '../plugins/static/types'
import { express5RoutingPlugin } from '../plugins/express5-routing'
import { fetchPlugin } from '../plugins/fetch'
import { express5ApplicationPlugin } from '../plugins/express5-application'
import { express5RequestPlugin } from '../plugins/express5-request'
import { express5ResponsePlugin } from '../plugins/express5-response'
import { express5BodyPlugin } from '../plugins/express5-body'
import { requestPlugin } from '../plugins/request'
import { responsePlugin } from '../plugins/response'
import { fileTransferPlugin } from '../plugins/file-transfer/plugin'
import { express5FilesPlugin } from '../plugins/express5-files'
import { staticPlugin } from '../plugins/static/plugin'
import { viewsPlugin } from '../plugins/views'
import type * as kernel from '../kernel'
import type * as e5 from './express5-types'

/**
 * Express 5.3: router 2.3 routing (path-to-regexp 8 paths, rejected promises passed to error
 * handlers), Express 5's application (no `expressInit` layer), request and response,
 * body-parser 2's parsers, and the file, static and view plugins the default preset has.
 */
const created: Framework = createFramework({
  // Express 5's app.handle: requests initialised before routing (no `expressInit` layer), an
  // escaped error logged whole, as Express 5.3 does, and routes added through `app.route`.
  app: {
    init: 'handle',
    routes: 'app',
    logError (err: unknown) { console.error(err) }
  },
  plugins: [
    express5RoutingPlugin(),
    express5ApplicationPlugin(),
    requestPlugin(),
    responsePlugin(),
    express5RequestPlugin(),
    express5ResponsePlugin(),
    fileTransferPlugin(),
    express5FilesPlugin(),
    staticPlugin(),
    viewsPlugin(),
    express5BodyPlugin(),
    fetchPlugin()
  ]
})

/**
 * The same object, typed as Express 5's (`@types/express` 5): the kernel's `Framework` type
 * carries the Express 4 helpers the plugins above replace or remove at run time.
 */
const framework = created as unknown as e5.Framework

/**
 * The public types under the names `@types/express` 5 gives them:
 * `import express, { Request, Response, NextFunction } from 'ristretto/presets/express5'`.
 * The interfaces take members by declaration merging.
 */
declare namespace framework {
  export interface Application extends e5.Application {}
  export interface Express extends e5.Express {}
  // `any` defaults, as `@types/express`'s: bodies and locals are the app's.
  export interface Request<
    P = e5.ParamsDictionary,
    ResBody = any,
    ReqBody = any,
    ReqQuery = kernel.ParsedQs,
    Locals extends Record<string, any> = Record<string, any>
  > extends e5.Request<P, ResBody, ReqBody, ReqQuery, Locals> {}
  export interface Response<
    ResBody = any,
    Locals extends Record<string, any> = Record<string, any>
  > extends e5.Response<ResBody, Locals> {}
  export interface NextFunction extends kernel.NextFunction {}
  export interface RequestHandler<P = e5.ParamsDictionary, ResBody = any, ReqBody = any, ReqQuery = kernel.ParsedQs, Locals extends Record<string, any> = Record<string, any>>
    extends e5.RequestHandler<P, ResBody, ReqBody, ReqQuery, Locals> {}
  export interface ErrorRequestHandler<P = e5.ParamsDictionary, ResBody = any, ReqBody = any, ReqQuery = kernel.ParsedQs, Locals extends Record<string, any> = Record<string, any>>
    extends e5.ErrorRequestHandler<P, ResBody, ReqBody, ReqQuery, Locals> {}
  /** A request handler with the default type parameters. */
  export interface Handler extends e5.RequestHandler {}
  export type RequestHandlerParams<P = e5.ParamsDictionary, ResBody = any, ReqBody = any, ReqQuery = kernel.ParsedQs, Locals extends Record<string, any> = Record<string, any>> =
    e5.RequestHandlerParams<P, ResBody, ReqBody, ReqQuery, Locals>
  export type RequestParamHandler = e5.RequestParamHandler
  export interface Router extends e5.Router {}
  export interface IRouter extends e5.IRouter {}
  export interface IRoute extends e5.IRoute {}
  export interface IRouterMatcher<T> extends e5.IRouterMatcher<T> {}
  export interface IRouterHandler<T> extends e5.IRouterHandler<T> {}
  export type RouterOptions = e5.RouterOptions
  export interface Locals extends kernel.Locals {}
  export interface MediaType {
    value: string
    quality: number
    type: string
    subtype: string
  }
  export interface CookieOptions extends e5.CookieOptions {}
  export type Errback = e5.Errback
  export type Send<ResBody = any, T = Response<ResBody>> = e5.Send<ResBody, T>
  // Beyond `@types/express`'s names: its core's, and the options of the statics.
  export type ParamsDictionary = e5.ParamsDictionary
  export type ParamsFlatDictionary = e5.ParamsFlatDictionary
  export type Params = e5.Params
  export type RouteParameters<Route extends string | RegExp> = e5.RouteParameters<Route>
  export type PathParams = e5.PathParams
  export type ParsedQs = kernel.ParsedQs
  export type Query = kernel.ParsedQs
  export type SendFileOptions = e5.SendFileOptions
  export type DownloadOptions = e5.SendFileOptions
  export type StaticOptions = e5.StaticOptions
}

export = framework
