// ESM entry of the express5 preset: the same framework object, with named exports.
import framework from './express5.js'

export default framework
export const { Router, Route, application, request, response, json, raw, text, urlencoded } = framework
/** A router (the value `Router` makes one). */
export type Router = framework.Router
// `static` is a reserved word as a binding name, so it is exported under its name by alias.
const serveStatic = framework.static
export { serveStatic as static }

// The public types under the names `@types/express` 5 uses, as named type imports:
// `import express, { Request, Response, NextFunction } from 'ristretto/presets/express5'`.
export type {
  Application, Express, Request, Response, NextFunction, Locals, MediaType, Send,
  RequestHandler, Handler, ErrorRequestHandler, RequestParamHandler,
  IRouter, IRoute, IRouterMatcher, IRouterHandler, RouterOptions,
  CookieOptions, Errback, ParamsDictionary, RouteParameters, PathParams, Query, StaticOptions
} from './express5.js'
