// ESM entry of the express5 preset: the same framework object, with named exports.
import framework from './express5.js'

export default framework
export const Router = framework.Router
/** A router (the value `Router` makes one). */
export type Router = framework.Router
export const Route = framework.Route
export const application = framework.application
export const request = framework.request
export const response = framework.response
export const json = framework.json
export const raw = framework.raw
export const text = framework.text
export const urlencoded = framework.urlencoded
// `static` is a reserved word as a binding name, so it is exported under its name by alias.
const serveStatic = framework.static
export { serveStatic as static }

// The public types under the names `@types/express` 5 uses, as named type imports:
// `import express, { Request, Response, NextFunction } from 'ristretto/presets/express5'`.
export import Application = framework.Application
export import Express = framework.Express
export import Request = framework.Request
export import Response = framework.Response
export import NextFunction = framework.NextFunction
export import RequestHandler = framework.RequestHandler
export import Handler = framework.Handler
export import ErrorRequestHandler = framework.ErrorRequestHandler
export import RequestParamHandler = framework.RequestParamHandler
export import IRouter = framework.IRouter
export import IRoute = framework.IRoute
export import IRouterMatcher = framework.IRouterMatcher
export import IRouterHandler = framework.IRouterHandler
export import RouterOptions = framework.RouterOptions
export import Locals = framework.Locals
export import MediaType = framework.MediaType
export import CookieOptions = framework.CookieOptions
export import Errback = framework.Errback
export import Send = framework.Send
export import ParamsDictionary = framework.ParamsDictionary
export import RouteParameters = framework.RouteParameters
export import PathParams = framework.PathParams
export import Query = framework.Query
export import StaticOptions = framework.StaticOptions
