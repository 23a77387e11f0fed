// Reads a request body with raw-body (limit enforced while streaming), verifies, decodes and parses it.
/// <reference types="node" preserve="true" />
import createError from 'http-errors'
import type { IncomingMessage, ServerResponse } from 'http'
import type { Transform } from 'stream'
import { contentCoding, inflaterFor, openInflater, type CodingSupport } from './content-coding'
import { unsupportedCharset, type CharsetSupport } from './charset'
import { parseFailed, verifyFailed } from './body-errors'
import { drainRequest } from './drain'
import { watchIdleBody } from './idle-body'
import type { BodyPolicy } from './policy'
import { loadRawBody } from './lazy-modules'
import type { BodyRequest } from './flavors'
import type { VerifyCall } from './options'
import type { NextCallback } from '../../kernel/types'

/** Turns the decoded body (a string, or the Buffer when there is no charset) into `req.body`; throws to reject it. */
export type BodyParse = (body: string | Buffer, charset: string | null) => unknown

/** Everything a read needs that is fixed when the parser is created. */
export interface BodyReader {
  readonly inflate: boolean
  readonly limit: number
  readonly verify: VerifyCall | undefined
  readonly codings: CodingSupport
  readonly charsets: CharsetSupport
  readonly parse: BodyParse
  /** The framework's body policy (idle timeout, filter of the parsed body), read on each request; none for standalone parsers. */
  readonly policy?: Readonly<BodyPolicy>
}


/** A stream as raw-body inspects it before reading: a decoding stream is refused. */
interface InspectedStream {
  readable?: unknown
  _decoder?: unknown
  _readableState?: { encoding?: unknown, decoder?: unknown }
}

/**
 * Whether raw-body refuses the read before it would look up a decoder: a declared length over
 * the limit (413), a stream decoding to strings or no longer readable (500).
 */
function refusedBeforeDecoding (stream: IncomingMessage | Transform, length: string | undefined, limit: number): boolean {
  const declared = length !== undefined && !Number.isNaN(Number(length)) ? parseInt(length, 10) : NaN
  if (declared > limit) return true
  const inspected = stream as unknown as InspectedStream
  const state = inspected._readableState
  if (inspected._decoder || (state && (state.encoding || state.decoder))) return true
  return inspected.readable !== undefined && !inspected.readable
}

/**
 * Reads the body of `req` and calls `next()` with `req.body` set, or `next(err)` with an
 * http-errors error (see the spec's body parser error table). `charset` is the charset to
 * decode with, `null` to keep the Buffer. On a read error the rest of the request is discarded
 * (see `drainRequest` for when `next(err)` waits for it), so the reply can be sent on a usable connection.
 *
 * The checks come in the reference's order. With `verify` the charset is checked first (the
 * body is read undecoded); then the Content-Encoding; then raw-body's own checks (declared
 * length, stream state); then, without `verify`, the charset, as raw-body looks up its decoder
 * before reading; then the limit while reading, the length read, verify, decoding and parsing.
 */
export function readBody (req: BodyRequest, res: ServerResponse, next: NextCallback, reader: BodyReader, charset: string | null): void {
  // From here on the body belongs to this parser: stacked parsers step aside.
  req._body = true

  if (reader.verify && charset !== null && !reader.charsets.exists(charset)) {
    next(unsupportedCharset(charset, charset.toLowerCase()))
    return
  }

  let stream: IncomingMessage | Transform = req
  try {
    const inflater = inflaterFor(contentCoding(req), reader.inflate, reader.codings)
    if (inflater) stream = openInflater(req, inflater)
  } catch (err) {
    next(err)
    return
  }
  // A declared length is only meaningful for the bytes as sent.
  const length = stream === req ? req.headers['content-length'] : undefined

  if (!reader.verify && charset !== null) {
    const refused = reader.charsets.lookupError(charset)
    if (refused && !refusedBeforeDecoding(stream, length, reader.limit)) {
      const error = createError(400, refused)
      drainRequest(req, res, stream, function afterDrain () { next(error) })
      return
    }
  }

  let timedOut = false
  let stopWatching = function notWatching (): void {}
  loadRawBody()(stream, { length, limit: reader.limit, encoding: null }, function onBody (err, buf) {
    stopWatching()
    if (timedOut) return
    if (err) {
      const error = createError(400, err)
      drainRequest(req, res, stream, function afterDrain () { next(error) })
      return
    }
    finish(req, res, next, reader, charset, buf)
  })
  // Started once raw-body reads (it has not refused the body at once), so it never starts the flow itself.
  stopWatching = watchIdleBody(req, res, stream, reader.policy?.idleTimeout ?? 0, function bodyIdle (error) {
    timedOut = true
    next(error)
  })
}

function finish (req: BodyRequest, res: ServerResponse, next: NextCallback, reader: BodyReader, charset: string | null, buf: Buffer): void {
  if (reader.verify) {
    try {
      reader.verify(req as IncomingMessage, res, buf, charset)
    } catch (thrown) {
      next(verifyFailed(thrown, buf))
      return
    }
  }

  let body: string | Buffer = buf
  try {
    if (charset !== null) body = reader.charsets.decode(buf, charset)
    req.body = reader.parse(body, charset)
    const filter = reader.policy?.filter
    if (filter) req.body = filter(req.body)
  } catch (thrown) {
    next(parseFailed(thrown, body))
    return
  }
  next()
}
