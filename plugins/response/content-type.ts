// res.type / res.contentType, and the charset rewriting res.send applies to text bodies.
import mime from 'mime-types'
import contentType from 'content-type'
import type { Response } from '../../kernel/types'
import { memoizeString } from './string-memo'

/** What an unknown extension maps to, as in Express. */
export const DEFAULT_MEDIA_TYPE = 'application/octet-stream'

/** The media type of a type or extension: exact when it contains `/`, else looked up (`'json'`, `'.html'`, `'a.png'`). */
export const mediaTypeOf: (type: string) => string = memoizeString(function mediaTypeOf (type: string): string {
  return type.indexOf('/') === -1 ? (mime.lookup(type) || DEFAULT_MEDIA_TYPE) : type
})

/** Sets `Content-Type` from a media type or an extension. */
export function type (this: Response, value: string): Response {
  return this.set('Content-Type', mediaTypeOf(String(value)))
}

/** Returns `value` with its `charset` parameter set to `charset` (throws TypeError on a malformed media type). */
export function setCharset (value: string, charset: string): string {
  const parsed = contentType.parse(value)
  parsed.parameters.charset = charset
  return contentType.format(parsed)
}

/**
 * The response whose Content-Type `res.json` has just set itself (as `Content-Type`, when none was
 * set), so the `res.send` it calls can skip setting the same value again. Taken (and cleared) by
 * the next `res.send`; a send for any other response just clears it.
 */
let justTyped: object | undefined

/** Notes that `res`'s Content-Type was just set by the framework itself. */
export function markTyped (res: object): void {
  justTyped = res
}

/** Whether `res`'s Content-Type was just set by the framework itself (and forgets it). */
export function takeTyped (res: object): boolean {
  const typed = justTyped === res
  justTyped = undefined
  return typed
}

/** `setCharset(value, 'utf-8')`, remembered: res.send rewrites the same few types on every response. */
export const setUtf8Charset: (value: string) => string = memoizeString(function setUtf8Charset (value: string): string {
  return setCharset(value, 'utf-8')
})
