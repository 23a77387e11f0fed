// Timing of a request: start marks (`_startAt`, `_startTime`) and the response-time / total-time tokens.
import type { LoggerRequest, LoggerResponse } from './types'

/** Digits after the decimal point when the token has no argument: microsecond precision. */
const DEFAULT_DIGITS = 3
/** The most digits `Number#toFixed` accepts. */
const MAX_DIGITS = 100

/** Records the start marks on a request (entering the logger) or a response (headers written). */
export function recordStartTime (this: LoggerRequest | LoggerResponse): void {
  this._startAt = process.hrtime()
  this._startTime = new Date()
}

/** The number of digits a token argument asks for: an integer from 0 to 100, 3 when absent. */
function toDigits (arg: string | undefined): number {
  if (arg === undefined) return DEFAULT_DIGITS
  const n = Math.trunc(Number(arg))
  return n > 0 ? Math.min(n, MAX_DIGITS) : 0
}

/** `:response-time[digits]`: milliseconds from entering the logger to the headers being written. */
export function responseTime (req: LoggerRequest, res: LoggerResponse, digits?: string): string | undefined {
  const start = req._startAt
  const headers = res._startAt
  if (!start || !headers) return undefined
  const ms = (headers[0] - start[0]) * 1e3 + (headers[1] - start[1]) * 1e-6
  return ms.toFixed(toDigits(digits))
}

/** `:total-time[digits]`: milliseconds from entering the logger to now (the response finished). */
export function totalTime (req: LoggerRequest, res: LoggerResponse, digits?: string): string | undefined {
  const start = req._startAt
  if (!start || !res._startAt) return undefined
  const elapsed = process.hrtime(start)
  const ms = elapsed[0] * 1e3 + elapsed[1] * 1e-6
  return ms.toFixed(toDigits(digits))
}
