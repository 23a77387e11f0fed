// res.send(body): the body, its type, length, ETag, freshness and HEAD handling.
import type { Response } from '../../kernel/types'
import type { ETagFunction } from './types'
import { reporter } from '../../kernel/deprecate'
import { setUtf8Charset, takeTyped } from './content-type'
import { BUILT_IN_ETAG_FUNCTIONS, type BuiltInETagFunction } from './etag-setting'
import { statusMessage } from './status'
import { endHashed } from './end-hashed'

/** Below this length a string's byte length is computed without converting it to a Buffer first. */
const SMALL_BODY = 1000

/** Reports the deprecated forms of this module's members at the user's call ({@link reporter}). */
const deprecate = reporter()

/** The request's freshness, as computed by the request plugin (`req.fresh`). */
function isFresh (res: Response): boolean {
  return Boolean((res.req as unknown as { fresh?: boolean }).fresh)
}

/**
 * Sends the response. Strings go as `text/html` (unless a type is set) in UTF-8; Buffers as
 * `application/octet-stream`; objects, arrays, booleans and numbers given with a status go as JSON.
 * @example res.send('<p>hello</p>')
 */
export function send (this: Response, body?: unknown): Response {
  let chunk: unknown = body

  if (arguments.length === 2) {
    // Express 3 forms: res.send(body, status) and res.send(status, body).
    const second: unknown = arguments[1]
    if (typeof chunk !== 'number' && typeof second === 'number') {
      deprecate('res.send(body, status): Use res.status(status).send(body) instead')
      this.statusCode = second
    } else {
      deprecate('res.send(status, body): Use res.status(status).send(body) instead')
      this.statusCode = chunk as number
      chunk = second
    }
  }

  if (typeof chunk === 'number' && arguments.length === 1) {
    // res.send(status): the status with its message as text.
    if (!this.get('Content-Type')) this.type('txt')
    deprecate('res.send(status): Use res.sendStatus(status) instead')
    this.statusCode = chunk
    chunk = statusMessage(chunk)
  }
  return sendBody(this, chunk)
}

/** What `sendBody` does where Express versions differ. */
export interface SendRules {
  /** The Content-Type of a text body, from the one the response has: with `charset=utf-8`. May throw on a malformed value. */
  withUtf8Charset: (value: string) => string
  /** Whether a `null` body (sent empty) has its Content-Type's charset set too, as Express 4 and 5.0–5.2 do. */
  charsetForNull: boolean
  /** Whether Content-Length is set on a response that already has a Transfer-Encoding, as Express 4 and 5.0–5.2 do. */
  lengthWithTransferEncoding: boolean
}

/** Express 4's rules: content-type 1 sets the charset, also for a `null` body; Content-Length always. */
export const EXPRESS4_SEND_RULES: Readonly<SendRules> = {
  withUtf8Charset: setUtf8Charset,
  charsetForNull: true,
  lengthWithTransferEncoding: true
}

/**
 * What `res.send(body)` does once the body is known: strings as `text/html` (unless a type is
 * set) in UTF-8, Buffers as `application/octet-stream`, other objects, booleans and numbers as
 * JSON (`res.json`); then Content-Length, the ETag, freshness (304), and HEAD handling, as
 * `rules` (Express 4's by default) say.
 */
export function sendBody (res: Response, body: unknown, rules: Readonly<SendRules> = EXPRESS4_SEND_RULES): Response {
  let chunk: unknown = body
  let encoding: BufferEncoding | undefined

  /** Whether Content-Type was just set by the framework (here, or by the res.json calling this), as `Content-Type`. */
  let typedHere = takeTyped(res)
  /** The Content-Type of a string body, read once (and again only after setting it here). */
  let current: ReturnType<Response['get']>
  let typeRead = false
  switch (typeof chunk) {
    case 'string':
      typeRead = true
      current = res.get('Content-Type')
      if (!current) {
        res.type('html')
        typedHere = true
        current = res.get('Content-Type')
      }
      break
    case 'boolean':
    case 'number':
    case 'object':
      if (chunk === null) {
        chunk = ''
        // Without a charset for it, the empty body's type is left as it is.
        if (!rules.charsetForNull) typeRead = true
      } else if (Buffer.isBuffer(chunk)) {
        if (!res.get('Content-Type')) res.type('bin')
      } else {
        return res.json(chunk)
      }
      break
  }

  if (typeof chunk === 'string') {
    encoding = 'utf8'
    // A null body became '' above without reading its type.
    if (!typeRead) current = res.get('Content-Type')
    if (typeof current === 'string') {
      // When the framework just set it, setting the same value again would change nothing, not even the name's case: skip it.
      const withCharset = rules.withUtf8Charset(current)
      if (!typedHere || withCharset !== current) res.set('Content-Type', withCharset)
    }
  }

  const etagFn = res.app.get('etag fn') as ETagFunction | undefined
  const generateETag = !res.get('ETag') && typeof etagFn === 'function'

  let length: number | undefined
  /** A string body kept where Express makes a Buffer of it (to hash it): it is then ended as those bytes would be. */
  let stringForBytes = false
  if (chunk !== undefined) {
    if (Buffer.isBuffer(chunk)) {
      length = chunk.length
    } else if (!generateETag && (chunk as string).length < SMALL_BODY) {
      length = Buffer.byteLength(chunk as string, encoding)
    } else if (generateETag && BUILT_IN_ETAG_FUNCTIONS.has(etagFn)) {
      // The built-in generators hash the string itself; a user's generator gets a Buffer, as in Express.
      length = Buffer.byteLength(chunk as string, encoding)
      stringForBytes = true
    } else {
      // Hashing needs the bytes anyway: convert once, and send the Buffer.
      chunk = Buffer.from(chunk as string, encoding)
      encoding = undefined
      length = (chunk as Buffer).length
    }
    // A number, as Express passes it (a wrapped `res.set` sees the same value); `set` coerces it.
    if (rules.lengthWithTransferEncoding || !res.hasHeader('Transfer-Encoding')) res.set('Content-Length', length as unknown as string)
  }

  if (generateETag && length !== undefined) {
    // A string body's byte length, just computed, spares the built-in generator measuring it again.
    const tag = stringForBytes
      ? (etagFn as BuiltInETagFunction)(chunk as string, encoding, length)
      : etagFn!(chunk as Buffer | string, encoding)
    if (tag) res.set('ETag', tag)
  }

  if (isFresh(res)) res.statusCode = 304

  if (res.statusCode === 204 || res.statusCode === 304) {
    res.removeHeader('Content-Type')
    res.removeHeader('Content-Length')
    res.removeHeader('Transfer-Encoding')
    chunk = ''
  }

  if (res.statusCode === 205) {
    // Reset Content: an explicitly empty body.
    res.set('Content-Length', '0')
    res.removeHeader('Transfer-Encoding')
    chunk = ''
  }

  if (res.req.method === 'HEAD') res.end()
  // Express sends the bytes it hashed: node writes the head in latin1 before a Buffer body.
  else if (stringForBytes && typeof chunk === 'string' && chunk !== '') endHashed(res, chunk, length as number)
  else if (encoding) res.end(chunk as string, encoding)
  else res.end(chunk as Buffer | string | undefined)
  return res
}
