// A third-party plugin in use: the full framework's plugins plus a correlation-id plugin, built with createFramework.
import express = require('../../presets/default')
import { createFramework } from '../../kernel'
import { listen } from '../support'
import { correlationIdPlugin } from './correlation-id-plugin'
import type { ErrorRequestHandler } from '../../kernel'

/** Everything the default preset has, plus correlation ids. */
const framework = createFramework({ plugins: [...express.plugins, correlationIdPlugin()] })

const app = framework()

app.get('/', function index (req, res) {
  res.json({ correlationId: req.correlationId, plugins: framework.plugins.map((p) => p.name) })
})

// The id ties a client's report to the server's log line.
app.get('/fail', function fail (req) {
  throw new Error(`Failure in request ${req.correlationId}`)
})

app.post('/echo', framework.json({ limit: '1kb' }), function echo (req, res) {
  res.json({ correlationId: req.correlationId, body: req.body })
})

app.use(function notFound (req, res) {
  res.status(404).json({ error: `Cannot ${req.method} ${req.path}`, correlationId: req.correlationId })
})

const onError: ErrorRequestHandler = function onError (err, req, res, next) {
  const status = typeof err.status === 'number' && err.status >= 400 && err.status < 600 ? err.status : 500
  if (status >= 500 && req.app.get('env') !== 'test') console.error(`[${req.correlationId}]`, err)
  res.status(status).json({ error: status < 500 && err.expose ? err.message : 'Internal Server Error', correlationId: req.correlationId })
}
app.use(onError)

export = app

if (require.main === module) listen(app, 'third-party-plugin')
