// Telling an HTTP/2 compatibility response from an HTTP/1 one without loading node:http2 at startup.
/// <reference types="node" preserve="true" />
import { ServerResponse } from 'http'
import type { Http2ServerResponse } from 'http2'

let Http2Response: typeof Http2ServerResponse | undefined

/**
 * Whether `res` is an `Http2ServerResponse` (switched to an app's prototype or not). Loading
 * node:http2 would lengthen every app's startup; only an HTTP/2 server makes such responses, and
 * it has loaded the module already. HTTP/1 responses are told apart first, without it.
 */
export function isHttp2Response (res: object): res is Http2ServerResponse {
  if (res instanceof ServerResponse) return false
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  Http2Response ??= (require('http2') as typeof import('http2')).Http2ServerResponse
  return res instanceof Http2Response
}
