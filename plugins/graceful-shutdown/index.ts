// The graceful-shutdown plugin: `app.close()` and `server.shutdown()` for servers made by `app.listen`.
import { definePlugin, type Application, type Plugin } from '../../kernel'
import type { Server } from 'net'
import { makeShutdownable, resolveOptions } from './shutdownable'
import type { GracefulShutdownOptions, ShutdownOptions, ShutdownableServer } from './types'
import { checkOptions, describeOptions } from '../shared/options'

export const PLUGIN_NAME = 'graceful-shutdown'

/** The options of `gracefulShutdownPlugin`, as it checks them and docs/reference.md lists them. */
export const GRACEFUL_SHUTDOWN_OPTIONS = describeOptions('gracefulShutdownPlugin', [
  { name: 'timeout', type: ['number'], default: '10000', effect: 'milliseconds in-flight requests get to finish once a shutdown starts; what is still open then is destroyed (`Infinity` waits for ever); `app.close(options)` and `server.shutdown(options)` may give their own' },
  { name: 'duringShutdown', type: ["'serve'", "'reject'"], default: "'serve'", effect: "requests arriving on open connections during a shutdown are served as usual, or with `'reject'` answered 503 without reaching the app" },
  { name: 'idleTimeout', type: ['number'], default: '200', effect: 'milliseconds an idle HTTP/1 keep-alive connection stays open once a shutdown starts, for a request its client may already have sent; it is closed then if still idle (or at its keep-alive timeout, if sooner)' },
  { name: 'signals', type: ['boolean', 'string[]'], default: 'false', effect: '`true` (SIGTERM and SIGINT) or a list of signals: shut down on the signal, then raise it again if nothing else listens to it; a second signal ends the process at once' }
])

/** The servers each app created with `app.listen` and that are not closed yet. */
const serversOf = new WeakMap<Application, Set<ShutdownableServer>>()

/**
 * Graceful shutdown for servers made by `app.listen`: each gets `server.shutdown(options)`,
 * and `app.close(options)` shuts down all of an app's servers. Shutting down stops accepting
 * connections and loses no request: in-flight requests finish and every request that reaches
 * an open connection is served (or answered 503 with `duringShutdown: 'reject'`); an HTTP/1
 * connection closes right after the answer to the last request that arrived on it, sent with
 * `Connection: close`, and an idle one stays open for a request on its way for `idleTimeout` ms
 * (200 by default), then closes; HTTP/2 sessions get a GOAWAY. What remains after `timeout` ms (10 000 by default)
 * is destroyed. With `signals`, SIGTERM/SIGINT start it. Servers made elsewhere use
 * `shutdownable(server, options)`.
 * Costs one listener per connection and nothing per request until a shutdown starts.
 *
 * @example
 * const framework = createFramework({ plugins: [express.plugins, gracefulShutdownPlugin({ signals: true })] })
 * const app = framework()
 * const server = app.listen(3000)
 * // later: await app.close({ timeout: 5000 })
 */
export function gracefulShutdownPlugin (options: GracefulShutdownOptions = {}): Plugin {
  checkOptions(GRACEFUL_SHUTDOWN_OPTIONS, options)
  const resolved = resolveOptions(options)
  return definePlugin({
    name: PLUGIN_NAME,
    apply ({ hooks, decorateApplication }) {
      decorateApplication({
        close: function close (this: Application, shutdownOptions?: ShutdownOptions): Promise<void> {
          const servers = serversOf.get(this)
          if (!servers || servers.size === 0) return Promise.resolve()
          return Promise.all([...servers].map((server) => server.shutdown(shutdownOptions))).then(() => undefined)
        }
      })
      hooks.listen.tap(PLUGIN_NAME, (server, app) => {
        const shutdownableServer = makeShutdownable(server as Server, resolved)
        const servers = serversOf.get(app) ?? new Set<ShutdownableServer>()
        serversOf.set(app, servers)
        servers.add(shutdownableServer)
        server.once('close', function forgetServer () { servers.delete(shutdownableServer) })
      })
    }
  })
}

export { shutdownable } from './shutdownable'
export type { DuringShutdown, GracefulShutdownOptions, ShutdownOptions, Shutdownable, ShutdownableServer } from './types'
