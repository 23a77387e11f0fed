// Compiles the `query parser` setting into the `query parser fn` the query layer calls.
import { newObject, parseExtendedQueryString, parseSimpleQueryString, type QueryParser } from './parsers'

/**
 * Turns a `query parser` value into a parser function: a function is used as is,
 * `'extended'` is qs, `'simple'` or `true` is node's querystring, `false` disables parsing.
 *
 * @throws TypeError for any other value: `unknown value for query parser function: <value>`.
 */
export function compileQueryParser (value: unknown): QueryParser {
  if (typeof value === 'function') return value as QueryParser
  switch (value) {
    case true:
    case 'simple':
      return parseSimpleQueryString
    case false:
      return newObject
    case 'extended':
      return parseExtendedQueryString
    default:
      throw new TypeError('unknown value for query parser function: ' + String(value))
  }
}
