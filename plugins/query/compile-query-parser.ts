// Compiles the `query parser` setting into the `query parser fn` the query layer calls.
import { newObject, parseExtendedQueryString, parseSimpleQueryString, type QueryParser } from './parsers'
import { compileChoice } from '../shared/settings'

const CHOICES: ReadonlyMap<unknown, QueryParser> = new Map<unknown, QueryParser>([
  [true, parseSimpleQueryString],
  ['simple', parseSimpleQueryString],
  [false, newObject],
  ['extended', parseExtendedQueryString]
])

/**
 * Turns a `query parser` value into a parser function: a function is used as is,
 * `'extended'` is qs, `'simple'` or `true` is node's querystring, `false` disables parsing.
 *
 * @throws TypeError for any other value: `unknown value for query parser function: <value>`.
 */
export function compileQueryParser (value: unknown): QueryParser {
  return compileChoice('query parser', value, CHOICES)
}
