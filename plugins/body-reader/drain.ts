// Reads off what is left of a request after a failed read, so the connection can answer and be reused.
import onFinished from 'on-finished'
import type { IncomingMessage, ServerResponse } from 'http'
import type { Transform } from 'stream'

/** The `close` token of a Connection header, among the comma-separated ones, in any case. */
const CLOSE_TOKEN = /(?:^|,)[\t ]*close[\t ]*(?:,|$)/i

/** Whether a Connection header value (the request's, or the response's) asks to close. */
function asksToClose (connection: string | string[] | number | undefined): boolean {
  if (Array.isArray(connection)) return connection.some(asksToClose)
  return typeof connection === 'string' && CLOSE_TOKEN.test(connection)
}

/**
 * Whether the connection stays open once the answer is sent. node's `res.shouldKeepAlive` weighs
 * the request's HTTP version and Connection header; some runtimes set it from the version alone
 * (Bun 1.x keeps it true for an HTTP/1.1 `Connection: close` request, then closes after the
 * answer), so the request's header is read here too, and so is a `Connection: close` the
 * response already carries (node closes after writing it).
 */
function staysOpen (req: IncomingMessage, res: ServerResponse): boolean {
  if (!res.shouldKeepAlive) return false
  return !asksToClose(req.headers.connection) && !asksToClose(res.getHeader('connection'))
}

/**
 * Stops inflating (when `stream` is an inflater) and discards the rest of the request body.
 * On a connection that stays open, `callback` runs at once: node keeps reading and dropping
 * what is left, so the client gets its answer (a 413, say) while it is still sending, and an
 * endless body is never waited for. When the connection closes after the answer, `callback`
 * waits for the end of the request instead: closing a socket with unread data resets it, and
 * the client would lose the answer.
 */
export function drainRequest (req: IncomingMessage, res: ServerResponse, stream: IncomingMessage | Transform, callback: () => void): void {
  if (stream !== req) {
    const inflater = stream as Transform
    req.unpipe(inflater)
    inflater.destroy()
  }
  req.resume()
  if (staysOpen(req, res) && !onFinished.isFinished(req)) callback()
  else onFinished(req, function drained () { callback() })
}
