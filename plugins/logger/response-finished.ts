// When a response is over, for HTTP/1 and HTTP/2 alike.
import type { Http2ServerResponse } from 'http2'
// From its own file: the logger also runs alone (`ristretto/logger` in an Express app), without the kernel.
import { isHttp2Response } from '../../kernel/http2-response'
import type { LoggerResponse } from './types'

/**
 * Calls `listener(null, res)` once, when `res` finished or its connection closed first, as
 * on-finished does for morgan. Node (>= 18) tells both on the response itself: `finish` when the
 * last byte was handed to the connection, `close` when the response is done or its connection
 * went away. Listening there costs two listeners, where on-finished also watches the socket and
 * keeps a queue on the response. HTTP/2 responses wait for their `close`: node ends the writable
 * side of a HEAD request's stream at once, which reads as finished too early.
 */
export function onResponseFinished (res: LoggerResponse, listener: (err: Error | null, res: LoggerResponse) => void): void {
  if (isHttp2Response(res)) {
    const h2 = res as unknown as Http2ServerResponse
    if (h2.stream.destroyed) setImmediate(listener, null, res)
    else h2.once('close', function responseClosed () { listener(null, res) })
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
function isOver (res: LoggerResponse): boolean {
  const socket = res.socket
  return Boolean(res.writableFinished || res.destroyed || (socket && !socket.writable))
}
