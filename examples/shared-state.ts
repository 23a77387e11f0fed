// State that must outlive a process: sessions and rate-limit counters, in Redis when REDIS_URL is set,
// else shared by the workers of one machine through the cluster primary. A request that needs them
// while they are unreachable is answered 503; each outage is logged as one line when it begins and
// one when it ends.
import cluster from 'node:cluster'
import type session from 'express-session'
import type { Store as RateLimitStore } from 'express-rate-limit'
import { closeRedis, connectRedis, redisClient, redisReady, redisUrl } from './shared-state/redis-client'
import { RedisCounters, RedisSessions } from './shared-state/redis-stores'
import { SharedSessions, startPrimarySessions } from './shared-state/primary-sessions'
import { PrimaryCounters, startPrimaryCounters } from './shared-state/primary-counters'

export { RETRY_AFTER, logUnavailable, unavailable } from './shared-state/unavailable'
export { redisUrl }

/**
 * Connects to Redis when REDIS_URL is set; rejects with an error naming REDIS_URL when it
 * cannot be reached. Does nothing without REDIS_URL.
 */
export const connectSharedState: () => Promise<void> = connectRedis

/** Closes the Redis connection, if any. */
export const closeSharedState: () => Promise<void> = closeRedis

/** Whether the shared state can serve requests: Redis connected when REDIS_URL is set. */
export const sharedStateReady: () => boolean = redisReady

/** In the cluster primary: keeps the sessions and rate-limit counters its workers share (without Redis). */
export function startPrimaryStores (): void {
  if (redisUrl()) return
  startPrimarySessions()
  startPrimaryCounters()
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

/**
 * The store of a rate limiter: Redis with REDIS_URL; the cluster primary's counters in a cluster
 * worker; express-rate-limit's own memory store (`undefined`) in a single process.
 */
export function rateLimitStore (prefix: string): RateLimitStore | undefined {
  const client = redisClient()
  if (client) return new RedisCounters(client, `${prefix}:rl:`)
  if (cluster.isWorker) return new PrimaryCounters(`${prefix}:rl:`)
  return undefined
}
