// Reads off what is left of a request after a failed read, so the connection can answer and be reused.
import onFinished from 'on-finished'
import type { IncomingMessage } from 'node:http'
import type { Transform } from 'node:stream'

/**
 * Stops inflating (when `stream` is an inflater), discards the rest of the request body,
 * and calls `callback` once the request has been read to its end.
 */
export function drainRequest (req: IncomingMessage, stream: IncomingMessage | Transform, callback: () => void): void {
  if (stream !== req) {
    const inflater = stream as Transform
    req.unpipe(inflater)
    inflater.destroy()
  }
  onFinished(req, function drained () { callback() })
  req.resume()
}
