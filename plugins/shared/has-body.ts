// Whether a request carries a body (the body parsers' test, and `req.is`'s): HTTP/1 framing headers, or an HTTP/2 stream that goes on after its headers.
/// <reference types="node" preserve="true" />
import type typeis from 'type-is'
import type { IncomingMessage } from 'http'

let typeisModule: typeof typeis | undefined

/** The HTTP/2 stream of a compatibility request (`Http2ServerRequest`), as far as it is read here. */
interface Http2Request { stream?: { endAfterHeaders?: boolean } }

/**
 * `true` when `Transfer-Encoding` or `Content-Length` announce a body (type-is's test), or, for
 * HTTP/2, where a body needs neither header, when the request's stream did not end with its
 * headers (END_STREAM not set on the HEADERS frame).
 */
export function hasBody (req: IncomingMessage): boolean {
  // type-is (with media-typer and mime-types), required by the first request a parser or req.is reads.
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  typeisModule ??= require('type-is') as typeof typeis
  if (typeisModule.hasBody(req)) return true
  return req.httpVersionMajor >= 2 && (req as IncomingMessage & Http2Request).stream?.endAfterHeaders === false
}
