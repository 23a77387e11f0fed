// ESM entry of the default preset: the same framework object, with named exports.
import framework from './default.js'

export default framework
export const { Router, Route, application, request, response, json, raw, text, urlencoded, query } = framework
/** A router (the value `Router` makes one). */
export type Router<Inherited = {}> = framework.Router<Inherited>
/** A route (instances of the class `Route`). */
export type Route<P = framework.ParamsDictionary> = framework.Route<P>
// `static` is a reserved word as a binding name, so it is exported under its name by alias.
const serveStatic = framework.static
export { serveStatic as static }

// The public types under the names `@types/express` uses, as named type imports:
// `import express, { Request, Response, NextFunction } from 'ristretto'`.
export type {
  Application, Express, Request, Response, NextFunction, Settings, Locals,
  RequestHandler, Handler, ErrorRequestHandler, ForeignHandler, ParamHandler, RequestParamHandler,
  IRouter, RouterOptions, IRoute, ParamsDictionary, ParsedQuery, Query, PathParams, RouteParameters,
  CookieOptions, SendFileOptions, Errback, StaticOptions, RenderCallback, EngineFunction,
  JsonOptions, RawOptions, TextOptions, UrlencodedOptions, BodyParserHandler
} from './default.js'
