// The graceful-shutdown plugin: `app.close()` and `server.shutdown()` for servers made by `app.listen`.
import { definePlugin, type Application, type Plugin } from '../../kernel'
import type { Server } from 'net'
import { makeShutdownable, resolveOptions } from './shutdownable'
import type { GracefulShutdownOptions, ShutdownOptions, ShutdownableServer } from './types'

export const PLUGIN_NAME = 'graceful-shutdown'

/** The servers each app created with `app.listen` and that are not closed yet. */
const serversOf = new WeakMap<Application, Set<ShutdownableServer>>()

/**
 * Graceful shutdown for servers made by `app.listen`: each gets `server.shutdown(options)`,
 * and `app.close(options)` shuts down all of an app's servers. Shutting down stops accepting
 * connections and loses no request: in-flight requests finish and every request that reaches
 * an open connection is served (or answered 503 with `duringShutdown: 'reject'`); an HTTP/1
 * connection closes right after the answer to the last request that arrived on it, sent with
 * `Connection: close`, and an idle one stays open for its next request until its keep-alive
 * timeout; HTTP/2 sessions get a GOAWAY. What remains after `timeout` ms (10 000 by default)
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
