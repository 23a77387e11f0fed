// The request logger's types from a consumer: `ristretto/logger` as morgan users write it.
import fs from 'node:fs'
import http from 'node:http'
import express, { Request, Response } from 'ristretto'
import logger from 'ristretto/logger'
import loggerRequired = require('ristretto/logger')
import { expectType } from './assert-type'

const app = express()
app.use(logger('dev'))
app.use(logger('combined', { stream: fs.createWriteStream('access.log', { flags: 'a' }) }))
app.use(logger(':method :url :status :res[content-length] - :response-time ms', {
  skip: (req, res) => res.statusCode < 400,
  immediate: false
}))
app.get('/', logger('tiny'), (req, res) => { res.send('ok') })

// Tokens and formats typed with the framework's request and response.
logger.token<Request, Response>('route', (req) => req.route?.path.toString())
logger.token('id', (req) => req.headers['x-request-id'] as string | undefined)
logger.format('mine', ':id :method :url')
logger.format<Request, Response>('fn', (tokens, req, res) => [tokens.method(req, res), req.originalUrl, res.statusCode].join(' '))
app.use(logger<Request, Response>((tokens, req, res) => `${req.ip} ${tokens.status(req, res)}`))

const compiled = logger.compile(':method :url')
expectType<loggerRequired.FormatFn>()(compiled)
expectType<string>()(logger.combined)

// A format function returns a line (or nothing), as @types/morgan types it; one returning a
// record, written as a JSON line, takes its own overload.
const line: loggerRequired.FormatFn = (tokens, req, res) => `${tokens.method(req, res)} ${res.statusCode}`
expectType<string | undefined | null>()(line({}, new http.IncomingMessage(null as any), null as any))
app.use(logger((tokens, req, res) => ({ method: tokens.method(req, res), status: res.statusCode })))
// @ts-expect-error a FormatFn returns text, not a record
const notALine: loggerRequired.FormatFn = () => ({ status: 200 })
void notALine
const streamOptions: loggerRequired.StreamOptions = { write: (text) => { process.stdout.write(text) } }
const morganOptions: loggerRequired.Options<http.IncomingMessage, http.ServerResponse> = { stream: streamOptions, skip: () => false }
app.use(logger('tiny', morganOptions))

// Works on a bare node server as well.
const log = loggerRequired('short')
http.createServer((req, res) => {
  log(req, res, (err) => { res.end(err ? 'error' : 'ok') })
})

const options: loggerRequired.LoggerOptions = { buffer: false, stream: process.stdout }
void options

// @ts-expect-error a token callback returns text
logger.token('bad', () => 42)
// @ts-expect-error the stream needs write()
logger('dev', { stream: {} })
