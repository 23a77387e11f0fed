// Body parsing: the built-in json, urlencoded, text and raw parsers, each on its own route with its own limits.
import express = require('../../presets/default')
import createError from 'http-errors'
import { listen } from '../support'
import type { ErrorRequestHandler, RequestHandler } from '../../kernel'

/**
 * Answers 415 when the body is not of the route's type: the built-in parsers skip such bodies
 * (leaving req.body `{}`), so the route says so instead of working on an empty body.
 */
function requireType (...types: string[]): RequestHandler {
  return function requireType (req, res, next) {
    if (!req.is(types)) return next(createError(415, `Expected a body of type ${types.join(' or ')}`))
    next()
  }
}

const app = express()

app.get('/', function index (req, res) {
  res.type('text').send([
    'POST JSON to /json, a form to /form, text to /text, and bytes (application/octet-stream) to /raw.',
    'Each answers with what it parsed.',
    ''
  ].join('\n'))
})

// JSON objects and arrays only (`strict`), at most 10 kB.
app.post('/json', requireType('json'), express.json({ limit: '10kb' }), function json (req, res) {
  res.json({ type: 'json', body: req.body })
})

// HTML forms: nested keys (`a[b]=c`) with the extended parser, at most 50 fields.
app.post('/form', requireType('urlencoded'), express.urlencoded({ extended: true, limit: '10kb', parameterLimit: 50 }), function form (req, res) {
  res.json({ type: 'urlencoded', body: req.body })
})

// Plain text in any charset the Content-Type names, decoded to a string.
app.post('/text', requireType('text/*'), express.text({ type: 'text/*', limit: '10kb' }), function text (req, res) {
  const body = req.body as string
  res.json({ type: 'text', length: body.length, lines: body.split('\n').length, body })
})

// Bytes, kept as a Buffer: the answer describes them without echoing them.
app.post('/raw', requireType('application/octet-stream'), express.raw({ limit: '64kb' }), function raw (req, res) {
  const body = req.body as Buffer
  res.json({ type: 'raw', bytes: body.length, first: body.subarray(0, 4).toString('hex') })
})

app.use(function notFound (req, res, next) {
  next(createError(404, `Cannot ${req.method} ${req.path}`))
})

// Parser errors carry a status and a `type` (entity.parse.failed, entity.too.large, …): both go to the client.
const onError: ErrorRequestHandler = function onError (err, req, res, next) {
  const status = typeof err.status === 'number' && err.status >= 400 && err.status < 600 ? err.status : 500
  res.status(status).json({
    error: status < 500 && err.expose ? err.message : 'Internal Server Error',
    type: typeof err.type === 'string' ? err.type : undefined
  })
}
app.use(onError)

export = app

if (require.main === module) listen(app, 'body-parsing')
