// Which response closes an HTTP/1 connection during a shutdown: the last one of the requests that arrived on it.
/// <reference types="node" preserve="true" />
import type { IncomingMessage, ServerResponse } from 'http'
import type { Server, Socket } from 'net'

/**
 * What node's HTTP/1 server keeps on a socket and its parser: the response being written
 * (`_httpMessage`, null between requests), the parser (null once the connection was upgraded,
 * e.g. to a WebSocket), the latest request whose headers were parsed (`incoming`) and, on
 * node 18 to 21, the time the message being parsed began (`duration()`, 0 between messages).
 * Long-standing node internals, read only during a shutdown.
 */
interface Http1Parser {
  incoming?: IncomingMessage | null
  duration?: () => number
}

interface Http1Socket extends Socket {
  _httpMessage?: ServerResponse | null
  parser?: Http1Parser | null
}

/** The response after which a connection closes, and the keep-alive it had before it was chosen. */
interface Closer {
  readonly res: ServerResponse
  readonly keepAlive: boolean
}

const closers = new WeakMap<Socket, Closer>()

/**
 * The list node's HTTP/1 servers (node 18 and later) keep of their connections' parsers, under
 * a symbol described `http.server.connections`. `idle()` gives the parsers with no message
 * begun: no byte of a request received since the last response was written (node 22 and later
 * count a connection whose response is being written as active; 18 to 21, as idle).
 */
interface ConnectionsList {
  idle (): unknown[]
}

/** The key of node's connections list on a server, found on first use. */
let connectionsKey: symbol | undefined

/**
 * The parsers of `server`'s HTTP/1 connections on which no byte of a next message has arrived,
 * or undefined where the server keeps no connections list (Bun, Deno, HTTP/1 over an HTTP/2 server).
 */
export function idleParsers (server: Server): ReadonlySet<unknown> | undefined {
  connectionsKey ??= Object.getOwnPropertySymbols(server).find((key) => key.description === 'http.server.connections')
  const list = connectionsKey && (server as unknown as Record<symbol, ConnectionsList | undefined>)[connectionsKey]
  return typeof list?.idle === 'function' ? new Set(list.idle()) : undefined
}

/**
 * Whether bytes of a request after `req` arrived on `socket`: its headers were parsed, or
 * `req` is complete and the parser is inside the next message.
 */
export function laterRequestBegun (socket: Socket, req: IncomingMessage): boolean {
  const parser = (socket as Http1Socket).parser
  if (!parser) return false
  if (parser.incoming && parser.incoming !== req) return true
  return req.complete && typeof parser.duration === 'function' && parser.duration() > 0
}

/**
 * A request arrived on `socket`: the response chosen to close the connection (if any) keeps it
 * open instead, since this request comes after it. Returns `false` when that is too late (the
 * response already went out with `Connection: close`): the request must then not be processed.
 */
export function reopen (socket: Socket): boolean {
  const closer = closers.get(socket)
  if (!closer) return true
  // Headers out: node keeps `shouldKeepAlive` false when they said close (the app may have
  // overridden it with its own `Connection` header).
  if (closer.res.headersSent && !closer.res.shouldKeepAlive) return false
  if (!closer.res.headersSent) closer.res.shouldKeepAlive = closer.keepAlive
  closers.delete(socket)
  return true
}

/**
 * Makes `res` the response after which `socket` closes: node sends it with `Connection: close`
 * and ends the connection once it is written. Does nothing if its headers are out already.
 */
export function closeAfter (socket: Socket, res: ServerResponse): void {
  if (res.headersSent) return
  closers.set(socket, { res, keepAlive: res.shouldKeepAlive })
  res.shouldKeepAlive = false
}

/**
 * `idleTimeout` after a shutdown started: closes `socket` if it is idle, with no response being
 * written and no byte of a next request received (node reads what arrived before timers run).
 * `idle` is {@link idleParsers} of its server, where the server keeps that list: a parser not in
 * it has a message begun. A connection busy with a request closes after its answer, which says
 * `Connection: close`.
 */
export function closeIfStillIdle (socket: Socket, idle: ReadonlySet<unknown> | undefined): void {
  const http1 = socket as Http1Socket
  const parser = http1.parser
  if (http1.destroyed || http1._httpMessage || !parser) return
  if (parser.incoming && !parser.incoming.complete) return
  if (idle ? !idle.has(parser) : typeof parser.duration === 'function' && parser.duration() > 0) return
  socket.destroy()
}

/**
 * When a shutdown starts: the response in flight on `socket` closes the connection if no
 * request after it has arrived yet. An idle connection is left open: its next request, which
 * may already be on its way, is answered with `Connection: close`.
 */
export function closeAfterInFlight (socket: Socket): void {
  const http1 = socket as Http1Socket
  const res = http1._httpMessage
  if (!res || !http1.parser || http1.destroyed) return
  if (!laterRequestBegun(socket, res.req)) closeAfter(socket, res)
}
