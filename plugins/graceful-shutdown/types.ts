// Public types of the graceful-shutdown plugin: its options, shutdown options and the shutdownable server.
/// <reference types="node" preserve="true" />
import type { Server } from 'net'

/** What a request that arrives on an open connection during a shutdown gets. */
export type DuringShutdown =
  /** Served by the app as usual; on HTTP/1 the last one that arrived on a connection gets `Connection: close`. */
  | 'serve'
  /** Answered `503 Service Unavailable` without reaching the app (the last one on a connection with `Connection: close`). */
  | 'reject'

/** Options of one shutdown: `server.shutdown(options)`, `app.close(options)`. */
export interface ShutdownOptions {
  /**
   * Milliseconds in-flight requests get to finish; what is still open then is destroyed.
   * Defaults to the plugin's `timeout` (10 000). `Infinity` waits for ever.
   */
  timeout?: number
}

/** Options of `gracefulShutdownPlugin(options)` and `shutdownable(server, options)`. */
export interface GracefulShutdownOptions extends ShutdownOptions {
  /** Requests arriving on open connections while shutting down: `'serve'` (default) or `'reject'` (503). */
  duringShutdown?: DuringShutdown
  /**
   * Milliseconds an idle HTTP/1 keep-alive connection stays open once a shutdown starts, for a
   * request its client may already have sent (default 200). A request that arrives meanwhile is
   * answered with `Connection: close`; a connection still idle then is closed, as it would be at
   * the end of its keep-alive timeout, whichever comes first.
   */
  idleTimeout?: number
  /**
   * Shut down on these process signals. `true` means `['SIGTERM', 'SIGINT']`; `false` (default)
   * installs no handler. Once every server is shut down, the signal is raised again when nothing
   * else listens to it, so the process ends as the signal asks; a second signal during the
   * shutdown ends it at once.
   */
  signals?: boolean | readonly NodeJS.Signals[]
}

/** A server that can shut down gracefully (made by `app.listen` with the plugin, or passed to `shutdownable`). */
export interface Shutdownable {
  /**
   * Stops accepting connections, lets in-flight requests finish and serves the requests that
   * reach open connections; each HTTP/1 connection closes after the answer to its last request
   * (sent with `Connection: close`), an idle one stays open for a request on its way for
   * `idleTimeout` ms (or until its keep-alive timeout, if sooner). Destroys what is left after `timeout` ms. Resolves when every
   * connection is closed. Calling it again returns the same promise.
   */
  shutdown (options?: ShutdownOptions): Promise<void>
  /** `true` from the moment `shutdown()` was called. */
  readonly shuttingDown: boolean
}

/** A server of type `S` with {@link Shutdownable} added. */
export type ShutdownableServer<S extends Server = Server> = S & Shutdownable

declare module '../../kernel/types' {
  interface Application {
    /**
     * Gracefully shuts down every server this app created with `app.listen` (see
     * `server.shutdown`). Resolves when all of them are closed. Needs the graceful-shutdown plugin.
     *
     * @example
     * process.on('SIGTERM', () => { app.close({ timeout: 5000 }).then(() => db.end()) })
     */
    close (options?: ShutdownOptions): Promise<void>
  }
}
