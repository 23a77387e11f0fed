// Public types of the inject plugin: the request to inject and the response it resolves to.
/// <reference types="node" preserve="true" />
import type { IncomingHttpHeaders } from 'http'

export type { InProcessHeaderValue as InjectHeaderValue, InProcessRequest as InjectRequest } from '../in-process/types'

/** The response as a client would receive it, headers and body decoded from the bytes the server wrote. */
export interface InjectResponse {
  /** The status code. */
  status: number
  /** Same as `status`, named as on node's messages. */
  statusCode: number
  statusMessage: string
  /** Lowercase names, duplicates combined as node's HTTP client does (`set-cookie` is an array). */
  headers: IncomingHttpHeaders
  /** Names and values as written, alternating. */
  rawHeaders: string[]
  /** Trailers of a chunked response (`res.addTrailers`), lowercase names. */
  trailers: Record<string, string>
  /** The body bytes, transfer-coding removed (content-coding such as gzip is kept). */
  body: Buffer
  /** The body decoded as UTF-8. */
  text: string
  /** Parses `text` as JSON; throws a SyntaxError when it is not. */
  json<T = unknown> (): T
}
