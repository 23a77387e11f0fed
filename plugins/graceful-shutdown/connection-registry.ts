// Tracks the open connections of a server (TCP sockets, HTTP/1 sockets, HTTP/2 sessions) so a shutdown can reach them.
/// <reference types="node" preserve="true" />
import http from 'http'
import tls from 'tls'
import type { Server, Socket } from 'net'
import type { Http2Session } from 'http2'

/** ALPN name of HTTP/2 over TLS. */
const ALPN_HTTP2 = 'h2'

/** The open connections of one server. Each entry leaves its set when it closes. */
export interface ConnectionRegistry {
  /** Every accepted TCP socket. */
  readonly sockets: Set<Socket>
  /** Sockets that carry HTTP/1 (on TLS servers, the TLS socket the requests arrive on). */
  readonly http1: Set<Socket>
  /** HTTP/2 sessions (h2 over TLS, or h2c). */
  readonly sessions: Set<Http2Session>
}

const registries = new WeakMap<Server, ConnectionRegistry>()

/** The registry of a tracked server, if any. */
export function registryOf (server: Server): ConnectionRegistry | undefined {
  return registries.get(server)
}

/** Adds `item` to `set` until `emitter` emits `close`. */
function keepUntilClose<T extends { once (event: 'close', fn: () => void): unknown }> (set: Set<T>, item: T): void {
  set.add(item)
  item.once('close', function forget () { set.delete(item) })
}

/**
 * Starts tracking the connections of `server` (once; later calls return the same registry).
 * Costs one listener per connection, nothing per request. Connections accepted before the
 * call are not seen, so call it before `listen`.
 */
export function trackConnections (server: Server): ConnectionRegistry {
  const existing = registries.get(server)
  if (existing) return existing
  const registry: ConnectionRegistry = { sockets: new Set(), http1: new Set(), sessions: new Set() }
  const secure = server instanceof tls.Server
  // http.Server and https.Server speak HTTP/1; http2.createSecureServer too when ALPN says so;
  // http2.createServer (h2c) speaks HTTP/2 only.
  const plainHttp1 = server instanceof http.Server && !secure

  server.on('connection', function trackSocket (socket: Socket) {
    keepUntilClose(registry.sockets, socket)
    if (plainHttp1) keepUntilClose(registry.http1, socket)
  })
  if (secure) {
    server.on('secureConnection', function trackTlsSocket (socket: tls.TLSSocket) {
      if (socket.alpnProtocol !== ALPN_HTTP2) keepUntilClose(registry.http1, socket)
    })
  }
  server.on('session', function trackSession (session: Http2Session) {
    keepUntilClose(registry.sessions, session)
  })
  registries.set(server, registry)
  return registry
}
