// Makes a server shutdownable: connection tracking, `server.shutdown()`, `server.shuttingDown`, optional signals.
/// <reference types="node" preserve="true" />
import type { Server } from 'net'
import { trackConnections } from './connection-registry'
import { isShuttingDown, shutdownServer, type ShutdownSettings } from './shutdown'
import { signalList, stopOnSignals } from './signals'
import type { DuringShutdown, GracefulShutdownOptions, ShutdownOptions, Shutdownable, ShutdownableServer } from './types'

/** Default of the `timeout` option, in ms. */
export const DEFAULT_TIMEOUT = 10_000

/**
 * Default of the `idleTimeout` option, in ms: time for a request a client sent on an idle
 * keep-alive connection just before the shutdown to arrive (a client that loops on its
 * connection sends its next request well within it).
 */
export const DEFAULT_IDLE_TIMEOUT = 200

const DURING_SHUTDOWN: ReadonlySet<DuringShutdown> = new Set<DuringShutdown>(['serve', 'reject'])

/** Checks a timeout option: a number ≥ 0 (`Infinity` allowed), or the fallback when absent. */
function timeoutOption (value: unknown, fallback: number, name = 'timeout'): number {
  if (value === undefined) return fallback
  if (typeof value !== 'number' || Number.isNaN(value) || value < 0) {
    throw new TypeError(`option ${name} must be a number of milliseconds ≥ 0`)
  }
  return value
}

/** The options with defaults applied, checked once (when the plugin or `shutdownable` is called). */
export interface ResolvedOptions extends ShutdownSettings {
  readonly signals: readonly NodeJS.Signals[]
}

export function resolveOptions (options: GracefulShutdownOptions = {}): ResolvedOptions {
  const duringShutdown = options.duringShutdown ?? 'serve'
  if (!DURING_SHUTDOWN.has(duringShutdown)) {
    throw new TypeError('option duringShutdown must be "serve" or "reject"')
  }
  return {
    timeout: timeoutOption(options.timeout, DEFAULT_TIMEOUT),
    idleTimeout: timeoutOption(options.idleTimeout, DEFAULT_IDLE_TIMEOUT, 'idleTimeout'),
    duringShutdown,
    signals: signalList(options.signals)
  }
}

/** Adds `shutdown` and `shuttingDown` to a server (once), tracks its connections and, if asked, signals. */
export function makeShutdownable<S extends Server> (server: S, resolved: ResolvedOptions): ShutdownableServer<S> {
  if (typeof (server as Server & Partial<Shutdownable>).shutdown === 'function') return server as ShutdownableServer<S>
  trackConnections(server)
  Object.defineProperties(server, {
    shutdown: {
      configurable: true,
      writable: true,
      value: function shutdown (this: S, options?: ShutdownOptions): Promise<void> {
        return shutdownServer(this, {
          timeout: timeoutOption(options?.timeout, resolved.timeout),
          idleTimeout: resolved.idleTimeout,
          duringShutdown: resolved.duringShutdown
        })
      }
    },
    shuttingDown: {
      configurable: true,
      get: function shuttingDown (this: S): boolean { return isShuttingDown(this) }
    }
  })
  const shutdownable = server as ShutdownableServer<S>
  if (resolved.signals.length > 0) {
    const release = stopOnSignals(resolved.signals, () => shutdownable.shutdown())
    server.once('close', release)
  }
  return shutdownable
}

/**
 * Makes any server (`http`, `https`, `http2`, made by `app.listen` or not) shut down
 * gracefully: adds `server.shutdown(options)` and `server.shuttingDown`. Call it before
 * `listen`: connections accepted earlier are not tracked. Returns the same server, typed; a
 * server that is already shutdownable (made by `app.listen` with the plugin) is returned as
 * it is, so `shutdownable(app.listen(3000))` just types it (the options are then ignored).
 *
 * @example
 * const server = shutdownable(http2.createSecureServer({ key, cert, allowHTTP1: true }, app), { signals: true })
 * server.listen(443)
 * // later: await server.shutdown({ timeout: 5000 })
 */
export function shutdownable<S extends Server> (server: S, options?: GracefulShutdownOptions): ShutdownableServer<S> {
  return makeShutdownable(server, resolveOptions(options))
}
