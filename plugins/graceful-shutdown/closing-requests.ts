// While a server shuts down, wraps its request listeners: the last request of each HTTP/1 connection gets `Connection: close`, or every request a 503.
/// <reference types="node" preserve="true" />
import type { IncomingMessage, ServerResponse } from 'http'
import type { Server, Socket } from 'net'
import { closeAfter, laterRequestBegun, reopen } from './http1-connection'
import type { DuringShutdown } from './types'

/** The body of the reply to a request refused during a shutdown. */
const REJECTED_BODY = 'Service Unavailable'

type RequestListener = (this: Server, req: IncomingMessage, res: ServerResponse) => void
type Exchange = readonly [IncomingMessage, ServerResponse]

/** Answers 503 without reaching the app (the connection's fate is decided by the caller). */
function reject (req: IncomingMessage, res: ServerResponse): void {
  res.statusCode = 503
  res.setHeader('Content-Type', 'text/plain; charset=utf-8')
  res.setHeader('Content-Length', Buffer.byteLength(REJECTED_BODY))
  res.end(req.method === 'HEAD' ? undefined : REJECTED_BODY)
}

/**
 * Replaces the server's `request` listeners by one that serves each request (or, for
 * `'reject'`, answers 503) and closes each HTTP/1 connection after the last request that
 * arrived on it (HTTP/2 sessions got a GOAWAY). Requests read from the socket together
 * (pipelined) are handed on once all of them are parsed, one tick later, so that only the last
 * one says `Connection: close`; a request arriving after that reply went out is not processed,
 * as HTTP/1.1 asks (the client, told the connection closes, sends it again elsewhere). Done
 * once, when the shutdown starts, so requests before it pay nothing.
 */
export function interceptRequests (server: Server, mode: DuringShutdown): void {
  const listeners = server.listeners('request') as RequestListener[]
  const batches = new Map<Socket, Exchange[]>()
  server.removeAllListeners('request')

  function serve (req: IncomingMessage, res: ServerResponse): void {
    if (mode === 'reject') {
      reject(req, res)
      return
    }
    for (const listener of listeners) listener.call(server, req, res)
  }

  function dispatch (socket: Socket): void {
    const batch = batches.get(socket)!
    batches.delete(socket)
    const [lastReq, lastRes] = batch[batch.length - 1]
    if (!laterRequestBegun(socket, lastReq)) closeAfter(socket, lastRes)
    for (const [req, res] of batch) serve(req, res)
  }

  server.on('request', function requestDuringShutdown (req: IncomingMessage, res: ServerResponse) {
    const socket = req.socket as Socket | null
    if (req.httpVersionMajor >= 2 || !socket) {
      serve(req, res)
      return
    }
    // Too late: the connection already announced its close. The request's reply stays queued
    // and goes with the connection.
    if (!reopen(socket)) return
    const batch = batches.get(socket)
    if (batch) {
      batch.push([req, res])
      return
    }
    batches.set(socket, [[req, res]])
    process.nextTick(dispatch, socket)
  })
}
