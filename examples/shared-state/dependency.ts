// A service the shared state depends on (Redis, the cluster primary), and what an operator reads of
// its outages: one line when it stops answering, one when it is back, none per request in between.
import cluster from 'node:cluster'

/** Where a line of the log goes. */
export type LogLine = (line: string) => void

/** Lines go to stderr, each prefixed with `worker <pid>: ` in a cluster worker (the workers share the output). */
const toStderr: LogLine = (line) => { console.error(cluster.isWorker ? `worker ${process.pid}: ${line}` : line) }

/** `n requests were` / `1 request was`. */
function requests (n: number): string {
  return n === 1 ? '1 request was' : `${n} requests were`
}

/**
 * One dependency, reachable or out. An outage is one line as it begins and one as it ends; the
 * requests answered 503 in between are counted, not logged.
 * @example
 * const redis = new Dependency('redis')
 * client.on('error', (err) => redis.lost(err.message))
 * client.on('ready', () => redis.back())
 */
export class Dependency {
  /** When the outage under way began (ms since the epoch); undefined while reachable. */
  private outSince: number | undefined
  /** Requests answered 503 since the outage began. */
  private failed = 0

  constructor (readonly name: string, private readonly log: LogLine = toStderr) {}

  /** Whether an outage is under way. */
  get out (): boolean {
    return this.outSince !== undefined
  }

  /** It stopped answering (`reason`: the client's error): the outage's first line, once. */
  lost (reason: string): void {
    if (this.outSince !== undefined) return
    this.outSince = Date.now()
    this.failed = 0
    this.log(`${this.name} unreachable (${reason}); requests that need it are answered 503 until it is back`)
  }

  /** It answers again: the outage's last line, with its length and the requests it failed. */
  back (): void {
    if (this.outSince === undefined) return
    const seconds = ((Date.now() - this.outSince) / 1000).toFixed(1)
    this.outSince = undefined
    this.log(`${this.name} back after ${seconds} s; ${requests(this.failed)} answered 503 meanwhile`)
  }

  /** A request answered 503 for want of it: counted during an outage, else `line` is logged. */
  failedRequest (line: string): void {
    if (this.outSince !== undefined) this.failed++
    else this.log(line)
  }
}
