// Several routers: two API versions side by side, a nested router with mergeParams, and an admin router with its own guard.
import express = require('../../presets/default')
import createError from 'http-errors'
import { listen } from '../support'
import type { ErrorRequestHandler } from '../../kernel'

interface Post { id: number, author: string, title: string }

const authors = ['tobi', 'loki']
const posts: Post[] = [
  { id: 1, author: 'tobi', title: 'On naps' },
  { id: 2, author: 'tobi', title: 'More naps' },
  { id: 3, author: 'loki', title: 'Tails, chased' }
]

/** The token the admin router wants in `Authorization: Bearer <token>`. */
const ADMIN_TOKEN = process.env.ADMIN_TOKEN || 'letmein'

// Version 1: a flat list of author names.
const v1 = express.Router()
v1.get('/authors', function listAuthorsV1 (req, res) {
  res.json(authors)
})

// Version 2: objects with links, and the posts of each author through a nested router.
const v2 = express.Router()
v2.get('/authors', function listAuthorsV2 (req, res) {
  res.json(authors.map((name) => ({ name, posts: `${req.baseUrl}/authors/${name}/posts` })))
})

// mergeParams: the nested router sees :author from the path it is mounted on.
const authorPosts = express.Router<{ author: string }>({ mergeParams: true })
authorPosts.use(function knownAuthor (req, res, next) {
  if (!authors.includes(req.params.author)) return next(createError(404, `No author "${req.params.author}"`))
  next()
})
authorPosts.get('/', function listPosts (req, res) {
  res.json(posts.filter((p) => p.author === req.params.author))
})
authorPosts.get('/:id', function showPost (req, res, next) {
  const post = posts.find((p) => p.author === req.params.author && String(p.id) === req.params.id)
  if (!post) return next(createError(404, `No post ${req.params.id} by ${req.params.author}`))
  res.json(post)
})
v2.use('/authors/:author/posts', authorPosts)

// The admin router guards every route it holds; the guard runs only for paths under /admin.
const admin = express.Router()
admin.use(function requireToken (req, res, next) {
  if (req.get('authorization') !== `Bearer ${ADMIN_TOKEN}`) {
    res.set('WWW-Authenticate', 'Bearer')
    return next(createError(401, 'The admin API needs a bearer token'))
  }
  next()
})
admin.get('/stats', function stats (req, res) {
  res.json({ authors: authors.length, posts: posts.length })
})

const app = express()
app.get('/', function index (req, res) {
  res.json({ versions: [`${req.baseUrl}/api/v1`, `${req.baseUrl}/api/v2`], admin: `${req.baseUrl}/admin` })
})
app.use('/api/v1', v1)
app.use('/api/v2', v2)
app.use('/admin', admin)

app.use(function notFound (req, res, next) {
  next(createError(404, `Nothing at ${req.path}`))
})

const onError: ErrorRequestHandler = function onError (err, req, res, next) {
  const status = typeof err.status === 'number' && err.status >= 400 && err.status < 600 ? err.status : 500
  res.status(status).json({ error: status < 500 && err.expose ? err.message : 'Internal Server Error' })
}
app.use(onError)

export = app

if (require.main === module) listen(app, 'multi-router')
