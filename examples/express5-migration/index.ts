// An app half-way to Express 5: the catalogue router still runs on Express 4 semantics, the
// orders router is already Express 5's (presets/express5); both are mounted in one app, whose
// migration report lists what the Express 4 half has left to change. Each router's handlers get
// the request and response helpers of its own version.
import express = require('../../presets/default')
import express5 = require('../../presets/express5')
import { createFramework } from '../../kernel'
import { migrationReportPlugin } from '../../plugins/migration-report'
import { listen } from '../support'
import type { ErrorRequestHandler, Request, Response } from '../../kernel'

/** The default preset with the migration report: Express 4 semantics, watched. */
const framework = createFramework({ plugins: [express.plugins, migrationReportPlugin()] })

const books = [{ id: '1', title: 'Dune' }, { id: '2', title: 'Emma' }]

// Express 4 half: path-to-regexp 0.1 syntax (`:id?`, `*`) and Express 4 forms not yet migrated.
const catalogue = framework.Router()
catalogue.get('/books/:id?', function listOrShow (req, res) {
  if (req.params.id === undefined) return res.json(books)
  const book = books.find((b) => b.id === req.params.id)
  // A statement, not `return res.send(404)`: where strict code makes proper tail calls (Bun),
  // a call in tail position leaves no frame of this handler, and the report cannot name its line.
  if (!book) { res.send(404); return }
  res.json(book)
})
catalogue.get('/covers/*', function cover (req, res) {
  res.json({ file: req.params[0] })
})
catalogue.get('/origin', function origin (req, res) {
  res.json({ host: req.host })   // Express 4's req.host: the host name, without the port
})

// Express 5 half: path-to-regexp 8 syntax (`{/:id}`, `*name`) and rejected promises handled.
interface Order { id: string, items: string[] }
const orders: Order[] = [{ id: 'a1', items: ['1'] }]
const shop = express5.Router()
shop.get('/orders{/:id}', function listOrShow (req: Request<{ id?: string }>, res: Response) {
  if (req.params.id === undefined) return res.json(orders)
  const order = orders.find((o) => o.id === req.params.id)
  if (!order) return res.status(404).json({ error: 'no such order' })
  res.json(order)
})
shop.get('/receipts/*file', function receipt (req: Request<{ file: string[] }>, res: Response) {
  res.json({ file: req.params.file.join('/') })
})
// Express 5 helpers: `res.send(number)` sends the number as JSON; `req.host` keeps the port.
shop.get('/orders/:id/count', function count (req: Request<{ id: string }>, res: Response) {
  const order = orders.find((o) => o.id === req.params.id)
  if (!order) return res.status(404).json({ error: 'no such order' })
  res.send(order.items.length)
})
shop.get('/origin', function origin (req: Request, res: Response) {
  res.json({ host: req.host })
})
shop.post('/orders', async function create () {
  await Promise.resolve()
  throw Object.assign(new Error('orders are closed'), { status: 503, expose: true })
})

const app = framework()
app.use('/v4', catalogue)
app.use('/v5', shop)
app.get('/migration', function migration (req, res) {
  res.type('text').send(String(app.migrationReport()))
})
const onError: ErrorRequestHandler = function onError (err, req, res, next) {
  void next
  const status = typeof err.status === 'number' && err.status >= 400 && err.status < 600 ? err.status : 500
  res.status(status).json({ error: status < 500 || err.expose ? err.message : 'Internal Server Error' })
}
app.use(onError)

export = app

if (require.main === module) listen(app, 'express5-migration')
