// Media types as Express 5 looks them up: mime-types 3 (mime-db's current table), shared by its response and file plugins.
import type mimeTypes from 'mime-types'

/** mime-types 3, whose API is mime-types 2's. */
// eslint-disable-next-line @typescript-eslint/no-require-imports
export const mime: typeof mimeTypes = require('mime-types-3')

/** What an unknown extension maps to. */
export const DEFAULT_MEDIA_TYPE = 'application/octet-stream'

/**
 * A full Content-Type for a media type or an extension (`'json'`, `'.html'`, `'a.js'`): the
 * type, with the charset mime-db gives it when the value names none. A value mime-db cannot
 * resolve is kept as it is.
 */
export function contentTypeOf (value: string): string {
  return mime.contentType(value) || value
}
