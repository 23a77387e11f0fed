// The `json` predefined format: the combined format's tokens as the fields of one JSON object a line.
import type { LogRecord, LoggerRequest, LoggerResponse, TokenIndexer } from './types'

/** A token's value, looked up by name at call time (so redefined tokens are used); absent values are `null`. */
function text (tokens: TokenIndexer, name: string, req: LoggerRequest, res: LoggerResponse, arg?: string): string | null {
  const fn = tokens[name]
  if (typeof fn !== 'function') return null
  // As a method of `tokens`, like the tokens of compiled formats.
  const value: unknown = arg === undefined ? fn.call(tokens, req, res) : fn.call(tokens, req, res, arg)
  if (value === undefined || value === null || value === false) return null
  return typeof value === 'string' ? value : String(value)
}

/** A numeric token's value as a number; `null` when absent or not a finite number. */
function number (tokens: TokenIndexer, name: string, req: LoggerRequest, res: LoggerResponse, arg?: string): number | null {
  const value = text(tokens, name, req, res, arg)
  if (value === null || value.trim() === '') return null
  const n = Number(value)
  return Number.isFinite(n) ? n : null
}

/**
 * The `json` format: one JSON object a line with the fields of the combined format and the
 * response time. `date` is ISO 8601; `status`, `content-length` and `response-time` are
 * numbers; values that are absent are `null`. Values are the tokens' raw output: the JSON
 * serialisation escapes them.
 *
 * @example
 * app.use(logger('json'))
 * // {"remote-addr":"::1","remote-user":null,"date":"2025-01-02T03:04:05.678Z","method":"GET","url":"/",
 * //  "http-version":"1.1","status":200,"content-length":12,"referrer":null,"user-agent":"curl/8.5.0","response-time":1.234}
 */
export function json (tokens: TokenIndexer, req: LoggerRequest, res: LoggerResponse): LogRecord {
  return {
    'remote-addr': text(tokens, 'remote-addr', req, res),
    'remote-user': text(tokens, 'remote-user', req, res),
    date: text(tokens, 'date', req, res, 'iso'),
    method: text(tokens, 'method', req, res),
    url: text(tokens, 'url', req, res),
    'http-version': text(tokens, 'http-version', req, res),
    status: number(tokens, 'status', req, res),
    'content-length': number(tokens, 'res', req, res, 'content-length'),
    referrer: text(tokens, 'referrer', req, res),
    'user-agent': text(tokens, 'user-agent', req, res),
    'response-time': number(tokens, 'response-time', req, res)
  }
}
