// `req.query` parsed on first read: an own accessor that parses once, then reads and writes like a plain property.
import type { QueryParser } from './parsers'

/** The parser still to run for this request; `undefined` once `req.query` has its value. */
const PENDING_PARSER = Symbol('ristretto.query.parser')
/** The raw query string while the parse is pending, then the value of `req.query`. */
const QUERY_SLOT = Symbol('ristretto.query.value')

const hasOwn = Object.prototype.hasOwnProperty

interface LazyQueryRequest {
  query?: unknown
  [PENDING_PARSER]?: QueryParser
  [QUERY_SLOT]?: unknown
}

/** `req.query`: parses the captured query string on first read, then returns the stored value. */
function query (this: LazyQueryRequest): unknown {
  const parse = this[PENDING_PARSER]
  if (parse === undefined) return this[QUERY_SLOT]
  const value = parse(this[QUERY_SLOT] as string)
  this[PENDING_PARSER] = undefined
  this[QUERY_SLOT] = value
  return value
}

/** `req.query = value`: an assignment before the first read wins, and the string is never parsed. */
function setQuery (this: LazyQueryRequest, value: unknown): void {
  this[PENDING_PARSER] = undefined
  this[QUERY_SLOT] = value
}

/**
 * One descriptor for every request: own, enumerable and configurable like an assigned property.
 * The accessor stays after the first read (turning it into a data property would cost more
 * than the parse it saves).
 */
const LAZY_QUERY: PropertyDescriptor = Object.freeze({ configurable: true, enumerable: true, get: query, set: setQuery })

/**
 * Gives `req` an own `query` that runs `parse(str)` on first read. Only for the built-in
 * parsers, which cannot throw, have no side effects and always return an object, so when
 * they run is not observable.
 */
export function deferQuery (req: object, parse: QueryParser, str: string): void {
  const lazy = req as LazyQueryRequest
  lazy[PENDING_PARSER] = parse
  lazy[QUERY_SLOT] = str
  Object.defineProperty(req, 'query', LAZY_QUERY)
}

/**
 * Whether an earlier query layer left a parse pending on `req` (asked without running it):
 * a built-in parse always yields an object, so later layers leave `req.query` be. After
 * `delete req.query` nothing is pending any more, and the next layer parses afresh.
 */
export function isParsePending (req: object): boolean {
  return (req as LazyQueryRequest)[PENDING_PARSER] !== undefined && hasOwn.call(req, 'query')
}
