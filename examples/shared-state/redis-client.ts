// The Redis client of the process, when REDIS_URL is set: connected at start, reconnecting by
// itself, its outages logged as one line each way.
import { createClient } from 'redis'
import { Dependency } from './dependency'

export type Redis = ReturnType<typeof createClient>

/** Redis as a dependency: its outages are logged once each way. */
export const redisDependency = new Dependency('redis')

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
export function redisClient (): Redis | undefined {
  const url = redisUrl()
  if (!url) return undefined
  if (redis) return redis
  const client: Redis = createClient({
    url,
    disableOfflineQueue: true,
    socket: {
      connectTimeout: 2000,
      reconnectStrategy: (retries: number, cause: Error) => everConnected ? Math.min(50 * 2 ** retries, 1000) : cause
    }
  })
  // node-redis reconnects by itself: the outage is one line as it begins, one as it ends.
  client.on('error', (err: Error) => {
    if (everConnected && !client.isReady) redisDependency.lost(err.message)
  })
  client.on('ready', () => { redisDependency.back() })
  redis = client
  return client
}

/**
 * Connects to Redis when REDIS_URL is set; rejects with an error naming REDIS_URL when it
 * cannot be reached. Does nothing without REDIS_URL.
 */
export async function connectRedis (): Promise<void> {
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
export async function closeRedis (): Promise<void> {
  if (redis?.isOpen) await redis.close()
}

/** Whether Redis can serve requests: connected, or not in use (no REDIS_URL). */
export function redisReady (): boolean {
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
