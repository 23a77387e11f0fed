// The query middleware: `framework.query(options)` and the `query` layer every app router starts with.
import type * as qs from 'qs'
import parseUrl from 'parseurl'
import type { IncomingMessage, ServerResponse } from 'http'
import type { NodeMiddleware } from '../../kernel/types'
import { HELPERS } from '../../kernel'
import { BUILT_IN_PARSERS, type QueryParser } from './parsers'
import { deferQuery, isParsePending } from './lazy-query'
import { loadQs } from './load-qs'
import type { QueryPolicy } from './policy'

/** The query middleware: sets `req.query` unless something already did, then continues. */
export type QueryMiddleware = NodeMiddleware

interface QueryRequest extends IncomingMessage {
  query?: unknown
}

/** The raw query string of `req.url`: `null` when there is none (parseurl's answer), `undefined` without a URL. */
function rawQuery (req: IncomingMessage): string | null | undefined {
  const url = parseUrl(req)
  return url ? (url.query as string | null) : undefined
}

/**
 * Middleware that parses the query string into `req.query`, unless `req.query` is already
 * set (a parent app or earlier middleware did it). With a function, that function is the
 * parser, called as `parser(str, undefined)`; otherwise the options go to qs, with
 * `allowPrototypes` true unless given.
 *
 * @example
 * app.use(framework.query({ depth: 2 }))
 * app.use(framework.query((str) => new URLSearchParams(str ?? '')))
 */
export function query (options?: qs.IParseOptions | QueryParser): QueryMiddleware {
  // An app's own layer, asked for through a function that may wrap this one (see `AppQueryLayer`).
  const appLayer: unknown = arguments[1]
  if (appLayer instanceof AppQueryLayer) return queryLayer(appLayer.parser, appLayer.policy, appLayer.framework)
  let parse: QueryParser
  let opts: qs.IParseOptions | undefined
  if (typeof options === 'function') {
    parse = options
    opts = undefined
  } else {
    opts = {}
    // Own and inherited enumerable keys, as a for-in copy takes them.
    for (const key in options) (opts as Record<string, unknown>)[key] = (options as Record<string, unknown>)[key]
    if (opts.allowPrototypes === undefined) opts.allowPrototypes = true
    parse = function parseQs (str, parseOptions) { return loadQs().parse(str as string, parseOptions as qs.IParseOptions) }
  }
  return function query (req: QueryRequest, res: unknown, next: () => void) {
    if (!isParsePending(req) && !req.query) req.query = parse(rawQuery(req), opts)
    next()
  }
}

/**
 * What an app's `query` layer is made of, passed to {@link query} as its second argument by an
 * app that makes its layer through a function registered for its framework (an Express edition
 * registers what `express/lib/middleware/query` exports, as Express's apps call that export, so
 * that a tool wrapping the export wraps the apps' layers): `query` then makes that layer, the
 * one {@link queryLayer} makes. A wrapper that passes its arguments on reaches it.
 */
export class AppQueryLayer {
  constructor (readonly parser: unknown, readonly policy: Readonly<QueryPolicy> | undefined, readonly framework: object) {}
}

/** `parse`, its result passed through `filter` when the policy has one (read on each call). */
function filtered (parse: QueryParser, policy: Readonly<QueryPolicy> | undefined): QueryParser {
  if (policy === undefined) return parse
  return function filteredQuery (str, options) {
    const value = parse(str, options)
    return policy.filter ? policy.filter(value) : value
  }
}

/**
 * Whether `req.query` holds what an earlier layer gave it. A value read from the request helpers
 * of another framework (an Express 5 app's `req.query` getter, above a mounted app of
 * `framework`) does not count: the app's own prototypes, switched to after this layer, lack it.
 * Such a value is shadowed by an own `req.query` left undefined, for this layer to set.
 */
function querySet (req: QueryRequest, framework: object | undefined): boolean {
  if (!req.query) return false
  if (framework === undefined || Object.prototype.hasOwnProperty.call(req, 'query') || (req as { [HELPERS]?: object })[HELPERS] === framework) return true
  Object.defineProperty(req, 'query', { configurable: true, enumerable: true, writable: true, value: undefined })
  return false
}

/**
 * The first layer of an app router, from the app's `query parser fn`. The built-in parsers
 * run on first read of `req.query` (parsing costs more than a request that never looks at
 * its query); a user's parser runs here, as in Express, so its errors and side effects keep
 * their timing. Anything else (a missing setting, a qs options object) behaves as `query(value)`.
 * The framework's `policy` filters what any of them parse.
 */
export function queryLayer (parserSetting: unknown, policy?: Readonly<QueryPolicy>, framework?: object): QueryMiddleware {
  if (!BUILT_IN_PARSERS.has(parserSetting)) {
    const layer = userQueryLayer(parserSetting, policy)
    return function query (req: QueryRequest, res: ServerResponse, next: () => void) {
      if (!isParsePending(req)) querySet(req, framework)
      layer(req, res, next)
    }
  }
  const parse = filtered(parserSetting as QueryParser, policy)
  return function query (req: QueryRequest, res: unknown, next: () => void) {
    if (!isParsePending(req) && !querySet(req, framework)) {
      const str = rawQuery(req)
      if (str) deferQuery(req, parse, str)
      else req.query = parse(str)
    }
    next()
  }
}

/** The query layer for a user's parser or qs options: Express 4's query middleware, filtered by the policy. */
function userQueryLayer (parserSetting: unknown, policy: Readonly<QueryPolicy> | undefined): QueryMiddleware {
  if (typeof parserSetting === 'function') return query(filtered(parserSetting as QueryParser, policy))
  const parseQs = query(parserSetting as qs.IParseOptions | undefined)
  if (policy === undefined) return parseQs
  return function query (req: QueryRequest, res: ServerResponse, next: () => void) {
    const parses = !isParsePending(req) && !req.query
    parseQs(req, res, function parsed () {
      if (parses && policy.filter) req.query = policy.filter(req.query)
      next()
    })
  }
}
