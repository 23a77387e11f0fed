// The request an in-process exchange sends (app.inject, app.fetch): method, target, headers, body.
/// <reference types="node" preserve="true" />
import type { Readable } from 'stream'

/** A header value as a client would send it: arrays send one line per value. */
export type InProcessHeaderValue = string | number | readonly string[] | undefined

/** What to send. Everything is optional: `{}` is `GET /`. */
export interface InProcessRequest {
  /** The method, any case (`'post'`): one of `http.METHODS`. Default `GET`. */
  method?: string
  /**
   * The request target, sent as written (`/search?q=1`). An absolute URL
   * (`https://example.com/x`) gives the default `Host` and, for `https:`, a TLS-looking socket.
   */
  url?: string
  /** Request headers; names any case. `host` defaults to `localhost`. */
  headers?: Record<string, InProcessHeaderValue>
  /**
   * The body: a string or bytes as is, a readable stream streamed (chunked unless a
   * `content-length` is given), anything else sent as JSON (with `content-type:
   * application/json` unless set). `Content-Length` is set for everything but streams.
   */
  body?: string | Buffer | Uint8Array | Readable | object | number | boolean
  /** The client address the app sees (`req.ip`, `req.socket.remoteAddress`). Default `127.0.0.1`. */
  remoteAddress?: string
}
