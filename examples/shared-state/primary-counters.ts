// Rate-limit counters without Redis: express-rate-limit's memory stores kept by the cluster primary,
// one per limiter, reached by the workers over the cluster's IPC channel.
import { MemoryStore, type IncrementResponse, type Options as RateLimitOptions, type Store as RateLimitStore } from 'express-rate-limit'
import { answerCalls, callPrimary, primaryDependency } from './primary-channel'
import { unavailable } from './unavailable'

/** A counter operation, as a worker asks the primary for it. */
interface CounterOp { op: 'increment' | 'decrement' | 'resetKey', prefix: string, key: string, windowMs: number }
/** What `increment` answers over IPC (a Date travels as a string). */
interface Hits { totalHits: number, resetTime?: string }

/** The kind of the workers' calls to the primary's counters. */
const CALLS = 'rate-limit'

let stores: Map<string, MemoryStore> | undefined

/** In the cluster primary: keeps the rate-limit counters its workers share, a memory store per limiter (prefix). */
export function startPrimaryCounters (): void {
  if (stores) return
  const byPrefix = new Map<string, MemoryStore>()
  stores = byPrefix
  answerCalls(CALLS, async (args): Promise<Hits | undefined> => {
    const { op, prefix, key, windowMs } = args as CounterOp
    let store = byPrefix.get(prefix)
    if (!store) {
      store = new MemoryStore()
      store.init({ windowMs } as RateLimitOptions)
      byPrefix.set(prefix, store)
    }
    if (op !== 'increment') {
      await store[op](key)
      return undefined
    }
    const { totalHits, resetTime } = await store.increment(key)
    return { totalHits, resetTime: resetTime?.toISOString() }
  })
}

/** A rate limiter's store in a cluster worker: the primary's counters, each failure a 503. */
export class PrimaryCounters implements RateLimitStore {
  readonly localKeys = false
  private windowMs = 60_000

  constructor (readonly prefix: string) {}

  init (options: RateLimitOptions): void {
    this.windowMs = options.windowMs
  }

  private async call<R> (op: CounterOp['op'], key: string): Promise<R> {
    const args: CounterOp = { op, prefix: this.prefix, key, windowMs: this.windowMs }
    try {
      return await callPrimary<R>(CALLS, args)
    } catch (err) {
      throw unavailable('rate-limit', primaryDependency, err)
    }
  }

  async increment (key: string): Promise<IncrementResponse> {
    const { totalHits, resetTime } = await this.call<Hits>('increment', key)
    return { totalHits, resetTime: resetTime === undefined ? undefined : new Date(resetTime) }
  }

  async decrement (key: string): Promise<void> { await this.call('decrement', key) }
  async resetKey (key: string): Promise<void> { await this.call('resetKey', key) }
}
