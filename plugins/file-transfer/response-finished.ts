// When a response is over, for HTTP/1 and HTTP/2 alike (on-finished misreads HTTP/2 HEAD responses).
import type { Http2ServerResponse } from 'http2'
import type { ServerResponse } from 'http'
import onFinished from 'on-finished'
import { isHttp2Response } from '../../kernel'

/**
 * Whether `res` is over (finished, or its connection or stream gone). on-finished takes an HTTP/2
 * response whose stream is not writable for finished, and node ends the writable side of a HEAD
 * request's stream at once: for HTTP/2 the stream's own state is asked instead.
 */
export function isResponseFinished (res: ServerResponse): boolean {
  if (isHttp2Response(res)) return res.finished || res.stream.destroyed
  return onFinished.isFinished(res)
}

/** Calls `listener` once `res` is over (see {@link isResponseFinished}); on-finished's callback otherwise. */
export function onResponseFinished (res: ServerResponse, listener: (err: Error | null) => void): void {
  if (!isHttp2Response(res)) {
    onFinished(res, listener)
    return
  }
  const h2 = res as Http2ServerResponse
  if (h2.stream.destroyed) {
    setImmediate(listener, null)
    return
  }
  // The compatibility response emits `close` once its stream closed, whether it completed or not.
  h2.once('close', function responseClosed () { listener(null) })
}
