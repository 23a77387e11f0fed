// Public types of the request logger: the logger function, its options, formats and tokens.
/// <reference types="node" preserve="true" />
import type { IncomingMessage, ServerResponse } from 'http'

/** The request as the logger sees it: any `http.IncomingMessage`, plus the fields the logger records. */
export interface LoggerRequest extends IncomingMessage {
  /** The URL before any mount rewrote `req.url` (set by the framework). */
  originalUrl?: string
  /** The client address the framework computed (`req.ip`), preferred by `:remote-addr`. */
  ip?: string
  /** `process.hrtime()` when the request entered the logger. */
  _startAt?: [number, number]
  /** Wall-clock time when the request entered the logger. */
  _startTime?: Date
  /** The client address seen when the request entered the logger. */
  _remoteAddress?: string
}

/** The response as the logger sees it: any `http.ServerResponse`, plus the fields the logger records. */
export interface LoggerResponse extends ServerResponse {
  /** `process.hrtime()` when the response headers were written. */
  _startAt?: [number, number]
  /** Wall-clock time when the response headers were written. */
  _startTime?: Date
}

/**
 * A token: returns the text for `:name` or `:name[arg]`. A falsy result prints `-`.
 * Whatever it returns is escaped by compiled formats, so it cannot break the log line.
 */
export type TokenCallbackFn<Req extends IncomingMessage = IncomingMessage, Res extends ServerResponse = ServerResponse> =
  (req: Req, res: Res, arg?: string | number | boolean) => string | undefined

/**
 * A structured log entry a record format returns instead of a line: written as one JSON object
 * on one line (`JSON.stringify`, so values are escaped once, the JSON way). `unknown` values:
 * any JSON-serialisable data (strings, numbers, booleans, null, arrays, objects, dates).
 */
export interface LogRecord { [field: string]: unknown }

/**
 * A format function: returns the log line, or `undefined`/`null` to log nothing. `tokens` is
 * the object holding the tokens (the logger function itself when the logger calls it); tokens
 * return raw, unescaped text.
 */
export type FormatFn<Req extends IncomingMessage = IncomingMessage, Res extends ServerResponse = ServerResponse> =
  (tokens: TokenIndexer<Req, Res>, req: Req, res: Res) => string | undefined | null

/**
 * A format function that may also return a {@link LogRecord}, written as a JSON line.
 *
 * @example
 * app.use(logger((tokens, req, res) => ({ method: tokens.method(req, res), status: res.statusCode })))
 */
export type RecordFormatFn<Req extends IncomingMessage = IncomingMessage, Res extends ServerResponse = ServerResponse> =
  (tokens: TokenIndexer<Req, Res>, req: Req, res: Res) => string | LogRecord | undefined | null

/** A format function compiled from a format string (`logger.compile`): it always returns a line. */
export type CompiledFormatFn<Req extends IncomingMessage = IncomingMessage, Res extends ServerResponse = ServerResponse> =
  (tokens: TokenIndexer<Req, Res>, req: Req, res: Res) => string

/** Where tokens are looked up by name when a line is built. */
export interface TokenIndexer<Req extends IncomingMessage = IncomingMessage, Res extends ServerResponse = ServerResponse> {
  [tokenName: string]: TokenCallbackFn<Req, Res>
}

/** Where lines go: anything with a `write(line)` method (a writable stream, a file stream, a plain object). */
export interface StreamOptions {
  write (str: string): void
}

/** Alias of {@link StreamOptions}. */
export type LogStream = StreamOptions

/** Options of `logger(format, options)`. */
export interface Options<Req extends IncomingMessage = IncomingMessage, Res extends ServerResponse = ServerResponse> {
  /**
   * Deprecated: collect lines and write them together every `buffer` ms (1000 when `true`).
   * @deprecated
   */
  buffer?: boolean | number | undefined
  /** Write the line when the request arrives instead of when the response finishes (no response data). */
  immediate?: boolean | undefined
  /** Do not log when it returns true. */
  skip? (req: Req, res: Res): boolean
  /** Where lines are written, `process.stdout` by default. */
  stream?: StreamOptions | undefined
}

/** Options of the deprecated `logger(options)` form: {@link Options} with the format. */
export interface LoggerOptions<Req extends IncomingMessage = IncomingMessage, Res extends ServerResponse = ServerResponse> extends Options<Req, Res> {
  /**
   * Deprecated: the format, for the `logger(options)` form. Use `logger(format, options)`.
   * @deprecated
   */
  format?: string | RecordFormatFn<Req, Res>
}

