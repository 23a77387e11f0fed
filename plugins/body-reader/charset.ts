// The request's charset, the 415 for a refused charset, and decoding bodies with iconv-lite 0.7 (body-parser 2's).
/// <reference types="node" preserve="true" />
import contentType from 'content-type'
import createError from 'http-errors'
import type { HttpError } from '../shared/http-error'
import type { IncomingMessage } from 'http'
import { loadIconv } from './lazy-modules'

const BYTE_ORDER_MARK = 0xfeff

/** The charset parameter of the request's Content-Type, lower-cased; undefined when absent or unparsable. */
export function requestCharset (req: IncomingMessage): string | undefined {
  const header = req.headers['content-type']
  // No parameters, no charset: skip parsing the header.
  if (!header || header.indexOf(';') === -1) return undefined
  try {
    const charset = contentType.parse(header).parameters.charset
    return charset ? charset.toLowerCase() : undefined
  } catch {
    return undefined
  }
}

/**
 * The 415 `charset.unsupported` error for a charset a parser refuses or cannot decode: the
 * message names it upper-cased, the `charset` property as `reported` (the name as given by default).
 */
export function unsupportedCharset (charset: string, reported: string = charset): HttpError {
  return createError(415, `unsupported charset "${charset.toUpperCase()}"`, {
    charset: reported,
    type: 'charset.unsupported'
  })
}

/**
 * A parser's charset choice: the request's charset (or `fallback`, without one) when `accepts`
 * takes it, else a 415 `charset.unsupported`.
 */
export function charsetChoice (fallback: string, accepts: (charset: string) => boolean): (req: IncomingMessage) => string {
  return function chooseCharset (req: IncomingMessage): string {
    const charset = requestCharset(req) || fallback
    if (!accepts(charset)) throw unsupportedCharset(charset)
    return charset
  }
}

/** The charsets a family of parsers decodes, as the iconv-lite its reference bundles knows them. */
export interface CharsetSupport {
  /** Whether a decoder can be found for the charset (checked before reading when `verify` is set). */
  exists (charset: string): boolean
  /**
   * The error looking up the charset's decoder gives, undefined when there is a decoder:
   * a 415 `charset.unsupported` for an unknown charset (its `charset` lower-cased).
   */
  lookupError (charset: string): Error | undefined
  /** Decodes a body; a leading byte order mark is dropped, as iconv-lite does for every charset. Throws when it cannot. */
  decode (buf: Buffer, charset: string): string
}

function exists (charset: string): boolean {
  // The charset of nearly every body, answered without iconv-lite's name canonicalisation.
  return charset === 'utf-8' || loadIconv().encodingExists(charset)
}

/** iconv-lite 0.7, the charsets body-parser 2 (and so the standalone parsers) decodes. */
export const CURRENT_CHARSETS: CharsetSupport = Object.freeze({
  exists,
  lookupError (charset: string): Error | undefined {
    return exists(charset) ? undefined : unsupportedCharset(charset, charset.toLowerCase())
  },
  decode (buf: Buffer, charset: string): string {
    if (charset === 'utf-8' || charset === 'utf8') {
      const str = buf.toString('utf8')
      return str.charCodeAt(0) === BYTE_ORDER_MARK ? str.slice(1) : str
    }
    return loadIconv().decode(buf, charset)
  }
})
