// Public types of the inject plugin: the request to inject and the response it resolves to.
import type { IncomingHttpHeaders } from 'http'
import type { Readable } from 'stream'

/** A header value as a client would send it: arrays send one line per value. */
export type InjectHeaderValue = string | number | readonly string[] | undefined

/** What to send. Everything is optional: `{}` is `GET /`. */
export interface InjectRequest {
  /** The method, any case (`'post'`): one of `http.METHODS`. Default `GET`. */
  method?: string
  /**
   * The request target, sent as written (`/search?q=1`). An absolute URL
   * (`https://example.com/x`) gives the default `Host` and, for `https:`, a TLS-looking socket.
   */
  url?: string
  /** Request headers; names any case. `host` defaults to `localhost`. */
  headers?: Record<string, InjectHeaderValue>
  /**
   * The body: a string or bytes as is, a readable stream streamed (chunked unless a
   * `content-length` is given), anything else sent as JSON (with `content-type:
   * application/json` unless set). `Content-Length` is set for everything but streams.
   */
  body?: string | Buffer | Uint8Array | Readable | object | number | boolean
  /** The client address the app sees (`req.ip`, `req.socket.remoteAddress`). Default `127.0.0.1`. */
  remoteAddress?: string
}

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
