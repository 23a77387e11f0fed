// Sessions (connect-redis) and rate-limit counters (rate-limit-redis) in Redis, each failure a 503.
import type session from 'express-session'
import { RedisStore as RedisSessionStore } from 'connect-redis'
import { RedisStore as RedisRateLimitStore } from 'rate-limit-redis'
import type { IncrementResponse, Options as RateLimitOptions, Store as RateLimitStore } from 'express-rate-limit'
import { redisDependency, type Redis } from './redis-client'
import { unavailable } from './unavailable'

/** The callback of a store method, given a 503 for any failure. */
function answer (what: string, cb: ((err?: unknown) => void) | undefined): (err?: unknown) => void {
  return (err) => cb?.(err ? unavailable(what, redisDependency, err) : undefined)
}

/** connect-redis, with every store failure a 503 (express-session passes it to `next`). */
export class RedisSessions extends RedisSessionStore {
  override get (sid: string, cb: (err?: unknown, data?: any) => void): Promise<any> {
    return super.get(sid, (err, data) => cb(err ? unavailable('session', redisDependency, err) : undefined, data))
  }

  override set (sid: string, sess: session.SessionData, cb?: (err?: unknown) => void): Promise<any> {
    return super.set(sid, sess, answer('session', cb))
  }

  override touch (sid: string, sess: session.SessionData, cb?: (err?: unknown) => void): Promise<any> {
    return super.touch(sid, sess, answer('session', cb))
  }

  override destroy (sid: string, cb?: (err?: unknown) => void): Promise<any> {
    return super.destroy(sid, answer('session', cb))
  }
}

/** rate-limit-redis, loading its scripts once Redis is reachable and failing with a 503 while it is not. */
export class RedisCounters implements RateLimitStore {
  readonly prefix: string
  readonly localKeys = false
  private readonly inner: RedisRateLimitStore
  private options: RateLimitOptions | undefined
  private loaded: Promise<void> | undefined

  constructor (private readonly client: Redis, prefix: string) {
    this.prefix = prefix
    this.inner = new RedisRateLimitStore({ prefix, sendCommand: (...args: string[]) => client.sendCommand(args) })
  }

  init (options: RateLimitOptions): void {
    this.options = options
  }

  private async ready (): Promise<RedisRateLimitStore> {
    if (!this.client.isReady || !this.options) throw unavailable('rate-limit', redisDependency)
    this.loaded ??= this.inner.init(this.options).catch((err: unknown) => {
      this.loaded = undefined
      throw err
    })
    try {
      await this.loaded
    } catch (err) {
      throw unavailable('rate-limit', redisDependency, err)
    }
    return this.inner
  }

  private async guard<T> (run: (store: RedisRateLimitStore) => Promise<T>): Promise<T> {
    const store = await this.ready()
    try {
      return await run(store)
    } catch (err) {
      throw unavailable('rate-limit', redisDependency, err)
    }
  }

  async increment (key: string): Promise<IncrementResponse> { return this.guard((store) => store.increment(key)) }
  async decrement (key: string): Promise<void> { return this.guard((store) => store.decrement(key)) }
  async resetKey (key: string): Promise<void> { return this.guard((store) => store.resetKey(key)) }
}
