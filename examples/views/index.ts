// Views: EJS as the default engine (loaded by extension), pug as a second one through consolidate, and an error view.
import path from 'node:path'
import express = require('../../presets/default')
import cons from 'consolidate'
import createError from 'http-errors'
import { exampleDir, listen } from '../support'
import type { ErrorRequestHandler } from '../../kernel'

interface User { id: number, name: string, age: number, likes: string[] }

const users: User[] = [
  { id: 0, name: 'Tobi', age: 4, likes: ['naps', 'treats'] },
  { id: 1, name: 'Loki', age: 2, likes: ['chasing <b>tails</b>'] },
  { id: 2, name: 'Jane', age: 6, likes: ['sunny windows'] }
]

/** Longest name /hello greets. */
const MAX_NAME = 60

const app = express()
app.set('views', path.join(exampleDir('views'), 'views'))
// `view engine` makes `res.render('index')` mean index.ejs; ejs is required by extension.
app.set('view engine', 'ejs')
// A second engine for .pug files, through consolidate's adapter.
app.engine('pug', cons.pug)

// Links in the views start at the app's mount path, so the app also works mounted under a prefix.
app.use(function viewLocals (req, res, next) {
  res.locals.base = req.baseUrl
  next()
})

app.get('/', function index (req, res) {
  res.render('index', { title: 'Users', users })
})

app.get('/pug', function pugIndex (req, res) {
  res.render('users.pug', { title: 'Users (pug)', users })
})

app.get('/users/:id', function showUser (req, res, next) {
  const user = users.find((u) => String(u.id) === req.params.id)
  if (!user) return next(createError(404, `No user ${req.params.id}`))
  res.render('user', { user })
})

// User input reaches the page only through escaping output tags (<%= %>).
app.get('/hello', function hello (req, res, next) {
  const name = req.query.name
  if (typeof name !== 'string' || name.trim() === '' || name.length > MAX_NAME) {
    return next(createError(400, `Give a name of 1 to ${MAX_NAME} characters, as ?name=`))
  }
  res.render('hello', { name })
})

// A view that does not exist: the render error goes to next(err), then to the error view.
app.get('/broken', function broken (req, res) {
  res.render('no-such-view')
})

app.use(function notFound (req, res, next) {
  next(createError(404, 'Page not found'))
})

const onError: ErrorRequestHandler = function onError (err, req, res, next) {
  const status = typeof err.status === 'number' && err.status >= 400 && err.status < 600 ? err.status : 500
  if (status >= 500 && req.app.get('env') !== 'test') console.error(err)
  const message = status < 500 && err.expose ? err.message : 'Something went wrong.'
  res.status(status)
  // Render with a callback, so a failing error view still ends in a plain answer.
  res.render('error', { status, message }, function rendered (renderErr, html) {
    if (renderErr) res.type('text').send(`${status}: ${message}`)
    else res.send(html)
  })
}
app.use(onError)

export = app

if (require.main === module) listen(app, 'views')
