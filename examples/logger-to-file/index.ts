// Request logging: every request in the combined format to a file under the temp folder, errors also to the console.
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import express = require('../../presets/default')
import logger = require('../../plugins/logger')
import createError from 'http-errors'
import { listen } from '../support'
import type { ErrorRequestHandler } from '../../kernel'

/** The access log: ACCESS_LOG, else <tmp>/ristretto-examples/access.log. */
const LOG_FILE = process.env.ACCESS_LOG || path.join(os.tmpdir(), 'ristretto-examples', 'access.log')
/** How much of the end of the log /log reads. */
const TAIL_BYTES = 16 * 1024
/** How many lines /log shows. */
const TAIL_LINES = 20

fs.mkdirSync(path.dirname(LOG_FILE), { recursive: true })
const accessLog = fs.createWriteStream(LOG_FILE, { flags: 'a' })
// A log file that cannot be written must not take the server down.
accessLog.on('error', function logFileError (err) {
  console.error(`access log ${LOG_FILE}: ${err.message}`)
})

/** The last lines of the log file (at most TAIL_LINES, from its last TAIL_BYTES). */
async function tail (file: string): Promise<string[]> {
  const handle = await fs.promises.open(file, 'r')
  try {
    const { size } = await handle.stat()
    const length = Math.min(size, TAIL_BYTES)
    const { buffer } = await handle.read(Buffer.alloc(length), 0, length, size - length)
    const lines = buffer.toString('utf8').split('\n').filter(Boolean)
    // The first line is partial when the read started mid-file.
    if (length < size) lines.shift()
    return lines.slice(-TAIL_LINES)
  } finally {
    await handle.close()
  }
}

const app = express()
app.locals.logFile = LOG_FILE

// Every request, in Apache's combined format, to the file.
app.use(logger('combined', { stream: accessLog }))
// Failed requests also to the console, in the short colored `dev` format (not during tests).
if (app.get('env') !== 'test') {
  app.use(logger('dev', { skip: (req, res) => res.statusCode < 400 }))
}

app.get('/', function home (req, res) {
  res.type('text').send(`Requests are logged to ${LOG_FILE}. See ${req.baseUrl}/log for the last lines.\n`)
})

app.get('/log', function showLog (req, res, next) {
  tail(LOG_FILE).then((lines) => { res.type('text').send(lines.join('\n') + '\n') }, next)
})

app.post('/echo', express.json({ limit: '1kb' }), function echo (req, res) {
  res.json({ received: req.body ?? null })
})

app.get('/fail', function fail () {
  throw new Error('This request fails on purpose')
})

app.use(function notFound (req, res, next) {
  next(createError(404, `Nothing at ${req.path}`))
})

const onError: ErrorRequestHandler = function onError (err, req, res, next) {
  const status = typeof err.status === 'number' && err.status >= 400 && err.status < 600 ? err.status : 500
  res.status(status).type('text').send(status < 500 && err.expose ? `${err.message}\n` : 'Internal Server Error\n')
}
app.use(onError)

export = app

if (require.main === module) listen(app, 'logger-to-file')
