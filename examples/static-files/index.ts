// Static files: framework.static serves a public folder at the root and again under /assets with caching.
import path from 'node:path'
import express = require('../../presets/default')
import escapeHtml from 'escape-html'
import { exampleDir, listen } from '../support'
import type { ErrorRequestHandler } from '../../kernel'

/** The files served; dotfiles in it are never served. */
const PUBLIC_DIR = path.join(exampleDir('static-files'), 'public')

const app = express()

// At the root: /css/style.css, /hello.txt, and / gives index.html.
app.use(express.static(PUBLIC_DIR))

// The same files under /assets, cached for a day; a missing file stops here with a 404 (fallthrough off).
app.use('/assets', express.static(PUBLIC_DIR, { maxAge: '1d', immutable: true, fallthrough: false }))

app.use(function notFound (req, res) {
  res.status(404).send(`<p>No file at ${escapeHtml(req.originalUrl)}.</p>`)
})

// With fallthrough off, static passes its errors on: 404s, 403s for dotfiles and traversal, 400s.
const onStaticError: ErrorRequestHandler = function onStaticError (err, req, res, next) {
  const status = typeof err.status === 'number' && err.status >= 400 && err.status < 500 ? err.status : 500
  if (status === 500) return next(err)
  res.status(status).send(`<p>${status === 404 ? 'No such asset' : 'That asset cannot be served'}.</p>`)
}
app.use(onStaticError)

export = app

if (require.main === module) listen(app, 'static-files')
