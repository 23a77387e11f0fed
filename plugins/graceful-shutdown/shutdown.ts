// The shutdown of one server: stop accepting, close idle connections, drain in-flight requests, destroy the rest after a timeout.
import http from 'http'
import type { Server } from 'net'
import { trackConnections, type ConnectionRegistry } from './connection-registry'
import { interceptRequests } from './closing-requests'
import { endWhenIdle } from './http1-connection'
import type { DuringShutdown } from './types'

/** The settings a shutdown runs with, defaults applied. */
export interface ShutdownSettings {
  readonly timeout: number
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
 * Shuts `server` down gracefully (once: later calls return the first call's promise).
 * New connections are refused; idle HTTP/1 keep-alive connections close at once; a connection
 * with a request in flight closes after its response (sent with `Connection: close` when its
 * headers are not out yet); HTTP/2 sessions get a GOAWAY and close after their open streams;
 * after `timeout` ms whatever is still open is destroyed. Resolves when the server is closed.
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
      server.close(closed)
    } else if (registry.sockets.size > 0) {
      // Closed earlier by plain `server.close()`: wait for its connections.
      server.once('close', closed)
    } else {
      resolve()
      return
    }
    interceptRequests(server, settings.duringShutdown)
    for (const socket of registry.http1) endWhenIdle(socket)
    // Idle connections accepted before tracking started (node ≥ 18.2).
    if (server instanceof http.Server && typeof server.closeIdleConnections === 'function') server.closeIdleConnections()
    for (const session of registry.sessions) session.close()
    if (settings.timeout !== Infinity) {
      timer = setTimeout(destroyAll, settings.timeout, registry)
      timer.unref()
    }
  })
  shutdowns.set(server, promise)
  return promise
}
