// State that must outlive a process: sessions and rate-limit counters, in Redis when REDIS_URL is set,
// else shared by the workers of one machine through the cluster primary.
import cluster, { type Worker } from 'node:cluster'
import session from 'express-session'
import { RedisStore as RedisSessionStore } from 'connect-redis'
import { RedisStore as RedisRateLimitStore } from 'rate-limit-redis'
import { ClusterMemoryStorePrimary, ClusterMemoryStoreWorker } from '@express-rate-limit/cluster-memory-store'
import { createClient } from 'redis'
import createError from 'http-errors'
import type { HttpError } from 'http-errors'
import type { IncrementResponse, Options as RateLimitOptions, Store as RateLimitStore } from 'express-rate-limit'

/** Seconds a client is told to wait (`Retry-After`) when the shared state is unreachable. */
export const RETRY_AFTER = 2

/** The 503 of a request that needs the shared state while it is unreachable. */
export function unavailable (what: string, cause?: unknown): HttpError {
  const err = createError(503, `The ${what} store is unavailable for a moment; please try again.`, { expose: true, cause })
  err.headers = { 'Retry-After': String(RETRY_AFTER) }
  return err
}

type Redis = ReturnType<typeof createClient>

let redis: Redis | undefined
let everConnected = false

/** `REDIS_URL`, when set (and not empty). */
export function redisUrl (): string | undefined {
  return process.env.REDIS_URL || undefined
}

/**
 * The Redis client of this process, when REDIS_URL is set. Commands fail at once while it is
 * disconnected (no offline queue), so requests get a 503 rather than waiting; it reconnects by
 * itself once it has connected a first time.
 */
function redisClient (): Redis | undefined {
  const url = redisUrl()
  if (!url) return undefined
  if (redis) return redis
  redis = createClient({
    url,
    disableOfflineQueue: true,
    socket: {
      connectTimeout: 2000,
      reconnectStrategy: (retries: number, cause: Error) => everConnected ? Math.min(50 * 2 ** retries, 1000) : cause
    }
  })
  let reported = false
  redis.on('error', (err: Error) => {
    // Reported once per outage; node-redis reconnects by itself.
    if (!reported && everConnected) console.error(`redis: ${err.message} (reconnecting)`)
    reported = true
  })
  redis.on('ready', () => { reported = false })
  return redis
}

/**
 * Connects to Redis when REDIS_URL is set; rejects with an error naming REDIS_URL when it
 * cannot be reached. Does nothing without REDIS_URL.
 */
export async function connectSharedState (): Promise<void> {
  const client = redisClient()
  if (!client || client.isOpen) return
  try {
    await client.connect()
    everConnected = true
  } catch (err) {
    const reason = err instanceof Error ? err.message : String(err)
    throw new Error(`Cannot reach Redis at REDIS_URL=${redactUrl(redisUrl()!)}: ${reason}`, { cause: err })
  }
}

/** Closes the Redis connection, if any. */
export async function closeSharedState (): Promise<void> {
  if (redis?.isOpen) await redis.close()
}

/** Whether the shared state can serve requests: Redis connected when REDIS_URL is set. */
export function sharedStateReady (): boolean {
  return redis ? redis.isReady : true
}

/** The URL without its password, for messages. */
function redactUrl (url: string): string {
  try {
    const parsed = new URL(url)
    if (parsed.password) parsed.password = '***'
    return parsed.toString()
  } catch {
    return '(not a URL)'
  }
}

/** connect-redis, with every store failure a 503 (express-session passes it to `next`). */
class RedisSessions extends RedisSessionStore {
  override get (sid: string, cb: (err?: unknown, data?: any) => void): Promise<any> {
    return super.get(sid, (err, data) => cb(err ? unavailable('session', err) : undefined, data))
  }

  override set (sid: string, sess: session.SessionData, cb?: (err?: unknown) => void): Promise<any> {
    return super.set(sid, sess, (err) => cb?.(err ? unavailable('session', err) : undefined))
  }

