// Answers a Web Request with a request listener (an app), as a server would over a socket.
/// <reference types="node" preserve="true" />
import { ServerResponse, type IncomingMessage } from 'http'
import { Readable } from 'stream'
import { createRequest, planRequest } from '../in-process/build-request'
import type { InProcessHeaderValue as InjectHeaderValue } from '../in-process/types'
import { FetchSocket, webHeaders, type ResponseHead } from './response-stream'

/** A request listener: an app, or any `(req, res)` function. */
export type RequestListener = (req: IncomingMessage, res: ServerResponse) => unknown

/** Where the client is, for `req.ip`, `req.socket.remoteAddress` (and `trust proxy`). */
export interface FetchOptions {
  /** The client's address. Default `127.0.0.1`. */
  remoteAddress?: string
  /** The client's port. Default 50000. */
  remotePort?: number
}

/**
 * The second argument runtimes give a fetch handler, read for the client's address: options of
 * ours (`{ remoteAddress }`), Bun's server (`server.requestIP(request)`), Deno's handler info
 * (`info.remoteAddr`). Anything else (Cloudflare's `env`) gives the default.
 */
export type FetchContext = FetchOptions | { requestIP (request: Request): { address: string, port: number } | null } |
{ remoteAddr: { hostname: string, port: number } } | object

function clientOf (request: Request, context: FetchContext | undefined): { address: string, port: number } {
  const fallback = { address: '127.0.0.1', port: 50000 }
  if (context === null || typeof context !== 'object') return fallback
  const bun = context as { requestIP?: unknown }
  if (typeof bun.requestIP === 'function') {
    const ip = (bun.requestIP as (r: Request) => { address?: unknown, port?: unknown } | null)(request)
    return typeof ip?.address === 'string' ? { address: ip.address, port: typeof ip.port === 'number' ? ip.port : fallback.port } : fallback
  }
  const deno = (context as { remoteAddr?: { hostname?: unknown, port?: unknown } }).remoteAddr
  if (deno !== null && typeof deno === 'object' && typeof deno.hostname === 'string') {
    return { address: deno.hostname, port: typeof deno.port === 'number' ? deno.port : fallback.port }
  }
  const own = context as FetchOptions
  return {
    address: typeof own.remoteAddress === 'string' ? own.remoteAddress : fallback.address,
    port: typeof own.remotePort === 'number' ? own.remotePort : fallback.port
  }
}

/** The request's headers as header lines (Web headers are combined per name already). */
function headersOf (request: Request): Record<string, InjectHeaderValue> {
  const headers: Record<string, string> = {}
  request.headers.forEach((value, name) => { headers[name] = value })
  return headers
}

function abortError (): Error {
  return Object.assign(new Error('aborted'), { code: 'ECONNRESET' })
}

/**
 * Sends a Web `Request` through `listener` and resolves with the Web `Response` once the
 * response's head is written: a real `http.IncomingMessage` and `http.ServerResponse` on a
 * socket-like object, so everything an app does with a connection works. The request body is
 * streamed into the request as the app reads it; the response body streams out as the app
 * writes it. Aborting the request's `signal` (or cancelling the response body) closes the
 * "connection": the request emits `aborted` and `close` as on a socket.
 *
 * @throws (rejects) TypeError for what a server refuses to parse (an unknown method); RangeError
 * when the app answers with a status a Web Response cannot have (below 200, or above 599).
 * @example
 * const res = await handleFetch(app, new Request('http://localhost/users/1'))
 */
export function handleFetch (listener: RequestListener, request: Request, context?: FetchContext): Promise<Response> {
  return new Promise((resolve, reject) => {
    let settled = false
    const fail = (err: unknown): void => {
      if (settled) return
      settled = true
      reject(err)
    }
    const client = clientOf(request, context)
    const plan = planRequest({
      method: request.method,
      url: request.url,
      headers: headersOf(request),
      body: request.body === null ? undefined : Readable.fromWeb(request.body as import('stream/web').ReadableStream<Uint8Array>),
      remoteAddress: client.address
    })
    const socket = new FetchSocket({
      remoteAddress: client.address,
      remotePort: client.port,
      encrypted: plan.encrypted,
      head: plan.method === 'HEAD',
      onHead (head: ResponseHead, body) {
        if (settled) return
        settled = true
        if (head.status < 200 || head.status > 599) {
          socket.destroy()
          reject(new RangeError(`The app answered with status ${head.status}, which a Web Response cannot have (200 to 599)`))
          return
        }
        resolve(new Response(body, { status: head.status, statusText: head.statusText, headers: webHeaders(head.rawHeaders) }))
      }
    })
    const req = createRequest(plan, socket, (err) => { req.destroy(err) })
    const res = new ServerResponse(req)
    // A server listens for socket errors; so must this, or a destroyed exchange would crash the process.
    socket.on('error', () => {})
    socket.on('close', () => {
      // Before the head: the app closed the connection without answering, as a client sees it.
      fail(Object.assign(new Error('socket hang up'), { code: 'ECONNRESET' }))
      if (!req.complete || !res.writableFinished) req.destroy(abortError())
    })
    // As a server does: a response whose write was refused hears `drain` when the socket drains
    // (Bun's responses do not say whether one was refused, so an unfinished one always hears it).
    socket.on('drain', () => { if (!res.writableEnded) res.emit('drain') })
    res.once('finish', () => {
      socket.finishBody()
      // As a server does: drain an unread body.
      if (!req.readableEnded) req.resume()
    })
    const signal = request.signal as AbortSignal | undefined
    if (signal !== undefined) {
      if (signal.aborted) queueMicrotask(() => socket.destroy())
      else signal.addEventListener('abort', () => { socket.destroy() }, { once: true })
    }
    res.assignSocket(socket as never) // node types the parameter as net.Socket; the Duplex stands in for it
    try {
      listener(req, res)
    } catch (err) {
      fail(err)
      socket.destroy()
    }
  })
}
