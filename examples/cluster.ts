// Running an app for production: one process, or with WORKERS=N a cluster of N workers that a
// primary keeps running and replaces one at a time on SIGHUP (a rolling restart), with health and
// readiness endpoints and a graceful shutdown that loses no request.
import cluster, { type Worker } from 'node:cluster'
import http from 'node:http'
import type { AddressInfo } from 'node:net'
import { shutdownable } from '../plugins/graceful-shutdown'
import type { ShutdownableServer } from '../plugins/graceful-shutdown'
import type { Application, RequestHandler } from '../kernel'
import { DEFAULT_PORT } from './support'
import { closeSharedState, connectSharedState, redisUrl, sharedStateReady, startPrimaryStores } from './shared-state'

/** Milliseconds in-flight requests get to finish when a process leaves. */
export const SHUTDOWN_TIMEOUT = 10_000

/** Messages between the primary and its workers. */
interface LeaveMessage { ristrettoCluster: 'leave' }

let leaving = false

/**
 * `GET /healthz` (the process is up: 200) and `GET /readyz` (it takes traffic: 200, or 503 once
 * it is leaving or while its shared state is unreachable), for a load balancer or an orchestrator.
 */
export const healthEndpoints: RequestHandler = function healthEndpoints (req, res, next) {
  if (req.method !== 'GET' && req.method !== 'HEAD') return next()
  if (req.path === '/healthz') {
    res.json({ status: 'ok', worker: cluster.worker?.id ?? 0 })
    return
  }
  if (req.path === '/readyz') {
    const ready = !leaving && sharedStateReady()
    res.status(ready ? 200 : 503).json({ status: ready ? 'ready' : leaving ? 'leaving' : 'shared state unreachable', worker: cluster.worker?.id ?? 0 })
    return
  }
  next()
}

/** `WORKERS` as a number of workers: 0 (one process, no cluster) when unset. */
export function workerCount (env: NodeJS.ProcessEnv = process.env): number {
  const raw = env.WORKERS
  if (raw === undefined || raw === '') return 0
  const n = Number(raw)
  if (!Number.isInteger(n) || n < 1 || n > 1024) throw new RangeError(`WORKERS must be a whole number from 1 to 1024, not "${raw}"`)
  return n
}

function portFromEnv (): number {
  const port = process.env.PORT ? Number(process.env.PORT) : DEFAULT_PORT
  if (!Number.isInteger(port) || port < 0 || port > 65535) throw new RangeError(`PORT must be a port number, not "${process.env.PORT}"`)
  return port
}

function fail (err: unknown): never {
  console.error(err instanceof Error ? err.message : String(err))
  process.exit(1)
}

/**
 * Runs `app` as the environment says: on `PORT` (3000 by default), in one process, or with
 * `WORKERS=N` on N cluster workers. Call it when the file is run directly.
 */
export function serve (app: Application, name: string): void {
  let workers: number
  try {
    workers = workerCount()
    portFromEnv()
  } catch (err) {
    fail(err)
  }
  if (workers > 0 && cluster.isPrimary) {
    runPrimary(workers, name).catch(fail)
  } else {
    runServer(app, name).catch(fail)
  }
}

/** A server process (a worker, or the only process): listens, then leaves gracefully when told. */
async function runServer (app: Application, name: string): Promise<void> {
  await connectSharedState()
  const server: ShutdownableServer<http.Server> = shutdownable(http.createServer(app), { timeout: SHUTDOWN_TIMEOUT })
  let left: Promise<void> | undefined
  const leave = (): Promise<void> => {
    left ??= (async () => {
      leaving = true
      await server.shutdown()
      await closeSharedState().catch(() => {})
      // Every connection is closed; leave now rather than wait for idle handles of libraries.
      process.exit(0)
    })()
    return left
  }
  if (cluster.isWorker) {
    process.on('message', (message: unknown) => {
      if ((message as LeaveMessage | null)?.ristrettoCluster === 'leave') leave()
    })
    // The primary is gone (it crashed, or was killed): leave too.
    process.on('disconnect', () => { leave() })
    // Ctrl-C in a terminal signals the whole group: the primary decides, workers leave when told.
    process.on('SIGINT', () => {})
    process.on('SIGTERM', () => { leave() })
  } else {
    for (const signal of ['SIGTERM', 'SIGINT'] as const) process.once(signal, () => { leave() })
  }
  server.listen(portFromEnv(), () => {
    const { port } = server.address() as AddressInfo
    if (!cluster.isWorker) console.log(`${name} listening on http://localhost:${port}/`)
  })
}

