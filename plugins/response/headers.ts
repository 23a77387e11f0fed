// res.set / res.header, res.get and res.append: reading and writing response headers.
import mime from 'mime-types'
import type { Response } from '../../kernel/types'
import { memoizeString } from './string-memo'

/** A `charset` parameter already present in a Content-Type value. */
const CHARSET_PARAM = /;\s*charset\s*=/

/** Adds the charset mime-types knows for a text-like media type, unless one is given (remembered per value). */
const withDefaultCharset = memoizeString(function withDefaultCharset (value: string): string {
  if (CHARSET_PARAM.test(value)) return value
  const charset = mime.charset(value.split(';')[0])
  return charset ? `${value}; charset=${charset.toLowerCase()}` : value
})

/** `res.set(field, value)` or `res.set({ field: value, … })`. */
export function set (this: Response, field: string | Record<string, unknown>, value?: unknown): Response {
  if (arguments.length !== 2) {
    const fields = field as Record<string, unknown>
    for (const key in fields) this.set(key, fields[key] as string)
    return this
  }
  const name = field as string
  let coerced: string | string[] = Array.isArray(value) ? value.map(String) : String(value)
  // Only a 12-character name can be Content-Type: other names skip the lowercase copy.
  if (name.length === 12 && (name === 'Content-Type' || name.toLowerCase() === 'content-type')) {
    if (Array.isArray(coerced)) throw new TypeError('Content-Type cannot be set to an Array')
    coerced = withDefaultCharset(coerced)
  }
  // Node refuses CR/LF and other invalid characters with a TypeError naming the header.
  this.setHeader(name, coerced)
  return this
}

/** The value of response header `field`, case-insensitive. */
export function get (this: Response, field: string): string | number | string[] | undefined {
  return this.getHeader(field)
}

/** Appends `value` to header `field`, keeping earlier values as separate entries. */
export function append (this: Response, field: string, value?: string | string[]): Response {
  const prev = this.get(field)
  let next: unknown = value
  if (prev) {
    if (Array.isArray(prev)) next = prev.concat(value as string)
    else if (Array.isArray(value)) next = [prev, ...value]
    else next = [prev, value]
  }
  return this.set(field, next as string | string[])
}
