// Compiles a format string (`:method :url :res[content-length]`) into one format function.
import { escapeLogValue } from './escape'
import type { CompiledFormatFn, LoggerRequest, LoggerResponse, TokenIndexer } from './types'

/** A token in a format string: `:name` (two or more of `-`, letters, digits, `_`), with an optional `[arg]`. */
const TOKEN_PATTERN = /:([-\w]{2,})(?:\[([^\]]+)\])?/g

/** Token names that every object or function inherits: looked up as own properties only. */
function isInheritedName (name: string): boolean {
  return name in Function.prototype
}

/** The text a token contributes: `-` for a falsy value, the escaped string otherwise. */
function tokenText (value: unknown): string {
  if (!value) return '-'
  return escapeLogValue(typeof value === 'string' ? value : String(value))
}

const hasOwn = Object.prototype.hasOwnProperty

/** A string as a JavaScript literal (JSON's string syntax is a subset of JavaScript's). */
const literal = (text: string): string => JSON.stringify(text)

/**
 * Compiles a format string into a function `(tokens, req, res)` returning the line.
 * Tokens are looked up in `tokens` by name on every call, so tokens defined after
 * compiling are used. A token that is not defined is kept as written. Each token's
 * output is escaped ({@link escapeLogValue}); the literal text of the format is not.
 *
 * The function is generated from the format, as morgan does: each token becomes a lookup by a
 * constant name, which V8 caches per call site, where a loop over the names would look each up
 * by a varying key. Only the format's own pieces, as JSON string literals, enter the code.
 *
 * @example
 * const fn = compile(':method :url :status')
 * fn(logger, req, res) // 'GET /users 200'
 */
export function compile (format: string): CompiledFormatFn {
  if (typeof format !== 'string') {
    throw new TypeError('argument format must be a string')
  }

  const parts: string[] = []
  let last = 0
  for (const match of format.matchAll(TOKEN_PATTERN)) {
    const index = match.index ?? 0
    const [source, name, arg] = match
    if (index > last) parts.push(literal(format.slice(last, index)))
    const lookup = isInheritedName(name)
      ? `(hasOwn.call(tokens, ${literal(name)}) ? tokens[${literal(name)}] : undefined)`
      : `tokens[${literal(name)}]`
    const call = arg === undefined ? 'fn.call(tokens, req, res)' : `fn.call(tokens, req, res, ${literal(arg)})`
    parts.push(`(typeof (fn = ${lookup}) === 'function' ? tokenText(${call}) : ${literal(source)})`)
    last = index + source.length
  }
  if (last < format.length || parts.length === 0) parts.push(literal(format.slice(last)))

  // eslint-disable-next-line no-new-func -- the code is built from the format's pieces as string literals only
  const make = new Function('tokenText', 'hasOwn',
    `return function compiledFormat (tokens, req, res) {\n  var fn\n  return ${parts.join(' +\n    ')}\n}`)
  return make(tokenText, hasOwn) as (tokens: TokenIndexer, req: LoggerRequest, res: LoggerResponse) => string
}
