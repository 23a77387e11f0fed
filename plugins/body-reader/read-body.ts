// Reads a request body with raw-body (limit enforced while streaming), verifies, decodes and parses it.
import createError from 'http-errors'
import type { IncomingMessage, ServerResponse } from 'http'
import type { Transform } from 'stream'
import { contentCoding, inflaterFor, openInflater, type CodingSupport } from './content-coding'
import { charsetExists, decodeBody, unsupportedCharset } from './charset'
import { parseFailed, verifyFailed } from './body-errors'
import { drainRequest } from './drain'
import { loadRawBody } from './lazy-modules'
import type { BodyRequest } from './flavors'
import type { VerifyFunction } from './options'

/** Turns the decoded body (a string, or the Buffer when there is no charset) into `req.body`; throws to reject it. */
export type BodyParse = (body: string | Buffer, charset: string | null) => unknown

/** Everything a read needs that is fixed when the parser is created. */
export interface BodyReader {
  readonly inflate: boolean
  readonly limit: number
  readonly verify: VerifyFunction | undefined
  readonly codings: CodingSupport
  readonly parse: BodyParse
}

type Next = (err?: unknown) => void

/**
 * Reads the body of `req` and calls `next()` with `req.body` set, or `next(err)` with an
 * http-errors error (see the spec's body parser error table). `charset` is the charset to
 * decode with, `null` to keep the Buffer. On a read error the rest of the request is discarded
 * (see `drainRequest` for when `next(err)` waits for it), so the reply can be sent on a usable connection.
 */
export function readBody (req: BodyRequest, res: ServerResponse, next: Next, reader: BodyReader, charset: string | null): void {
  // From here on the body belongs to this parser: stacked parsers step aside.
  req._body = true

  let stream: IncomingMessage | Transform = req
  try {
    const inflater = inflaterFor(contentCoding(req), reader.inflate, reader.codings)
    if (charset !== null && !charsetExists(charset)) throw unsupportedCharset(charset)
    if (inflater) stream = openInflater(req, inflater)
  } catch (err) {
    next(err)
    return
  }

  loadRawBody()(stream, {
    // A declared length is only meaningful for the bytes as sent.
    length: stream === req ? req.headers['content-length'] : undefined,
    limit: reader.limit,
    encoding: null
  }, function onBody (err, buf) {
    if (err) {
      const error = createError(400, err)
      drainRequest(req, res, stream, function afterDrain () { next(error) })
      return
    }
    finish(req, res, next, reader, charset, buf)
  })
}

function finish (req: BodyRequest, res: ServerResponse, next: Next, reader: BodyReader, charset: string | null, buf: Buffer): void {
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
    if (charset !== null) body = decodeBody(buf, charset)
    req.body = reader.parse(body, charset)
  } catch (thrown) {
    next(parseFailed(thrown, body))
    return
  }
  next()
}
