// morgan: predefined formats, format strings and functions, tokens, compile, options.

// @snippet predefined-formats
import express from 'express'
import morgan from 'morgan'
const app = express()
app.use(morgan('combined'))
app.use(morgan('common'))
app.use(morgan('dev'))
app.use(morgan('short'))
app.use(morgan('tiny'))

// @snippet import-equals
import express = require('express')
import morgan = require('morgan')
express().use(morgan('dev'))

// @snippet format-string
import morgan from 'morgan'
morgan(':method :url :status :res[content-length] - :response-time ms')

// @snippet format-function
import morgan from 'morgan'
morgan((tokens, req, res) => [
  tokens.method(req, res),
  tokens.url(req, res),
  tokens.status(req, res),
  tokens['response-time'](req, res), 'ms'
].join(' '))

// @snippet format-function-returns-undefined
import morgan from 'morgan'
morgan((tokens, req, res) => undefined)

// @snippet format-function-returns-null
import morgan from 'morgan'
morgan((tokens, req, res) => null)

// @snippet format-function-token-result-type
import morgan from 'morgan'
morgan((tokens, req, res) => {
  tokens.status(req, res) // $ExpectType string | undefined
  return ''
})

// @snippet format-function-token-arg
import morgan from 'morgan'
morgan((tokens, req, res) => `${tokens.res(req, res, 'content-length')} ${tokens.date(req, res, 'iso')}`)

// @snippet format-function-returns-number
import morgan from 'morgan'
// @ts-expect-error
morgan((tokens, req, res) => 42)

// @snippet options-skip
import morgan from 'morgan'
morgan('combined', { skip: (req, res) => res.statusCode < 400 })

// @snippet options-skip-method
import morgan from 'morgan'
morgan('dev', {
  skip(req, res) { return req.url === '/health' }
})

// @snippet options-stream
import morgan from 'morgan'
import fs from 'fs'
const accessLogStream = fs.createWriteStream('/tmp/access.log', { flags: 'a' })
morgan('combined', { stream: accessLogStream })

// @snippet options-stream-object
import morgan from 'morgan'
morgan('tiny', { stream: { write: (str: string) => { process.stdout.write(str) } } })

// @snippet options-immediate-buffer
import morgan from 'morgan'
morgan('short', { immediate: true })
morgan('short', { buffer: true })

// @snippet options-immediate-wrong
import morgan from 'morgan'
// @ts-expect-error
morgan('short', { immediate: 'yes' })

// @snippet options-unknown
import morgan from 'morgan'
// @ts-expect-error
morgan('short', { colors: true })

// @snippet options-type
import morgan from 'morgan'
import http from 'http'
const o: morgan.Options<http.IncomingMessage, http.ServerResponse> = { immediate: false }
morgan('tiny', o)

// @snippet stream-options-type
import morgan from 'morgan'
const s: morgan.StreamOptions = { write: (line) => {} }
morgan('tiny', { stream: s })

// @snippet token-define
import morgan from 'morgan'
morgan.token('type', (req, res) => req.headers['content-type'])

// @snippet token-define-returns-morgan
import morgan from 'morgan'
morgan.token('id', (req) => 'x').token('other', () => 'y')

// @snippet token-with-arg
import morgan from 'morgan'
morgan.token('header', (req, res, arg) => (typeof arg === 'string' ? String(req.headers[arg]) : undefined))

// @snippet token-typed-request
import morgan from 'morgan'
import express from 'express'
morgan.token<express.Request, express.Response>('body', (req, res) => JSON.stringify(req.body))

// @snippet token-returns-number
import morgan from 'morgan'
// @ts-expect-error
morgan.token('n', () => 1)

// @snippet token-callback-type
import morgan from 'morgan'
const cb: morgan.TokenCallbackFn = (req, res, arg) => req.method
morgan.token('m', cb)

// @snippet format-define-string
import morgan from 'morgan'
morgan.format('joke', '[joke] :method :url :status')
morgan('joke')

// @snippet format-define-function
import morgan from 'morgan'
morgan.format('fn', (tokens, req, res) => `${tokens.method(req, res)}`)

