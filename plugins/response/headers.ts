// res.set / res.header, res.get and res.append: reading and writing response headers.
import mime from 'mime-types'
import type { Response } from '../../kernel/types'
import { memoizeString } from './string-memo'
import { headerSetter } from './header-setter'

/** A `charset` parameter already present in a Content-Type value. */
const CHARSET_PARAM = /;\s*charset\s*=/

/** Adds the charset mime-types knows for a text-like media type, unless one is given (remembered per value). */
const withDefaultCharset = memoizeString(function withDefaultCharset (value: string): string {
  if (CHARSET_PARAM.test(value)) return value
  const charset = mime.charset(value.split(';')[0])
  return charset ? `${value}; charset=${charset.toLowerCase()}` : value
})

/** `res.set(field, value)` or `res.set({ field: value, … })`; a Content-Type gets the charset mime-types knows for it. */
export const set = headerSetter(withDefaultCharset)

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
