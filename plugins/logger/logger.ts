// The logger function: `logger(format, options)` makes the middleware; tokens and formats hang off it by name.
import depd from 'depd'
import onHeaders from 'on-headers'
import { createBufferStream } from './buffer-stream'
import { compile } from './compile'
import { COMBINED, COMMON, DEFAULT, SHORT, TINY, dev } from './formats'
import { json } from './json-format'
import { jsonLine } from './json-line'
import { onResponseFinished } from '../shared/response-finished'
// From its own file: the logger also runs alone (`ristretto/logger` in an Express app), without the kernel.
import { ErrorCode } from '../../kernel/errors'
import { recordStartTime } from './timing'
import { PREDEFINED_TOKENS, remoteAddress } from './tokens'
import type {
  FormatFn, Logger, LoggerMiddleware, LoggerOptions, LoggerRequest, LoggerResponse, LogStream, TokenCallbackFn, TokenIndexer
} from './types'

/** Deprecations are reported under morgan's namespace, so `NO_DEPRECATION=morgan` silences them as before. */
const deprecate = depd('morgan')

/** Interval of the deprecated `buffer: true` option, in ms. */
const DEFAULT_BUFFER_INTERVAL = 1000

/** Own properties of the logger that are never taken as a format name, unless defined with `format()`/`token()`. */
const RESERVED_NAMES: ReadonlySet<string> = new Set(['token', 'format', 'compile', 'length', 'name', 'prototype'])

/** Names defined through `token()` or `format()`. */
const definedNames = new Set<string>()

const hasOwn = (obj: object, key: string): boolean => Object.prototype.hasOwnProperty.call(obj, key)

/** Reports a failure to build or write a line after the response, without taking the process down. */
function reportLogFailure (err: unknown): void {
  const error = err instanceof Error ? err : new Error(String(err))
  process.emitWarning('a request log line could not be written: ' + error.message, {
    type: 'LoggerWarning',
    code: ErrorCode.LOGGER_FAILED,
    detail: error.stack
  })
}

/** The format function for a format name, a format string, or a falsy value (the deprecated default). */
function formatFunction (name: unknown): FormatFn {
  let format: unknown = name
  if (typeof name === 'string' && (definedNames.has(name) || (hasOwn(logger, name) && !RESERVED_NAMES.has(name)))) {
    const registered = logger[name]
    if (typeof registered === 'string' || typeof registered === 'function') format = registered
  }
  if (!format) format = logger.default
  return typeof format === 'function' ? format as FormatFn : compile(format as string)
}

/** Builds the middleware for a resolved format and options. */
function createMiddleware (formatLine: FormatFn, options: LoggerOptions, stream: LogStream): LoggerMiddleware {
  const immediate = Boolean(options.immediate)
  const skip = options.skip
  const tokens = logger as unknown as TokenIndexer

  function writeLine (req: LoggerRequest, res: LoggerResponse): void {
    if (skip && skip(req, res)) return
    const output = formatLine(tokens, req, res)
    if (output === undefined || output === null) return
    // A record is written as one JSON line; anything else as the line it is.
    const line = typeof output === 'object' ? jsonLine(output) : output
    if (line === undefined) return
    stream.write(line + '\n')
  }

  function writeFinishedLine (_err: Error | null, res: LoggerResponse): void {
    try {
      writeLine(res.req as LoggerRequest, res)
    } catch (err) {
      reportLogFailure(err)
    }
  }

  return function logger (req: LoggerRequest, res: LoggerResponse, next?: (err?: Error) => void): void {
    req._startAt = undefined
    req._startTime = undefined
    req._remoteAddress = remoteAddress(req)
    res._startAt = undefined
    res._startTime = undefined
    recordStartTime.call(req)

    if (immediate) {
      writeLine(req, res)
    } else {
      onHeaders(res, recordStartTime)
      if (res.req === req) {
        onResponseFinished(res, writeFinishedLine, 'response')
      } else {
        onResponseFinished(res, function writeFinishedRequestLine () {
          try { writeLine(req, res) } catch (err) { reportLogFailure(err) }
        }, 'response')
      }
    }

    if (typeof next === 'function') next()
  }
}

/**
 * Makes request-logging middleware. `format` is a predefined format name (`combined`,
 * `common`, `dev`, `json`, `short`, `tiny`), a format string of `:tokens`, or a function
 * `(tokens, req, res)` returning the line, or an object written as one JSON line
 * (`undefined`/`null` logs nothing).
 *
 * @example
 * app.use(logger('tiny'))
 * app.use(logger(':method :url :status', { stream: accessLog, skip: (req) => req.url === '/health' }))
 */
const logger = function logger (format?: unknown, options?: LoggerOptions): LoggerMiddleware {
  let fmt = format
  let opts: LoggerOptions = options || {}

  if (format && typeof format === 'object') {
    opts = format as LoggerOptions
    fmt = opts.format || 'default'
    deprecate('morgan(options): use morgan("default", options) instead')
  }
  if (fmt === undefined) {
    deprecate('undefined format: specify a format')
  }

  if (opts.skip && typeof opts.skip !== 'function') {
    throw new TypeError('option skip must be a function')
  }
  const formatLine = typeof fmt === 'function' ? fmt as FormatFn : formatFunction(fmt)

  let stream: LogStream = opts.stream || process.stdout
  if (typeof stream.write !== 'function') {
    throw new TypeError('option stream must have a write method')
  }
  if (opts.buffer) {
    deprecate('buffer option')
    stream = createBufferStream(stream, typeof opts.buffer === 'number' ? opts.buffer : DEFAULT_BUFFER_INTERVAL)
  }

  return createMiddleware(formatLine, opts, stream)
} as Logger

/** Sets a named property of the logger, replacing whatever was there (even `name` or `length`). */
function defineNamed (name: string, value: unknown): void {
  Object.defineProperty(logger, name, { configurable: true, enumerable: true, writable: true, value })
  definedNames.add(name)
}

Object.defineProperty(logger, 'token', {
  configurable: true,
  writable: true,
  value: function token (name: string, fn: TokenCallbackFn<any, any>): Logger {
    if (typeof fn !== 'function') throw new TypeError('argument fn must be a function')
    defineNamed(String(name), fn)
    return logger
  }
})

Object.defineProperty(logger, 'format', {
  configurable: true,
  writable: true,
  value: function format (name: string, fmt: string | FormatFn<any, any>): Logger {
    if (typeof fmt !== 'string' && typeof fmt !== 'function') {
      throw new TypeError('argument format must be a string or a function')
    }
    defineNamed(String(name), fmt)
    return logger
  }
})

Object.defineProperty(logger, 'compile', { configurable: true, writable: true, value: compile })

logger.format('combined', COMBINED)
logger.format('common', COMMON)
logger.format('default', DEFAULT)
deprecate.property(logger, 'default', 'default format: use combined format')
logger.format('short', SHORT)
logger.format('tiny', TINY)
logger.format('dev', dev)
logger.format('json', json)

for (const [name, fn] of PREDEFINED_TOKENS) logger.token(name, fn as TokenCallbackFn<LoggerRequest, LoggerResponse>)

export { logger }
