// Routing: a router mounted under /users, named and optional parameters, param callbacks, app.route and next('route').
import express = require('../../presets/default')
import createError from 'http-errors'
import escapeHtml from 'escape-html'
import { listen } from '../support'
import type { ErrorRequestHandler } from '../../kernel'

interface User { id: number, name: string, role: 'admin' | 'member' }

const users: User[] = [
  { id: 0, name: 'tobi', role: 'admin' },
  { id: 1, name: 'loki', role: 'member' },
  { id: 2, name: 'jane', role: 'member' }
]

/** Decimal digits only: `:user` must be an index into the users list. */
const USER_ID = /^\d{1,9}$/

const app = express()
const userRouter = express.Router()

// A param callback: runs once per request before any route using :user, and loads the user.
userRouter.param('user', function loadUser (req, res, next, value: string) {
  if (!USER_ID.test(value)) return next(createError(400, `Invalid user id "${value}"`))
  const user = users.find((u) => u.id === Number(value))
  if (!user) return next(createError(404, `User ${value} not found`))
  res.locals.user = user
  next()
})

userRouter.get('/', function listUsers (req, res) {
  const items = users.map((u) => `<li><a href="${req.baseUrl}/${u.id}">${escapeHtml(u.name)}</a></li>`)
  res.send(`<h1>Users</h1><ul>${items.join('')}</ul>`)
})

userRouter.get('/:user', function showUser (req, res) {
  const user = res.locals.user as User
  res.send(`<h1>${escapeHtml(user.name)}</h1><p>Role: ${user.role}</p>`)
})

// Optional parameter: /users/1/posts and /users/1/posts/3.
userRouter.get('/:user/posts/:post?', function showPosts (req, res) {
  const user = res.locals.user as User
  const which = req.params.post ? `post ${escapeHtml(req.params.post)}` : 'all posts'
  res.send(`${escapeHtml(user.name)}: ${which}`)
})

// next('route') skips the rest of this route's callbacks: members fall through to the next route.
userRouter.get('/:user/admin', function requireAdmin (req, res, next) {
  if ((res.locals.user as User).role !== 'admin') return next('route')
  next()
}, function adminPage (req, res) {
  res.send(`${escapeHtml((res.locals.user as User).name)} is an admin`)
})
userRouter.get('/:user/admin', function notAdmin (req, res) {
  res.status(403).send(`${escapeHtml((res.locals.user as User).name)} is not an admin`)
})

app.get('/', function home (req, res) {
  const base = req.baseUrl
  res.send(`<h1>Routing</h1><ul>
<li><a href="${base}/users">users</a></li>
<li><a href="${base}/users/0/posts/3">a user's post</a></li>
<li><a href="${base}/files/docs/guide.txt">a wildcard path</a></li>
<li><a href="${base}/commits/71dbb9c..4c084f9">a regular-expression route</a></li>
<li><a href="${base}/books">a chained route</a></li>
</ul>`)
})

app.use('/users', userRouter)

// A wildcard: everything after /files/ is params[0].
app.get('/files/*', function showPath (req, res) {
  res.type('text').send(`file: ${req.params[0]}`)
})

// A regular expression: capture groups are params[0], params[1], …
app.get(/^\/commits\/(\w+)(?:\.\.(\w+))?$/, function showCommits (req, res) {
  const from = req.params[0]
  const to = req.params[1]
  res.type('text').send(to ? `commit range ${from}..${to}` : `commit ${from}`)
})

// app.route chains several methods on one path.
const books = ['Dune', 'Emma']
/** Most books on the shelf, and the longest title, so requests cannot fill the memory. */
const MAX_BOOKS = 100
const MAX_TITLE = 200
app.route('/books')
  .get(function listBooks (req, res) { res.json(books) })
  .post(express.json(), function addBook (req, res, next) {
    const title: unknown = req.body && req.body.title
    if (typeof title !== 'string' || title.trim() === '') return next(createError(400, 'A book needs a "title" string'))
    if (title.length > MAX_TITLE) return next(createError(400, `Titles are at most ${MAX_TITLE} characters`))
    if (books.length >= MAX_BOOKS) return next(createError(409, 'The shelf is full'))
    books.push(title.trim())
    res.status(201).json(books)
  })

app.use(function notFound (req, res, next) {
  next(createError(404, `No route for ${req.method} ${req.originalUrl}`))
})

// Errors and 404s as a short text page.
const onError: ErrorRequestHandler = function onError (err, req, res, next) {
  const status = typeof err.status === 'number' && err.status >= 400 && err.status < 600 ? err.status : 500
  const message = status < 500 && err.expose ? err.message : 'Something went wrong'
  res.status(status).type('text').send(`${status}: ${message}`)
}
app.use(onError)

export = app

if (require.main === module) listen(app, 'routing')
