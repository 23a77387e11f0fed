// Runs one request through a request listener with no socket and no port, and resolves with the response.
/// <reference types="node" preserve="true" />
import { ServerResponse, type IncomingMessage } from 'http'
import { InjectSocket } from './fake-socket'
import { createRequest, planRequest } from '../in-process/build-request'
import { parseResponse } from './parse-response'
import type { InjectRequest, InjectResponse } from './types'

/** A request listener: an app, or any `(req, res)` function. */
export type RequestListener = (req: IncomingMessage, res: ServerResponse) => unknown

function hangUp (): Error {
  const err = new Error('socket hang up') as NodeJS.ErrnoException
  err.code = 'ECONNRESET'
  return err
}

/**
 * Sends a request to `listener` in process: a real `http.IncomingMessage` and
 * `http.ServerResponse` on an in-memory socket, so everything an app does with a
 * connection works (streams, `res.end`, the logger). Resolves when the response has
 * finished, after the callbacks queued by its `finish` (such as a log line) ran.
 * Rejects on invalid input (`TypeError`), or with `ECONNRESET` ("socket hang up") when
 * the connection is destroyed before the response finished.
 *
 * @example
 * const res = await inject(app, { method: 'POST', url: '/users', body: { name: 'tobi' } })
 * res.status // 201
 * res.json() // { id: 1, name: 'tobi' }
 */
export function inject (listener: RequestListener, request: InjectRequest | string = {}): Promise<InjectResponse> {
  return new Promise((resolve, reject) => {
    let settled = false
    const settle = (fn: () => void): void => {
      if (settled) return
      settled = true
      fn()
    }
    let plan
    try {
      plan = planRequest(request)
    } catch (err) {
      reject(err)
      return
    }
    const socket = new InjectSocket({ remoteAddress: plan.remoteAddress, encrypted: plan.encrypted })
    let bodyError: Error | undefined
    const req = createRequest(plan, socket, (err) => {
      bodyError = err
      req.destroy(err)
    })
    const res = new ServerResponse(req)
    const connection = req.headers.connection
    if (typeof connection === 'string' && connection.toLowerCase() === 'close') res.shouldKeepAlive = false
    let finished = false
    // A server listens for socket errors; so must we, or a destroyed request would crash the process.
    socket.on('error', () => {})
    socket.on('close', () => {
      if (!finished) settle(() => reject(bodyError ?? hangUp()))
    })
    res.once('finish', () => {
      finished = true
      // As a server does: drain an unread body, then let the response close.
      if (!req.readableEnded) req.resume()
      socket.destroy()
    })
    res.once('close', () => {
      if (!finished) return
      // After the work the response's `finish` queued (on-finished callbacks run in setImmediate).
      setImmediate(() => settle(() => {
        try {
          resolve(parseResponse(Buffer.concat(socket.chunks)))
        } catch (err) {
          reject(err)
        }
      }))
    })
    res.assignSocket(socket as any) // node types the parameter as net.Socket; the Duplex stands in for it
    try {
      listener(req, res)
    } catch (err) {
      settle(() => reject(err))
      socket.destroy()
    }
  })
}
