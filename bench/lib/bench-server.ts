// What every benchmark app module exports: start a server for a scenario, report its port, close it.
import type { Server } from 'node:http'
import type { Writable } from 'node:stream'
import type { AppContext, ScenarioName } from '../scenarios'

/** A running benchmark server. */
export interface BenchServer {
  port: number
  /** The node server, for the in-process harness (bench/micro.ts) to hand it connections directly. */
  server: Server
  close (): Promise<void>
}

/** Starts one app for one scenario on 127.0.0.1, on a free port. `undefined` when the app has no idiom for it. */
export type StartApp = (scenario: ScenarioName, ctx: AppContext) => Promise<BenchServer | undefined>

/** The benchmarked apps, in table order. */
export const APPS = ['ristretto', 'ristretto-baseline', 'ristretto-minimal', 'ristretto-express5', 'ristretto-opt-in', 'express', 'fastify', 'fastify-express-headers', 'node', 'node-express-headers', 'node-express-setheader'] as const

export type AppName = typeof APPS[number]

/** Apps run for context on throughput only: their startup and memory are another app's (fastify's, node's). */
export const THROUGHPUT_ONLY_APPS: ReadonlySet<AppName> = new Set(['ristretto-baseline', 'fastify-express-headers', 'node-express-headers', 'node-express-setheader'])

/** Apps that need an option to run (`ristretto-baseline` needs `--baseline DIR`), left out of the default list. */
export const OPTIONAL_APPS: ReadonlySet<AppName> = new Set(['ristretto-baseline'])

/** Host every benchmark server binds to. */
export const HOST = '127.0.0.1'

/** Wraps a listening server: its port, and a close that drops connections and ends the log stream. */
export function toBenchServer (server: Server, stream?: Writable): BenchServer {
  const address = server.address()
  return {
    port: typeof address === 'object' && address ? address.port : 0,
    server,
    close: () => new Promise<void>((done) => {
      server.closeAllConnections()
      server.close(() => { if (stream) stream.end(done); else done() })
    })
  }
}
