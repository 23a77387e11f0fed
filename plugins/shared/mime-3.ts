// Media types as Express 5 looks them up: mime-types 3 (mime-db's current table), shared by its response and file plugins.

/** The part of mime-types 3's API the framework uses. */
export interface MimeTypes3 {
  /** The media type of a path, file name or extension; false when unknown. */
  lookup (pathOrExtension: string): string | false
  /** A full Content-Type (with the charset for text) for a media type or an extension; false when unknown. */
  contentType (typeOrExtension: string): string | false
  /** The default charset of a media type; false when it has none. */
  charset (type: string): string | false
}

/** mime-types 3. */
// eslint-disable-next-line @typescript-eslint/no-require-imports
export const mime: MimeTypes3 = require('mime-types-3')

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