// @snippet format-fn-type
import morgan from 'morgan'
const fmt: morgan.FormatFn = (tokens, req, res) => tokens.url(req, res)
morgan(fmt)

// @snippet compile
import morgan from 'morgan'
const fn = morgan.compile(':method :url')
fn // $ExpectType FormatFn<IncomingMessage, ServerResponse<IncomingMessage>>

// @snippet compile-call
import morgan from 'morgan'
import http from 'http'
const fn = morgan.compile(':method :url')
declare const req: http.IncomingMessage
declare const res: http.ServerResponse
const line: string | undefined | null = fn(morgan as any, req, res)

// @snippet compile-wrong-arg
import morgan from 'morgan'
// @ts-expect-error
morgan.compile(42)

// @snippet token-indexer-type
import morgan from 'morgan'
function f(tokens: morgan.TokenIndexer) {
  const m: morgan.TokenCallbackFn = tokens['method']
}

// @snippet typed-request-options
import morgan from 'morgan'
import express from 'express'
morgan<express.Request, express.Response>('dev', {
  skip: (req, res) => req.path === '/health' || res.locals.quiet
})

// @snippet middleware-callable
import morgan from 'morgan'
import http from 'http'
const logger = morgan('tiny')
http.createServer((req, res) => {
  logger(req, res, (err) => { res.end() })
})

// @snippet middleware-result-void
import morgan from 'morgan'
import http from 'http'
declare const req: http.IncomingMessage
declare const res: http.ServerResponse
morgan('tiny')(req, res, () => {}) // $ExpectType void

// @snippet morgan-no-args
import morgan from 'morgan'
// @ts-expect-error
morgan()

// @snippet morgan-number-format
import morgan from 'morgan'
// @ts-expect-error
morgan(1)

// @snippet morgan-on-router
import express from 'express'
import morgan from 'morgan'
express.Router().use(morgan('combined'))

// @snippet morgan-mount-path
import express from 'express'
import morgan from 'morgan'
express().use('/api', morgan('dev'))

// @snippet format-string-variable
import morgan from 'morgan'
const format: string = process.env.LOG_FORMAT ?? 'combined'
morgan(format)

// @snippet token-on-morgan-result
import morgan from 'morgan'
const m = morgan.token('a', () => 'b')
m.format('x', ':a')

// @snippet format-defined-then-used
import express from 'express'
import morgan from 'morgan'
morgan.format('mine', ':method :url')
express().use(morgan('mine', { immediate: true }))

// @snippet compile-then-format
import morgan from 'morgan'
const compiled = morgan.compile(':status')
morgan.format('status-only', compiled)

// @snippet compile-used-as-format
import morgan from 'morgan'
morgan(morgan.compile(':method'))

// @snippet token-callback-res-type
import morgan from 'morgan'
morgan.token('st', (req, res) => {
  res // $ExpectType ServerResponse<IncomingMessage>
  return String(res.statusCode)
})

// @snippet token-callback-req-type
import morgan from 'morgan'
morgan.token('u', (req) => {
  req // $ExpectType IncomingMessage
  return req.url
})

// @snippet format-fn-returns-string-expect
import morgan from 'morgan'
const f: morgan.FormatFn = () => 'x'
const r = f({} as morgan.TokenIndexer, {} as any, {} as any) // $ExpectType string | null | undefined

// @snippet skip-returns-non-boolean
import morgan from 'morgan'
// @ts-expect-error
morgan('dev', { skip: () => 'yes' })

// @snippet stream-write-wrong
import morgan from 'morgan'
// @ts-expect-error
morgan('dev', { stream: { write: (n: number) => {} } })

// @snippet morgan-handler-assignable
import morgan from 'morgan'
import { RequestHandler } from 'express'
const h: RequestHandler = morgan('tiny')

// @snippet morgan-generic-express
import morgan from 'morgan'
import express from 'express'
const h = morgan<express.Request, express.Response>('tiny')
express().use(h)

// @snippet format-fn-generic-express
import morgan from 'morgan'
import express from 'express'
const fmt: morgan.FormatFn<express.Request, express.Response> = (tokens, req, res) => `${req.originalUrl} ${res.statusCode}`
express().use(morgan(fmt))
