// The shutdown of one server: stop accepting, answer what arrives with Connection: close, destroy the rest after a timeout.
/// <reference types="node" preserve="true" />
import type { Server } from 'net'
import { trackConnections, type ConnectionRegistry } from './connection-registry'
import { interceptRequests } from './closing-requests'
import { closeAfterInFlight, closeIfStillIdle, idleParsers } from './http1-connection'
import type { DuringShutdown } from './types'

/** The settings a shutdown runs with, defaults applied. */
export interface ShutdownSettings {
  readonly timeout: number
  readonly idleTimeout: number
  readonly duringShutdown: DuringShutdown
}

const shutdowns = new WeakMap<Server, Promise<void>>()

/** Whether `server.shutdown()` was called on this server. */
export function isShuttingDown (server: Server): boolean {
  return shutdowns.has(server)
}

/** Destroys every connection still open: what the timeout leaves. */
function destroyAll (registry: ConnectionRegistry): void {
  for (const session of registry.sessions) session.destroy()
  for (const socket of registry.http1) socket.destroy()
  for (const socket of registry.sockets) socket.destroy()
}

/**
 * Stops accepting connections, calling `closed` once every connection is closed. node's
 * `http.Server#close` (node ≥ 19) also destroys the connections it sees idle, among them those
 * whose next request is already in the socket's buffer, unread: that is skipped.
 */
function stopListening (server: Server, closed: () => void): void {
  const preClose = server as Server & { closeIdleConnections?: () => void }
  if (typeof preClose.closeIdleConnections !== 'function') {
    server.close(closed)
    return
  }
  Object.defineProperty(preClose, 'closeIdleConnections', { configurable: true, writable: true, value: function keepIdleConnections () {} })
  try {
    server.close(closed)
  } finally {
    delete preClose.closeIdleConnections
  }
}

/**
 * Shuts `server` down gracefully (once: later calls return the first call's promise).
 * New connections are refused. No HTTP/1 connection is closed while a request may be on its
 * way: the last request that arrives on a connection is answered with `Connection: close` and
 * the connection ends after it (a response in flight is that request when its headers are not
 * out yet); an idle keep-alive connection stays open `idleTimeout` ms for a request that may
 * be on its way (or until its keep-alive timeout, if sooner), then closes if still idle. HTTP/2 sessions get a GOAWAY and close after their open streams. After
 * `timeout` ms whatever is still open is destroyed. Resolves when the server is closed.
 */
export function shutdownServer (server: Server, settings: ShutdownSettings): Promise<void> {
  const running = shutdowns.get(server)
  if (running) return running
  const registry = trackConnections(server)
  const promise = new Promise<void>((resolve) => {
    let timer: NodeJS.Timeout | undefined
    const closed = (): void => {
      if (timer) clearTimeout(timer)
      resolve()
    }
    if (server.listening) {
      stopListening(server, closed)
    } else if (registry.sockets.size > 0) {
      // Closed earlier by plain `server.close()`: wait for its connections.
      server.once('close', closed)
    } else {
      resolve()
      return
    }
    interceptRequests(server, settings.duringShutdown)
    for (const socket of registry.http1) closeAfterInFlight(socket)
    if (settings.idleTimeout !== Infinity) {
      // Checked after the next poll for I/O, so that what already arrived is read first.
      const idle = setTimeout(function closeIdle () {
        setImmediate(function closeIdleAfterPoll () {
          const idle = idleParsers(server)
          for (const socket of registry.http1) closeIfStillIdle(socket, idle)
        })
      }, settings.idleTimeout)
      idle.unref()
      server.once('close', () => clearTimeout(idle))
    }
    for (const session of registry.sessions) session.close()
    if (settings.timeout !== Infinity) {
      timer = setTimeout(destroyAll, settings.timeout, registry)
      timer.unref()
    }
  })
  shutdowns.set(server, promise)
  return promise
}
