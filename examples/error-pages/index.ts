// Error pages: a custom 404 and error page as views, JSON or text by Accept, stack traces only with `verbose errors`.
import path from 'node:path'
import express = require('../../presets/default')
import createError from 'http-errors'
import { exampleDir, listen } from '../support'
import type { ErrorRequestHandler } from '../../kernel'

const app = express()
app.set('views', path.join(exampleDir('error-pages'), 'views'))
app.set('view engine', 'ejs')
// Stack traces on error pages while developing; never in production or tests.
if (app.get('env') === 'development') app.enable('verbose errors')

app.use(function viewLocals (req, res, next) {
  res.locals.base = req.baseUrl
  next()
})

app.get('/', function index (req, res) {
  res.render('index')
})

// An error that carries its status: 403.
app.get('/403', function forbidden (req, res, next) {
  next(createError(403, 'You may not see this page'))
})

// A thrown error: the router catches it and passes it on, a 500.
app.get('/500', function fails () {
  throw new Error('Something broke in a handler')
})

// Express 4 does not catch rejected promises: forward them to next.
app.get('/async', function failsLater (req, res, next) {
  Promise.reject(new Error('Something broke later')).catch(next)
})

// Nothing answered: the 404 page.
app.use(function notFound (req, res) {
  res.status(404).format({
    html () { res.render('404', { url: req.originalUrl }) },
    json () { res.json({ error: 'Not found' }) },
    default () { res.type('text').send('Not found') }
  })
})

// The error page: the status from the error (500 when it has none); its message only when safe.
const onError: ErrorRequestHandler = function onError (err, req, res, next) {
  const status = typeof err.status === 'number' && err.status >= 400 && err.status < 600 ? err.status : 500
  const verbose = req.app.enabled('verbose errors')
  if (status >= 500 && req.app.get('env') !== 'test') console.error(err)
  const message = (status < 500 && err.expose) || verbose ? String(err.message) : 'Internal Server Error'
  res.status(status).format({
    html () {
      res.render('500', { status, message, stack: verbose ? err.stack : '' }, function rendered (renderErr, html) {
        if (renderErr) res.type('text').send(`${status}: ${message}`)
        else res.send(html)
      })
    },
    json () { res.json({ error: message, status }) },
    default () { res.type('text').send(`${status}: ${message}`) }
  })
}
app.use(onError)

export = app

if (require.main === module) listen(app, 'error-pages')
