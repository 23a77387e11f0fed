// res.set / res.header and res.type as Express 5 has them: Content-Type through mime-types 3.
import type { Response } from '../../kernel/types'
import { memoizeString } from '../response/string-memo'
import { headerSetter } from '../response/header-setter'
import { contentTypeOf, DEFAULT_MEDIA_TYPE, mime } from '../shared/mime-3'

/** A full Content-Type for each value given, remembered: apps set the same few types again and again. */
const fullContentType = memoizeString(contentTypeOf)

/**
 * `res.set(field, value)` or `res.set({ field: value, … })`. Values become strings (arrays,
 * arrays of strings); a Content-Type is completed with its charset, and may be an extension.
 * @throws TypeError for an array Content-Type, or a value node refuses in a header.
 */
export const set = headerSetter(fullContentType)

/** The media type of a type or extension: as given when it contains `/`, else looked up. */
const mediaTypeOf = memoizeString(function mediaTypeOf (value: string): string {
  return value.indexOf('/') === -1 ? (mime.contentType(value) || DEFAULT_MEDIA_TYPE) : value
})

/** Sets `Content-Type` from a media type or an extension (`'json'`, `'.html'`, `'a.js'`). */
export function type (this: Response, value: string): Response {
  return this.set('Content-Type', mediaTypeOf(String(value)))
}
