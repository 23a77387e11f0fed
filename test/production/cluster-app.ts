// A child process for the cluster tests: a small app run by examples/cluster (`serve`), as the
// showcase is, that notes the id of every request it handles in a file of its worker.
import fs from 'node:fs'
import path from 'node:path'
import express = require('../../presets/default')
import type { Request } from '../../kernel'
import { healthEndpoints, serve } from '../../examples/cluster'

const logDir = process.env.HANDLED_LOG_DIR
if (!logDir) throw new Error('HANDLED_LOG_DIR is not set')
const logFile = path.join(logDir, String(process.pid))

/** Notes that this worker handles request `id` (written at once: the worker may die next). */
function handled (req: Request): string {
  const id = String(req.query.id)
  fs.appendFileSync(logFile, `${id}\n`)
  return id
}

const app = express()
app.use(healthEndpoints)
app.use((req, res, next) => { res.set('X-Worker', String(process.pid)); next() })
app.get('/work', (req, res) => { res.send(`ok ${handled(req)}`) })
app.get('/slow', (req, res) => {
  const id = handled(req)
  setTimeout(() => res.send(`ok ${id}`), 40)
})
app.post('/upload', (req, res) => {
  const id = handled(req)
  let size = 0
  req.on('data', (chunk: Buffer) => { size += chunk.length })
  req.on('end', () => { res.send(`${id}:${size}`) })
})
// A handler that ends its process: what a crash costs.
app.get('/crash', (req) => {
  handled(req)
  process.exit(1)
})

serve(app, 'cluster-app')
