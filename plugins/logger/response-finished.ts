// When a response is over, for HTTP/1 and HTTP/2 alike (on-finished misreads HTTP/2 HEAD responses).
import { Http2ServerResponse } from 'node:http2'
import onFinished from 'on-finished'
import type { LoggerResponse } from './types'

/**
 * Calls `listener(err, res)` once `res` finished or its connection closed. on-finished takes an
 * HTTP/2 response whose stream is not writable for finished, and node ends the writable side of a
 * HEAD request's stream at once: HTTP/2 responses wait for their own `close` instead.
 */
export function onResponseFinished (res: LoggerResponse, listener: (err: Error | null, res: LoggerResponse) => void): void {
  if (!(res instanceof Http2ServerResponse)) {
    onFinished(res, listener)
    return
  }
  const h2 = res as unknown as Http2ServerResponse
  if (h2.stream.destroyed) {
    setImmediate(listener, null, res)
    return
  }
  h2.once('close', function responseClosed () { listener(null, res) })
}