/** The primary: forks `count` workers, replaces those that die, rolls them over on SIGHUP, stops on SIGTERM/SIGINT. */
async function runPrimary (count: number, name: string): Promise<void> {
  if (redisUrl()) {
    // Fail before forking: every worker would fail the same way.
    await connectSharedState()
    await closeSharedState()
  }
  startPrimaryStores()
  /** Workers that serve; those told to leave are no longer in it. */
  const serving = new Set<Worker>()
  const leavingWorkers = new Set<Worker>()
  let stopping = false
  let port = 0
  /** Whether every first worker listens (later ones are replacements). */
  let started = false

  const fork = (): Promise<Worker> => new Promise((resolve, reject) => {
    const worker = cluster.fork()
    serving.add(worker)
    let listened = false
    worker.once('listening', (address) => {
      listened = true
      port = address.port
      if (started) console.log(`worker ${worker.process.pid} listening`)
      resolve(worker)
    })
    worker.once('exit', (code, signal) => {
      serving.delete(worker)
      if (leavingWorkers.delete(worker) || stopping) return
      if (!listened) {
        reject(new Error(`worker ${worker.process.pid} exited before listening (${signal ?? `code ${code}`})`))
        return
      }
      console.error(`worker ${worker.process.pid} died (${signal ?? `code ${code}`}); starting another`)
      fork().catch(fail)
    })
  })

  /** Tells `worker` to leave; resolves with how long it took to exit, in ms. */
  const retire = (worker: Worker): Promise<number> => new Promise((resolve) => {
    const started = process.hrtime.bigint()
    serving.delete(worker)
    leavingWorkers.add(worker)
    const kill = setTimeout(() => worker.process.kill('SIGKILL'), SHUTDOWN_TIMEOUT + 5000)
    worker.once('exit', () => {
      clearTimeout(kill)
      resolve(Number(process.hrtime.bigint() - started) / 1e6)
    })
    if (worker.isConnected()) worker.send({ ristrettoCluster: 'leave' } satisfies LeaveMessage)
    else worker.process.kill('SIGTERM')
  })

  let rolling: Promise<void> | undefined
  let again = false
  const rollingRestart = async (): Promise<void> => {
    const old = [...serving]
    console.log(`rolling restart of ${old.length} workers`)
    for (const worker of old) {
      if (stopping) return
      // The new worker listens before the old one leaves: the port always has enough workers.
      const fresh = await fork()
      const ms = await retire(worker)
      console.log(`worker ${worker.process.pid} left in ${ms.toFixed(1)} ms; worker ${fresh.process.pid} took its place`)
    }
    console.log('rolling restart done')
  }
  process.on('SIGHUP', () => {
    if (rolling) { again = true; return }
    const run = async (): Promise<void> => {
      do {
        again = false
        await rollingRestart()
      } while (again && !stopping)
      rolling = undefined
    }
    rolling = run().catch(fail)
  })

  const stop = (): void => {
    if (stopping) return
    stopping = true
    console.log('stopping: workers finish their requests')
    Promise.all([...serving, ...leavingWorkers].map(retire)).then(() => process.exit(0))
  }
  process.once('SIGTERM', stop)
  process.once('SIGINT', stop)

  await Promise.all(Array.from({ length: count }, fork))
  started = true
  console.log(`${name} listening on http://localhost:${port}/ with ${count} workers (primary pid ${process.pid}; kill -HUP it for a rolling restart)`)
}
