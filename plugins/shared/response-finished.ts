// When a response is over, for HTTP/1 and HTTP/2 alike (on-finished misreads HTTP/2 HEAD responses).
/// <reference types="node" preserve="true" />
import type { Http2ServerResponse } from 'http2'
import type { ServerResponse } from 'http'
import onFinished from 'on-finished'
import { isHttp2Response } from './http2-response'

/** Called once when the response is over: with the socket's error, if one ended it (`'socket'` watch only). */
export type FinishedListener<R> = (err: Error | null, res: R) => void

/**
 * How an HTTP/1 response is watched. `'socket'`: with on-finished, which also watches the socket
 * and reports its error, and shares one queue per response with every other on-finished user.
 * `'response'`: with the response's own `finish` and `close` events only (two listeners, no
 * error), which node (>= 18) emits when the last byte was handed to the connection or the
 * response is done or its connection went away; for per-request code that needs no error.
 */
export type Http1Watch = 'socket' | 'response'

/**
 * Whether `res` is over (finished, or its connection or stream gone). on-finished takes an HTTP/2
 * response whose stream is not writable for finished, and node ends the writable side of a HEAD
 * request's stream at once: for HTTP/2 the stream's own state is asked instead.
 */
export function isResponseFinished (res: ServerResponse): boolean {
  if (isHttp2Response(res)) return res.finished || res.stream.destroyed
  return onFinished.isFinished(res)
}

/**
 * Calls `listener(err, res)` once `res` is over, never synchronously. An HTTP/2 response waits for
 * its `close` (the compatibility response emits it once its stream closed, whether it completed
 * or not); an HTTP/1 response is watched as `watch` says.
 */
export function onResponseFinished<R extends ServerResponse> (res: R, listener: FinishedListener<R>, watch: Http1Watch = 'socket'): void {
  if (isHttp2Response(res)) {
    const h2 = res as unknown as Http2ServerResponse
    if (h2.stream.destroyed) setImmediate(listener, null, res)
    else h2.once('close', function responseClosed () { listener(null, res) })
    return
  }
  if (watch === 'socket') {
    onFinished(res, listener)
    return
  }
  if (isOver(res)) {
    setImmediate(listener, null, res)
    return
  }
  let called = false
  function over (): void {
    if (called) return
    called = true
    res.removeListener('finish', over)
    res.removeListener('close', over)
    listener(null, res)
  }
  res.on('finish', over)
  res.on('close', over)
}

/** Whether the response is already finished or its connection gone (on-finished's test). */
function isOver (res: ServerResponse): boolean {
  const socket = res.socket
  return Boolean(res.writableFinished || res.destroyed || (socket && !socket.writable))
}
