// Route methods (`app.get(path, ...handlers)` and their kin), typed by the path syntax of the routers behind them.
import type { ParsedQs } from 'qs'
import type { RouteParameters } from './router/route-parameters'
import type { HandlerArgument, ParamsDictionary, RequestHandlerParams, RequestHandlers } from './types'

/**
 * The `req.params` type of a literal path `Route`, by path syntax: the kernel's routers read
 * Express 4's (path-to-regexp 0.1); a plugin that gives routers another syntax adds its entry
 * by declaration merging.
 */
export interface PathSyntaxes<Route extends string> {
  express4: RouteParameters<Route>
}

/** The name of a path syntax of {@link PathSyntaxes}. */
export type PathSyntax = keyof PathSyntaxes<string>

/**
 * A method that registers handlers under a path (`app.get`, `router.post`, …), with
 * `@types/express`'s type parameters in its order: `<Route, P, ResBody, ReqBody, ReqQuery,
 * LocalsObj>` for a string path, `<P, ResBody, ReqBody, ReqQuery, LocalsObj>` otherwise, so
 * `app.get<{ id: string }>(…)` types `req.params` as given. Without type arguments, `P` comes
 * from typed handlers or else from the path, read in the path syntax `Syntax`: `'/users/:id'`
 * gives `{ id: string }`. An inline `(req, res, next) =>` is typed, also next to foreign
 * middleware. `Paths` is what a path argument may be.
 */
export interface HandlerRegistrarOf<T, Inherited, Syntax extends PathSyntax, Paths> {
  <Route extends string, P = PathSyntaxes<Route>[Syntax] & Inherited, ResBody = any, ReqBody = any, ReqQuery = ParsedQs, LocalsObj extends Record<string, any> = Record<string, any>>(path: Route, ...handlers: Array<RequestHandlers<P, ResBody, ReqBody, ReqQuery, LocalsObj>>): T
  <Route extends string, P = PathSyntaxes<Route>[Syntax] & Inherited, ResBody = any, ReqBody = any, ReqQuery = ParsedQs, LocalsObj extends Record<string, any> = Record<string, any>>(path: Route, ...handlers: Array<RequestHandlerParams<P, ResBody, ReqBody, ReqQuery, LocalsObj>>): T
  <P = ParamsDictionary, ResBody = any, ReqBody = any, ReqQuery = ParsedQs, LocalsObj extends Record<string, any> = Record<string, any>>(path: Paths, ...handlers: Array<RequestHandlers<P, ResBody, ReqBody, ReqQuery, LocalsObj>>): T
  <P = ParamsDictionary, ResBody = any, ReqBody = any, ReqQuery = ParsedQs, LocalsObj extends Record<string, any> = Record<string, any>>(path: Paths, ...handlers: Array<RequestHandlerParams<P, ResBody, ReqBody, ReqQuery, LocalsObj>>): T
  (path: Paths, ...handlers: HandlerArgument[]): T
}
