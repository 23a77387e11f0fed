// req.query as Express 5 defines it: a getter that parses the URL's query string on each read.
import parseUrl from 'parseurl'
import type { QueryParser } from './query-parser'
import type { AppRequest } from '../request/trusted'

/**
 * The query string parsed with the app's `query parser fn`; an empty object (without a
 * prototype) when query parsing is off. Each read parses anew: assign a parsed copy to a
 * variable rather than changing what `req.query` returns.
 */
export function query (this: AppRequest): unknown {
  const parse = this.app.get('query parser fn') as QueryParser | undefined
  if (typeof parse !== 'function') return Object.create(null)
  const url = parseUrl(this)
  return parse(url ? url.query as string | null : null)
}
