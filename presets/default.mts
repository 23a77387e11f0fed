// ESM entry of the default preset: the same framework object, with named exports.
import framework from './default.js'

export default framework
export const Router = framework.Router
/** A router (the value `Router` makes one). */
export type Router<Inherited = {}> = framework.Router<Inherited>
export const Route = framework.Route
/** A route (instances of the class `Route`). */
export type Route<P = framework.ParamsDictionary> = framework.Route<P>
export const application = framework.application
export const request = framework.request
export const response = framework.response
export const json = framework.json
export const raw = framework.raw
export const text = framework.text
export const urlencoded = framework.urlencoded
export const query = framework.query
// `static` is a reserved word as a binding name, so it is exported under its name by alias.
const serveStatic = framework.static
export { serveStatic as static }

// The public types under the names `@types/express` uses, as named type imports:
// `import express, { Request, Response, NextFunction } from 'ristretto'`.
export import Application = framework.Application
export import Express = framework.Express
export import Request = framework.Request
export import Response = framework.Response
export import NextFunction = framework.NextFunction
export import RequestHandler = framework.RequestHandler
export import Handler = framework.Handler
export import ErrorRequestHandler = framework.ErrorRequestHandler
export import ForeignHandler = framework.ForeignHandler
export import ParamHandler = framework.ParamHandler
export import RequestParamHandler = framework.RequestParamHandler
export import IRouter = framework.IRouter
export import RouterOptions = framework.RouterOptions
export import IRoute = framework.IRoute
export import ParamsDictionary = framework.ParamsDictionary
export import ParsedQuery = framework.ParsedQuery
export import Query = framework.Query
export import PathParams = framework.PathParams
export import RouteParameters = framework.RouteParameters
export import Settings = framework.Settings
export import Locals = framework.Locals
export import CookieOptions = framework.CookieOptions
export import SendFileOptions = framework.SendFileOptions
export import Errback = framework.Errback
export import StaticOptions = framework.StaticOptions
export import RenderCallback = framework.RenderCallback
export import EngineFunction = framework.EngineFunction
export import JsonOptions = framework.JsonOptions
export import RawOptions = framework.RawOptions
export import TextOptions = framework.TextOptions
export import UrlencodedOptions = framework.UrlencodedOptions
export import BodyParserHandler = framework.BodyParserHandler
