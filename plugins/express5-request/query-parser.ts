// Express 5's `query parser` setting (default 'simple'), compiled into the `query parser fn` req.query calls.
import querystring from 'querystring'
import type * as Qs from 'qs'
import { compileChoice } from '../shared/settings'

/** A query-string parser: receives the raw query string (`null` when the URL has none). */
export type QueryParser = (str: string | null | undefined) => unknown

/** Express 5's default: node's flat `querystring.parse`. */
export const QUERY_PARSER_DEFAULT = 'simple'

let qs: typeof Qs | undefined

/** `'extended'`: qs, nested objects and arrays, keys such as `hasOwnProperty` kept (qs still drops `__proto__`). */
function parseExtended (str: string | null | undefined): unknown {
  if (str === null || str === undefined || str === '') return {}
  // qs pulls in some thirty modules: required when a query string is first parsed with it.
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  qs ??= require('qs') as typeof Qs
  return qs.parse(str, { allowPrototypes: true })
}

/** `'simple'` or `true`: node's flat parser, repeated keys as arrays. */
function parseSimple (str: string | null | undefined): unknown {
  return querystring.parse(str ?? '')
}

const CHOICES: ReadonlyMap<unknown, QueryParser | undefined> = new Map<unknown, QueryParser | undefined>([
  [true, parseSimple],
  ['simple', parseSimple],
  [false, undefined],
  ['extended', parseExtended]
])

/**
 * A `query parser` value as a parser: a function as is, `'simple'` or `true` node's
 * querystring, `'extended'` qs, `false` none (`req.query` is then an empty object).
 *
 * @throws TypeError for any other value: `unknown value for query parser function: <value>`.
 */
export function compileQueryParser (value: unknown): QueryParser | undefined {
  return compileChoice('query parser', value, CHOICES)
}
