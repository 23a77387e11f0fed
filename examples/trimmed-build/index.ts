// A trimmed build: the minimal preset plus only the plugins a JSON service needs, put together with createFramework.
import minimal = require('../../presets/minimal')
import { createFramework } from '../../kernel'
import { queryPlugin } from '../../plugins/query'
import { requestPlugin } from '../../plugins/request'
import { responsePlugin } from '../../plugins/response'
import { bodyJsonPlugin } from '../../plugins/body-json'
import { listen } from '../support'
import type { ErrorRequestHandler } from '../../kernel'

/**
 * Routing, the final handler and app.fetch (minimal), query parsing, the request and response helpers, and
 * the JSON parser: no views, static files, downloads or other body parsers.
 */
const framework = createFramework({
  plugins: [...minimal.plugins, queryPlugin(), requestPlugin(), responsePlugin(), bodyJsonPlugin()]
})

/** Keys: letters, digits, `-`, `_` and `.`, up to 64 characters. */
const KEY = /^[\w.-]{1,64}$/
/** Most keys kept. */
const MAX_KEYS = 1000

const store = new Map<string, unknown>([['greeting', 'hello']])

const app = framework()

app.get('/', function index (req, res) {
  res.json({ plugins: framework.plugins.map((p) => p.name), keys: `${req.baseUrl}/keys` })
})

app.get('/keys', function listKeys (req, res) {
  const prefix = typeof req.query.prefix === 'string' ? req.query.prefix : ''
  res.json([...store.keys()].filter((k) => k.startsWith(prefix)))
})

app.param('key', function checkKey (req, res, next, key: string) {
  if (!KEY.test(key)) return res.status(400).json({ error: 'Keys are 1 to 64 letters, digits, "-", "_" or "."' })
  next()
})

app.get('/keys/:key', function getKey (req, res) {
  if (!store.has(req.params.key)) return res.status(404).json({ error: `No key "${req.params.key}"` })
  res.json({ key: req.params.key, value: store.get(req.params.key) })
})

app.put('/keys/:key', framework.json({ limit: '4kb' }), function putKey (req, res) {
  const body: unknown = req.body
  if (!req.is('json') || typeof body !== 'object' || body === null || !('value' in body)) {
    return res.status(400).json({ error: 'Send a JSON object with a "value"' })
  }
  if (!store.has(req.params.key) && store.size >= MAX_KEYS) return res.status(507).json({ error: 'The store is full' })
  const created = !store.has(req.params.key)
  store.set(req.params.key, (body as { value: unknown }).value)
  res.status(created ? 201 : 200).json({ key: req.params.key, value: store.get(req.params.key) })
})

app.delete('/keys/:key', function deleteKey (req, res) {
  res.sendStatus(store.delete(req.params.key) ? 204 : 404)
})

app.use(function notFound (req, res) {
  res.status(404).json({ error: `Cannot ${req.method} ${req.path}` })
})

const onError: ErrorRequestHandler = function onError (err, req, res, next) {
  const status = typeof err.status === 'number' && err.status >= 400 && err.status < 600 ? err.status : 500
  res.status(status).json({ error: status < 500 && err.expose ? err.message : 'Internal Server Error' })
}
app.use(onError)

export = app

if (require.main === module) listen(app, 'trimmed-build')
