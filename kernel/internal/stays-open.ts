// Whether a connection stays open after the answer: read from the headers as well as node's flag.
/// <reference types="node" preserve="true" />
import type { IncomingMessage, ServerResponse } from 'http'

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
export function staysOpen (req: IncomingMessage, res: ServerResponse): boolean {
  if (!res.shouldKeepAlive) return false
  return !asksToClose(req.headers.connection) && !asksToClose(res.getHeader('connection'))
}
