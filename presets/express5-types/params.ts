// Route parameters as Express 5 types them: path-to-regexp 8 paths, and flat ones for RegExp paths.
import type { RouteParameters as PathParameters } from '../../plugins/express5-routing/route-parameters'

/** `req.params` of a string path: names give strings, wildcards (`*name`) arrays of segments. */
export interface ParamsDictionary {
  [key: string]: string | string[]
  [key: number]: string
}

/** `req.params` of a RegExp path: named groups and capture indexes, each a string. */
export interface ParamsFlatDictionary {
  [key: string | number]: string
}

/** Either kind of `req.params`. */
export type Params = ParamsDictionary | ParamsFlatDictionary

/**
 * The `req.params` type of a path: for a literal path-to-regexp 8 string, `:name` gives
 * `name: string`, `*name` gives `name: string[]`, and parameters inside `{…}` are optional
 * (`'/:id{/:page}'` gives `{ id: string; page?: string }`); a non-literal string gives
 * {@link ParamsDictionary}, a RegExp {@link ParamsFlatDictionary}.
 */
export type RouteParameters<Route extends string | RegExp> =
  Route extends string
    ? string extends Route ? ParamsDictionary : PathParameters<Route>
    : ParamsFlatDictionary