  override touch (sid: string, sess: session.SessionData, cb?: (err?: unknown) => void): Promise<any> {
    return super.touch(sid, sess, (err) => cb?.(err ? unavailable('session', err) : undefined))
  }

  override destroy (sid: string, cb?: (err?: unknown) => void): Promise<any> {
    return super.destroy(sid, (err) => cb?.(err ? unavailable('session', err) : undefined))
  }
}

// Sessions without Redis: kept by the cluster primary (or by the process itself when it is not a
// cluster worker), reached by the workers over the cluster's IPC channel.

/** A message from a worker to the primary's session table, and its answer. */
interface SessionCall { ristrettoSessions: 'call', id: number, op: 'get' | 'set' | 'touch' | 'destroy', sid: string, json?: string, expires?: number }
interface SessionAnswer { ristrettoSessions: 'answer', id: number, json?: string | null, error?: string }

/** Milliseconds a worker waits for the primary's answer before failing the request with a 503. */
const CALL_TIMEOUT = 5000
/** Session lifetime when the cookie gives none. */
const DEFAULT_TTL = 24 * 60 * 60 * 1000

/** The session table: JSON by session id, with its expiry; expired entries are swept. */
class SessionTable {
  private readonly entries = new Map<string, { json: string, expires: number }>()

  constructor () {
    setInterval(() => this.sweep(), 60_000).unref()
  }

  run (call: Omit<SessionCall, 'ristrettoSessions' | 'id'>): string | null {
    const now = Date.now()
    switch (call.op) {
      case 'get': {
        const entry = this.entries.get(call.sid)
        if (!entry) return null
        if (entry.expires <= now) { this.entries.delete(call.sid); return null }
        return entry.json
      }
      case 'set':
        this.entries.set(call.sid, { json: call.json ?? '{}', expires: call.expires ?? now + DEFAULT_TTL })
        return null
      case 'touch': {
        const entry = this.entries.get(call.sid)
        if (entry) entry.expires = call.expires ?? now + DEFAULT_TTL
        return null
      }
      case 'destroy':
        this.entries.delete(call.sid)
        return null
    }
  }

  private sweep (): void {
    const now = Date.now()
    for (const [sid, entry] of this.entries) if (entry.expires <= now) this.entries.delete(sid)
  }
}

let table: SessionTable | undefined

function isSessionCall (message: unknown): message is SessionCall {
  return typeof message === 'object' && message !== null && (message as SessionCall).ristrettoSessions === 'call'
}

/** In the cluster primary: keeps the sessions and rate-limit counters its workers share (without Redis). */
export function startPrimaryStores (): void {
  if (redisUrl() || table) return
  table = new SessionTable()
  const sessions = table
  new ClusterMemoryStorePrimary().init()
  cluster.on('message', (worker: Worker, message: unknown) => {
    if (!isSessionCall(message)) return
    let answer: SessionAnswer
    try {
      answer = { ristrettoSessions: 'answer', id: message.id, json: sessions.run(message) }
    } catch (err) {
      answer = { ristrettoSessions: 'answer', id: message.id, error: err instanceof Error ? err.message : String(err) }
    }
    if (worker.isConnected()) worker.send(answer)
  })
}

/** An express-session store over the primary's session table (or a table of its own outside a cluster). */
class SharedSessions extends session.Store {
  private next = 0
  private readonly pending = new Map<number, (answer: SessionAnswer) => void>()

  constructor () {
    super()
    if (cluster.isWorker) {
      process.on('message', (message: unknown) => {
        const answer = message as SessionAnswer
        if (typeof message !== 'object' || message === null || answer.ristrettoSessions !== 'answer') return
        this.pending.get(answer.id)?.(answer)
      })
    }
  }

