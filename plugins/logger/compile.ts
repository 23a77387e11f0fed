// Compiles a format string (`:method :url :res[content-length]`) into one format function.
import { escapeLogValue } from './escape'
import type { CompiledFormatFn, LoggerRequest, LoggerResponse, TokenCallbackFn, TokenIndexer } from './types'

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

/**
 * Compiles a format string into a function `(tokens, req, res)` returning the line.
 * Tokens are looked up in `tokens` by name on every call, so tokens defined after
 * compiling are used. A token that is not defined is kept as written. Each token's
 * output is escaped ({@link escapeLogValue}); the literal text of the format is not.
 *
 * @example
 * const fn = compile(':method :url :status')
 * fn(logger, req, res) // 'GET /users 200'
 */
export function compile (format: string): CompiledFormatFn {
  if (typeof format !== 'string') {
    throw new TypeError('argument format must be a string')
  }

  // Split once: literals[i] precedes token i; literals[n] follows the last token.
  const literals: string[] = []
  const names: string[] = []
  const args: Array<string | undefined> = []
  const sources: string[] = []
  const ownOnly: boolean[] = []
  let last = 0
  for (const match of format.matchAll(TOKEN_PATTERN)) {
    const index = match.index ?? 0
    literals.push(format.slice(last, index))
    names.push(match[1])
    args.push(match[2])
    sources.push(match[0])
    ownOnly.push(isInheritedName(match[1]))
    last = index + match[0].length
  }
  literals.push(format.slice(last))

  const count = names.length
  if (count === 0) {
    const text = literals[0]
    return function compiledFormat (_tokens: TokenIndexer, _req: LoggerRequest, _res: LoggerResponse): string {
      return text
    }
  }

  return straightLine(literals, names, args, sources, ownOnly) ?? function compiledFormat (tokens: TokenIndexer, req: LoggerRequest, res: LoggerResponse): string {
    let line = literals[0]
    for (let i = 0; i < count; i++) {
      const name = names[i]
      const fn: TokenCallbackFn | undefined = ownOnly[i] && !Object.prototype.hasOwnProperty.call(tokens, name)
        ? undefined
        : tokens[name]
      if (typeof fn !== 'function') {
        line += sources[i] + literals[i + 1]
        continue
      }
      const arg = args[i]
      // Called as a method of `tokens`, as morgan's compiled formats call them (`this` is the logger).
      line += tokenText(arg === undefined ? fn.call(tokens, req, res) : fn.call(tokens, req, res, arg)) + literals[i + 1]
    }
    return line
  }
}

/**
 * The format as one function of straight-line code: per token, the same lookup, call and text as
 * the loop above, with the names, arguments and literal text written in as constants. Undefined
 * where the runtime refuses generated code (the loop is used then).
 */
function straightLine (literals: string[], names: string[], args: Array<string | undefined>, sources: string[], ownOnly: boolean[]): CompiledFormatFn | undefined {
  const q = (text: string): string => JSON.stringify(text)
  let body = `var fn; var line = ${q(literals[0])};\n`
  for (let i = 0; i < names.length; i++) {
    const name = q(names[i])
    const arg = args[i]
    body += ownOnly[i] ? `fn = hasOwn.call(tokens, ${name}) ? tokens[${name}] : undefined;\n` : `fn = tokens[${name}];\n`
    body += `line += typeof fn !== 'function' ? ${q(sources[i] + literals[i + 1])} : text(fn.call(tokens, req, res${arg === undefined ? '' : ', ' + q(arg)})) + ${q(literals[i + 1])};\n`
  }
  try {
    // The source is the format's own text, quoted as string literals: nothing from a request.
    const make = new Function('text', 'hasOwn', `return function compiledFormat (tokens, req, res) {\n${body}return line\n}`)
    return make(tokenText, Object.prototype.hasOwnProperty) as CompiledFormatFn
  } catch {
    // node --disallow-code-generation-from-strings
    return undefined
  }
}
