// Public types of the query plugin: the `query parser` setting, by declaration merging.
import type { QueryParser } from './parsers'

/**
 * A custom `query parser`: given the raw query string (`null` when the URL has none), returns
 * `req.query`. Declared as a method so a parser declared for `string` only still fits, as
 * Express apps write them.
 */
export type QueryParserFunction = { parse (str: string | null | undefined, options?: unknown): unknown }['parse']

/** A `query parser` value: `'extended'` (qs, default), `'simple'` or `true` (node's querystring), `false` (off), or a parser. */
export type QueryParserSetting = boolean | 'extended' | 'simple' | QueryParserFunction

declare module '../../kernel/types' {
  interface Settings {
    /**
     * How `req.query` is parsed: `'extended'` (qs: nested objects and arrays, the default),
     * `'simple'` or `true` (node's querystring), `false` (off: `{}`), or a function given the
     * query string. Type `req.query` to match a custom parser (`Request<P, Body, Query>`).
     */
    'query parser': QueryParserSetting
    /** The compiled `query parser` (set by the framework). */
    'query parser fn': QueryParser
  }
}
