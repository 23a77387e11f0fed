// The request's charset, decoding bodies with iconv-lite, and the 415 for a refused charset.
import contentType from 'content-type'
import createError from 'http-errors'
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

/** Whether iconv-lite can decode this charset. */
export function charsetExists (charset: string): boolean {
  // The charset of nearly every body, answered without iconv-lite's name canonicalisation.
  return charset === 'utf-8' || loadIconv().encodingExists(charset)
}

/** The 415 `charset.unsupported` error for a charset a parser refuses or cannot decode. */
export function unsupportedCharset (charset: string): createError.HttpError {
  return createError(415, `unsupported charset "${charset.toUpperCase()}"`, {
    charset,
    type: 'charset.unsupported'
  })
}

/** Decodes a body; a leading byte order mark is dropped, as iconv-lite does for every charset. */
export function decodeBody (buf: Buffer, charset: string): string {
  if (charset === 'utf-8' || charset === 'utf8') {
    const str = buf.toString('utf8')
    return str.charCodeAt(0) === BYTE_ORDER_MARK ? str.slice(1) : str
  }
  return loadIconv().decode(buf, charset)
}
