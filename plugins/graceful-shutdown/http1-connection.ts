// Ends an HTTP/1 connection as soon as it has no request in flight.
import onFinished from 'on-finished'
import type { Socket } from 'net'
import type { ServerResponse } from 'http'

/**
 * What node's HTTP/1 server keeps on a socket: the response being written (`_httpMessage`,
 * null between requests) and the parser (null once the connection was upgraded, e.g. to a
 * WebSocket). Both are long-standing node internals, read only during a shutdown.
 */
interface Http1Socket extends Socket {
  _httpMessage?: (ServerResponse & { shouldKeepAlive?: boolean }) | null
  parser?: unknown
}

/** Marks a response so node writes `Connection: close` and ends the socket after it (unless already started). */
export function closeAfter (res: ServerResponse): void {
  if (!res.headersSent) res.shouldKeepAlive = false
}

/**
 * Closes an HTTP/1 connection now if it is idle (a keep-alive connection between requests),
 * or right after its in-flight response otherwise. Upgraded connections are left alone
 * (the shutdown timeout reaches them).
 */
export function endWhenIdle (socket: Socket): void {
  const http1 = socket as Http1Socket
  if (http1.destroyed) return
  const res = http1._httpMessage
  if (!res) {
    if (http1.parser == null) return
    // Nothing in flight: close now (gently if bytes of a past response are still queued).
    if (http1.writableLength === 0) http1.destroy()
    else http1.end()
    return
  }
  closeAfter(res)
  onFinished(res, function responseDone () {
    // node ends the socket itself after a `Connection: close` response; this catches a
    // response whose headers went out with keep-alive before the shutdown began.
    if (!http1.destroyed && !http1._httpMessage) http1.end()
  })
}
