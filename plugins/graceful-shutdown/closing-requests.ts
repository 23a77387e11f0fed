// While a server shuts down, wraps its request listeners: new requests get `Connection: close`, or a 503.
import type { IncomingMessage, ServerResponse } from 'http'
import type { Server } from 'net'
import { closeAfter, endWhenIdle } from './http1-connection'
import type { DuringShutdown } from './types'

/** The body of the reply to a request refused during a shutdown. */
const REJECTED_BODY = 'Service Unavailable'

type RequestListener = (this: Server, req: IncomingMessage, res: ServerResponse) => void

/** Answers 503 without reaching the app. */
function reject (req: IncomingMessage, res: ServerResponse): void {
  res.statusCode = 503
  if (req.httpVersionMajor < 2) res.setHeader('Connection', 'close')
  res.setHeader('Content-Type', 'text/plain; charset=utf-8')
  res.setHeader('Content-Length', Buffer.byteLength(REJECTED_BODY))
  res.end(req.method === 'HEAD' ? undefined : REJECTED_BODY)
}

/**
 * Replaces the server's `request` listeners by one that closes each new request's connection
 * after it (HTTP/1; HTTP/2 sessions got a GOAWAY) and then calls them, or, for `'reject'`,
 * answers 503 instead. Done once, when the shutdown starts, so requests before it pay nothing.
 */
export function interceptRequests (server: Server, mode: DuringShutdown): void {
  const listeners = server.listeners('request') as RequestListener[]
  server.removeAllListeners('request')
  server.on('request', function requestDuringShutdown (this: Server, req: IncomingMessage, res: ServerResponse) {
    if (req.httpVersionMajor < 2) {
      closeAfter(res)
      if (req.socket) endWhenIdle(req.socket)
    }
    if (mode === 'reject') {
      reject(req, res)
      return
    }
    for (const listener of listeners) listener.call(this, req, res)
  })
}
