// The showcase: the other examples mounted under one server, with an index page linking them (`npm start`,
// or `WORKERS=4 npm start` for a cluster; REDIS_URL keeps sessions and rate limits in Redis).
import express = require('../../presets/default')
import escapeHtml from 'escape-html'
import { healthEndpoints, serve } from '../cluster'
import type { Application } from '../../kernel'
import helloWorld = require('../hello-world')
import routing = require('../routing')
import jsonApi = require('../json-api')
import contentNegotiation = require('../content-negotiation')
import cookies = require('../cookies')
import sessions = require('../sessions')
import downloads = require('../downloads')
import staticFiles = require('../static-files')
import views = require('../views')
import errorPages = require('../error-pages')
import multiRouter = require('../multi-router')
import bodyParsing = require('../body-parsing')
import loggerToFile = require('../logger-to-file')
import trimmedBuild = require('../trimmed-build')
import thirdPartyPlugin = require('../third-party-plugin')
import express5Migration = require('../express5-migration')

interface Entry {
  /** The example's folder name, also its mount path. */
  name: string
  app: Application
  about: string
  /** The page the index links, under the mount path (its root by default). */
  start?: string
}

const entries: Entry[] = [
  { name: 'hello-world', app: helloWorld, about: 'The smallest app: one route.' },
  { name: 'routing', app: routing, about: 'A router, params, param callbacks, wildcards, regular expressions, next(\'route\').' },
  { name: 'json-api', app: jsonApi, about: 'A JSON web service with an API key (try ?api-key=foo on /json-api/api/todos) and JSON errors.' },
  { name: 'content-negotiation', app: contentNegotiation, about: 'One resource as HTML, text or JSON with res.format.' },
  { name: 'cookies', app: cookies, about: 'cookie-parser, plain and signed cookies.' },
  { name: 'sessions', app: sessions, about: 'express-session login with scrypt password hashes (tobi / foobar).' },
  { name: 'downloads', app: downloads, about: 'res.download from a files folder.' },
  { name: 'static-files', app: staticFiles, about: 'framework.static, twice, with caching.' },
  { name: 'views', app: views, about: 'EJS views with partials, and pug through consolidate.' },
  { name: 'error-pages', app: errorPages, about: 'Custom 404 and 500 pages.' },
  { name: 'multi-router', app: multiRouter, about: 'API versions, a nested mergeParams router, a guarded admin router.' },
  { name: 'body-parsing', app: bodyParsing, about: 'The json, urlencoded, text and raw parsers (POST to them).' },
  { name: 'logger-to-file', app: loggerToFile, about: 'Combined-format access log in a file; /logger-to-file/log shows its end.' },
  { name: 'trimmed-build', app: trimmedBuild, about: 'The minimal preset plus four plugins.' },
  { name: 'third-party-plugin', app: thirdPartyPlugin, about: 'A correlation-id plugin written on the kernel API.' },
  { name: 'express5-migration', app: express5Migration, about: 'An app half-way to Express 5: an Express 4 router, an Express 5 router, and the migration report of what is left to change.', start: 'migration' }
]

function indexPage (): string {
  const items = entries.map((e) => `<li><a href="/${e.name}/${e.start ?? ''}">${e.name}</a>: ${escapeHtml(e.about)}</li>`)
  return `<!DOCTYPE html>
<html lang="en">
<head><meta charset="utf-8"><title>Ristretto examples</title></head>
<body>
<h1>Ristretto examples</h1>
<ul>
${items.join('\n')}
</ul>
<p>Not mounted here: <code>vhost</code>, which needs host names of its own.
Run it alone with <code>node dist/examples/vhost/index.js</code> and open http://localhost:3000/ and http://tobi.localhost:3000/.</p>
</body>
</html>
`
}

const app = express()

// GET /healthz and /readyz, for a load balancer (see "Running in production" in the README).
app.use(healthEndpoints)

app.get('/', function index (req, res) {
  res.send(indexPage())
})

// Apps of other builds (trimmed-build, third-party-plugin, express5-migration) keep their own
// framework's request and response helpers when mounted, as any mounted app of another framework.
for (const entry of entries) app.use(`/${entry.name}`, entry.app)

app.use(function notFound (req, res) {
  res.status(404).send(`<p>No example at ${escapeHtml(req.path)}. <a href="/">All examples</a></p>`)
})

export = app

// `npm start`: one process, or WORKERS=N workers of a cluster (SIGHUP to the primary: rolling restart).
if (require.main === module) serve(app, 'showcase')