  private call (op: SessionCall['op'], sid: string, cb: (err?: unknown, json?: string | null) => void, sess?: session.SessionData): void {
    const expires = sess?.cookie?.expires ? new Date(sess.cookie.expires).getTime() : undefined
    const json = op === 'set' ? JSON.stringify(sess) : undefined
    if (!cluster.isWorker) {
      table ??= new SessionTable()
      const local = table
      let result: string | null
      try {
        result = local.run({ op, sid, json, expires })
      } catch (err) {
        cb(unavailable('session', err))
        return
      }
      process.nextTick(cb, undefined, result)
      return
    }
    if (!process.send || !process.connected) { cb(unavailable('session')); return }
    const id = ++this.next
    const timer = setTimeout(() => { this.pending.delete(id); cb(unavailable('session')) }, CALL_TIMEOUT)
    this.pending.set(id, (answer) => {
      clearTimeout(timer)
      this.pending.delete(id)
      if (answer.error !== undefined) cb(unavailable('session', new Error(answer.error)))
      else cb(undefined, answer.json)
    })
    const call: SessionCall = { ristrettoSessions: 'call', id, op, sid, json, expires }
    process.send(call, undefined, undefined, (err: Error | null) => {
      if (err) this.pending.get(id)?.({ ristrettoSessions: 'answer', id, error: err.message })
    })
  }

  override get (sid: string, cb: (err: any, session?: session.SessionData | null) => void): void {
    this.call('get', sid, (err, json) => {
      if (err) return cb(err)
      if (!json) return cb(null, null)
      try {
        cb(null, JSON.parse(json) as session.SessionData)
      } catch (parseErr) {
        cb(parseErr)
      }
    })
  }

  override set (sid: string, sess: session.SessionData, cb?: (err?: any) => void): void {
    this.call('set', sid, (err) => cb?.(err), sess)
  }

  override touch (sid: string, sess: session.SessionData, cb?: (err?: any) => void): void {
    this.call('touch', sid, (err) => cb?.(err), sess)
  }

  override destroy (sid: string, cb?: (err?: any) => void): void {
    this.call('destroy', sid, (err) => cb?.(err))
  }
}

/**
 * The session store: Redis (connect-redis) with REDIS_URL, else the table the workers of this
 * machine share through the cluster primary.
 */
export function sessionStore (prefix: string): session.Store {
  const client = redisClient()
  if (client) return new RedisSessions({ client, prefix: `${prefix}:sess:` })
  return new SharedSessions()
}

/** rate-limit-redis, loading its scripts once Redis is reachable and failing with a 503 while it is not. */
class RedisCounters implements RateLimitStore {
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
    if (!this.client.isReady || !this.options) throw unavailable('rate-limit')
    this.loaded ??= this.inner.init(this.options).catch((err: unknown) => {
      this.loaded = undefined
      throw err
    })
    try {
      await this.loaded
    } catch (err) {
      throw unavailable('rate-limit', err)
    }
    return this.inner
  }

  private async guard<T> (run: (store: RedisRateLimitStore) => Promise<T>): Promise<T> {
    const store = await this.ready()
    try {
      return await run(store)
    } catch (err) {
      throw unavailable('rate-limit', err)
    }
  }

  async increment (key: string): Promise<IncrementResponse> { return this.guard((store) => store.increment(key)) }
  async decrement (key: string): Promise<void> { return this.guard((store) => store.decrement(key)) }
  async resetKey (key: string): Promise<void> { return this.guard((store) => store.resetKey(key)) }
}

/**
 * The store of a rate limiter: Redis with REDIS_URL; the cluster primary's counters in a cluster
 * worker; express-rate-limit's own memory store (`undefined`) in a single process.
 */
export function rateLimitStore (prefix: string): RateLimitStore | undefined {
  const client = redisClient()
  if (client) return new RedisCounters(client, `${prefix}:rl:`)
  if (cluster.isWorker) return new ClusterMemoryStoreWorker({ prefix: `${prefix}:rl:` })
  return undefined
}
