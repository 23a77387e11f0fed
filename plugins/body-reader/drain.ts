// Reads off what is left of a request after a failed read, so the connection can answer and be reused.
/// <reference types="node" preserve="true" />
import onFinished from 'on-finished'
import type { IncomingMessage, ServerResponse } from 'http'
import type { Transform } from 'stream'
import { staysOpen } from '../../kernel/internal/stays-open'

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