/** The middleware `logger()` returns: usable in an app or in a bare `http.createServer` handler. */
export type LoggerMiddleware<Req extends IncomingMessage = IncomingMessage, Res extends ServerResponse = ServerResponse> =
  (req: Req, res: Res, next?: (err?: Error) => void) => void

/** The names of the predefined formats. */
export type PredefinedFormat = 'combined' | 'common' | 'default' | 'dev' | 'json' | 'short' | 'tiny'

/**
 * The logger function (`require('ristretto/logger')`), compatible with morgan 1.12, typed as
 * `@types/morgan` types it. Tokens and formats are also reachable as properties, by name
 * (`logger.combined`, `logger['remote-addr']`).
 *
 * @example
 * app.use(logger('combined', { stream: fs.createWriteStream('access.log', { flags: 'a' }) }))
 * app.use(logger('dev', { skip: (req, res) => res.statusCode < 400 }))
 */
export interface Logger {
  /** Logging middleware for a predefined format name or a format string. */
  <Req extends IncomingMessage = IncomingMessage, Res extends ServerResponse = ServerResponse>(
    format: string, options?: Options<Req, Res>): LoggerMiddleware<Req, Res>
  <Req extends IncomingMessage = IncomingMessage, Res extends ServerResponse = ServerResponse>(
    format: PredefinedFormat, options?: Options<Req, Res>): LoggerMiddleware<Req, Res>
  /** Logging middleware for a format function. */
  <Req extends IncomingMessage = IncomingMessage, Res extends ServerResponse = ServerResponse>(
    format: FormatFn<Req, Res>, options?: Options<Req, Res>): LoggerMiddleware<Req, Res>
  /** Logging middleware for a format function that may return a {@link LogRecord}, written as a JSON line. */
  <Req extends IncomingMessage = IncomingMessage, Res extends ServerResponse = ServerResponse>(
    format: RecordFormatFn<Req, Res>, options?: Options<Req, Res>): LoggerMiddleware<Req, Res>
  /**
   * Deprecated form: options carry the format (`default` when absent).
   * @deprecated Use `logger(format, options)`.
   */
  <Req extends IncomingMessage = IncomingMessage, Res extends ServerResponse = ServerResponse>(
    options: LoggerOptions<Req, Res>): LoggerMiddleware<Req, Res>

  /** Defines (or redefines) the token `:name`. */
  token<Req extends IncomingMessage = IncomingMessage, Res extends ServerResponse = ServerResponse>(
    name: string, callback: TokenCallbackFn<Req, Res>): Logger
  /** Defines (or redefines) a named format: a format string or a format function. */
  format<Req extends IncomingMessage = IncomingMessage, Res extends ServerResponse = ServerResponse>(
    name: string, fmt: string): Logger
  format<Req extends IncomingMessage = IncomingMessage, Res extends ServerResponse = ServerResponse>(
    name: string, fmt: FormatFn<Req, Res>): Logger
  format<Req extends IncomingMessage = IncomingMessage, Res extends ServerResponse = ServerResponse>(
    name: string, fmt: RecordFormatFn<Req, Res>): Logger
  /** Compiles a format string into a format function `(tokens, req, res)`. Throws a TypeError for a non-string. */
  compile<Req extends IncomingMessage = IncomingMessage, Res extends ServerResponse = ServerResponse> (format: string): FormatFn<Req, Res>

  combined: string
  common: string
  /** @deprecated Use `combined`. */
  default: string
  dev: FormatFn
  /**
   * One JSON object a line, with the combined format's tokens as fields (`remote-addr`,
   * `remote-user`, `date` (ISO 8601), `method`, `url`, `http-version`, `status`,
   * `content-length`, `referrer`, `user-agent`, `response-time`): numbers as numbers,
   * absent values as `null`.
   */
  json: RecordFormatFn
  short: string
  tiny: string

  date: TokenCallbackFn
  'http-version': TokenCallbackFn
  method: TokenCallbackFn
  pid: TokenCallbackFn
  referrer: TokenCallbackFn
  'remote-addr': TokenCallbackFn
  'remote-user': TokenCallbackFn
  req: TokenCallbackFn
  res: TokenCallbackFn
  'response-time': TokenCallbackFn
  status: TokenCallbackFn
  'total-time': TokenCallbackFn
  url: TokenCallbackFn
  'user-agent': TokenCallbackFn

  /** Tokens and formats defined later. `unknown` because tokens (functions) and formats (strings or functions) share the names. */
  [name: string]: unknown
}
