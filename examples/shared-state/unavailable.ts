// The 503 of a request that needs the shared state while it is unreachable, and its log line.
import createError from 'http-errors'
import type { HttpError } from 'http-errors'
import type { Dependency } from './dependency'

/** Seconds a client is told to wait (`Retry-After`) when the shared state is unreachable. */
export const RETRY_AFTER = 2

/** What a 503 of the shared state carries for its log line, out of sight of the app's code. */
const OUTAGE = Symbol('outage')

interface Outage {
  /** The store that failed: `session`, `rate-limit`. */
  what: string
  dependency: Dependency
}

/** The 503 of a request that needs the `what` store while `dependency` cannot serve it. */
export function unavailable (what: string, dependency: Dependency, cause?: unknown): HttpError {
  const err = createError(503, `The ${what} store is unavailable for a moment; please try again.`, { expose: true, cause })
  err.headers = { 'Retry-After': String(RETRY_AFTER) }
  const outage: Outage = { what, dependency }
  Object.defineProperty(err, OUTAGE, { value: outage })
  return err
}

/** The request as the log line names it. */
interface RequestLine {
  method: string
  originalUrl: string
}

/**
 * For an app's error handler: when `err` is the 503 of {@link unavailable}, logs it as an
 * expected outage (no stack; one line at most, none while the outage's own line stands for it)
 * and returns true. Otherwise returns false: the error is the handler's to log.
 * @example if (!logUnavailable(err, req)) console.error(err)
 */
export function logUnavailable (err: unknown, req: RequestLine): boolean {
  const outage = (err as { [OUTAGE]?: Outage } | null)?.[OUTAGE]
  if (outage === undefined) return false
  const cause = (err as Error).cause
  const reason = cause instanceof Error ? cause.message : 'not connected'
  const path = req.originalUrl.split('?')[0]
  outage.dependency.failedRequest(`503 ${req.method} ${path}: ${outage.what} store unavailable (${outage.dependency.name}: ${reason})`)
  return true
}
