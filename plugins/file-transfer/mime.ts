// Media types by file name or extension, with a default type and charsets (mime 1.x semantics, over mime-types).
import mimeTypes from 'mime-types'

/** The type given to files whose extension is unknown. */
export const DEFAULT_TYPE = 'application/octet-stream'

/** The `mime` object exposed as `framework.static.mime`: what `res.type` and file transfers use. */
export interface MimeLookup {
  /** The media type of a path, file name or bare extension; `fallback` or `default_type` when unknown. */
  lookup (pathOrExtension: string, fallback?: string): string
  /** The usual extension of a media type, or undefined. */
  extension (type: string): string | undefined
  /** Registers types: `{ 'text/x-foo': ['foo', 'fo'] }`. Affects every later lookup in the process. */
  define (map: Record<string, readonly string[]>): void
  /** Charset lookup: `charsets.lookup('text/html')` is `UTF-8`. */
  readonly charsets: { lookup (type: string, fallback?: string): string | undefined }
  /** The type used when nothing matches. */
  default_type: string
}

export const mime: MimeLookup = {
  lookup (pathOrExtension: string, fallback?: string): string {
    return mimeTypes.lookup(pathOrExtension) || fallback || mime.default_type
  },
  extension (type: string): string | undefined {
    return mimeTypes.extension(type) || undefined
  },
  define (map: Record<string, readonly string[]>): void {
    for (const type of Object.keys(map)) {
      const exts = map[type]
      mimeTypes.extensions[type] = exts.slice()
      for (const ext of exts) mimeTypes.types[ext] = type
    }
  },
  charsets: {
    lookup (type: string, fallback?: string): string | undefined {
      return mimeTypes.charset(type) || fallback
    }
  },
  default_type: DEFAULT_TYPE
}

/** The Content-Type header value for a file: its type, plus the charset when the type has one. */
export function contentTypeOf (file: string): string {
  const type = mime.lookup(file)
  const charset = mime.charsets.lookup(type)
  return charset ? `${type}; charset=${charset}` : type
}
