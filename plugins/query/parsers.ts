// The built-in query-string parsers behind the `query parser` setting: extended, simple and none.
import type * as qs from 'qs'
import querystring from 'querystring'
import { loadQs } from './load-qs'

/** A query-string parser: receives the raw query string (`null` when the URL has none) and returns an object. */
export type QueryParser = (str: string | null | undefined, options?: unknown) => unknown

/**
 * Options of the `extended` parser. `allowPrototypes` keeps keys such as `hasOwnProperty`
 * (qs still drops `__proto__`, so nothing can reach `Object.prototype`); `arrayLimit`
 * lets a key repeated up to 1000 times, or an index below 1000, build an array, while
 * `parameterLimit` (1000) and `depth` (5) keep qs's bounds on hostile input.
 */
export const EXTENDED_OPTIONS: Readonly<qs.IParseOptions> = Object.freeze({
  allowPrototypes: true,
  arrayLimit: 1000
})

/** `query parser` = `'extended'`: nested objects and arrays with qs. */
export function parseExtendedQueryString (str: string | null | undefined): qs.ParsedQs {
  // No query string: qs answers a new empty object; skip its option handling (most requests have none).
  if (str === null || str === undefined || str === '') return {}
  return loadQs().parse(str, EXTENDED_OPTIONS) as qs.ParsedQs
}

/** `query parser` = `'simple'` or `true`: node's flat `querystring.parse`. */
export const parseSimpleQueryString = querystring.parse as QueryParser

/** `query parser` = `false`: query parsing off, always an empty object. */
export function newObject (): Record<string, never> {
  return {}
}

/** The parsers the framework owns: they never throw and always return an object, so they may run lazily. */
export const BUILT_IN_PARSERS: ReadonlySet<unknown> = new Set<unknown>([parseExtendedQueryString, parseSimpleQueryString, newObject])
