// Which responses go base64-encoded: serverless-http's test, on the result's headers.
import type { BinaryOption } from './types'

/** Content codings whose bodies are bytes: a `Content-Encoding` value containing one of these names. */
const BINARY_CODINGS = ['gzip', 'deflate', 'br']
const WILDCARD = /\*/g
const LIST_SEPARATOR = ','

/** Tells from a result's headers whether its body is base64-encoded. */
export type BinaryTest = (headers: Record<string, string>) => boolean

function hasBinaryCoding (headers: Record<string, string>): boolean {
  const coding = headers['content-encoding']
  if (typeof coding !== 'string') return false
  return coding.split(LIST_SEPARATOR).some((value) => BINARY_CODINGS.some((name) => value.includes(name)))
}

/** A type pattern as a regular expression over the whole type: `*` any characters, the rest as written. */
function typePattern (type: string): RegExp {
  return new RegExp(`^${type.replace(WILDCARD, '.*')}$`)
}

/**
 * The binary test for `option`: `true` and `false` answer so always, a function is asked.
 * Otherwise a response is binary when its `Content-Encoding` names gzip, deflate or br, or its
 * `Content-Type` (without parameters, as written) matches one of the types: the option's, or,
 * without it (or with `''`), those of `environment` (`BINARY_CONTENT_TYPES`, comma-separated).
 *
 * @throws SyntaxError when a type is not a valid pattern (`image/[`).
 */
export function binaryTest (option: BinaryOption | undefined, environment: string | undefined): BinaryTest {
  if (option === true) return function allBinary () { return true }
  if (option === false) return function noneBinary () { return false }
  if (typeof option === 'function') return function askBinary (headers) { return Boolean(option(headers)) }
  const types = option === undefined || option === '' ? (environment ?? '').split(LIST_SEPARATOR) : typeof option === 'string' ? [option] : option
  const patterns = types.map(typePattern)
  return function isBinary (headers) {
    if (hasBinaryCoding(headers)) return true
    const type = (headers['content-type'] ?? '').split(';')[0]
    return type !== '' && patterns.some((pattern) => pattern.test(type))
  }
}
