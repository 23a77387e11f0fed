// A JSON web service: an API key, a small resource with validation, and every error answered as JSON.
import express = require('../../presets/default')
import createError from 'http-errors'
import { listen } from '../support'
import type { ErrorRequestHandler, RequestHandler } from '../../kernel'

interface Todo { id: number, title: string, done: boolean }

/** The keys this service accepts, in the `X-Api-Key` header or the `api-key` query parameter. */
const API_KEYS = new Set(['foo', 'bar'])
/** Longest title accepted, so one request cannot store megabytes. */
const MAX_TITLE = 200
/** Most todos kept, for the same reason. */
const MAX_TODOS = 1000

const todos = new Map<number, Todo>([
  [1, { id: 1, title: 'Write the examples', done: true }],
  [2, { id: 2, title: 'Test the examples', done: false }]
])
let nextId = 3

/** Refuses requests without a known API key (401). */
const requireApiKey: RequestHandler = function requireApiKey (req, res, next) {
  const key = req.get('x-api-key') ?? req.query['api-key']
  if (typeof key !== 'string' || key === '') return next(createError(401, 'An API key is required'))
  if (!API_KEYS.has(key)) return next(createError(401, 'Invalid API key'))
  next()
}

/** Refuses request bodies that are not JSON (415), before the parser skips them silently. */
const requireJson: RequestHandler = function requireJson (req, res, next) {
  if (!req.is('application/json')) return next(createError(415, 'Send a JSON body (Content-Type: application/json)'))
  next()
}

/** Validates the fields of a todo from an untrusted body; `partial` allows missing fields (PATCH). */
function readTodo (body: unknown, partial: boolean): { title?: string, done?: boolean } {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) throw createError(400, 'The body must be a JSON object')
  const { title, done } = body as Record<string, unknown>
  const out: { title?: string, done?: boolean } = {}
  if (title !== undefined || !partial) {
    if (typeof title !== 'string' || title.trim() === '') throw createError(422, '"title" must be a non-empty string')
    if (title.length > MAX_TITLE) throw createError(422, `"title" must be at most ${MAX_TITLE} characters`)
    out.title = title.trim()
  }
  if (done !== undefined) {
    if (typeof done !== 'boolean') throw createError(422, '"done" must be true or false')
    out.done = done
  }
  return out
}

const api = express.Router()
api.use(requireApiKey)

api.param('id', function loadTodo (req, res, next, value: string) {
  const todo = /^\d{1,9}$/.test(value) ? todos.get(Number(value)) : undefined
  if (!todo) return next(createError(404, `No todo with id "${value}"`))
  res.locals.todo = todo
  next()
})

api.get('/todos', function listTodos (req, res) {
  const list = [...todos.values()]
  const done = req.query.done
  res.json(done === 'true' || done === 'false' ? list.filter((t) => t.done === (done === 'true')) : list)
})

api.post('/todos', requireJson, express.json({ limit: '10kb' }), function createTodo (req, res) {
  if (todos.size >= MAX_TODOS) throw createError(507, 'The todo list is full', { expose: true })
  const fields = readTodo(req.body, false)
  const todo: Todo = { id: nextId++, title: fields.title as string, done: fields.done ?? false }
  todos.set(todo.id, todo)
  res.status(201).location(`${req.baseUrl}/todos/${todo.id}`).json(todo)
})

api.get('/todos/:id', function showTodo (req, res) {
  res.json(res.locals.todo)
})

api.patch('/todos/:id', requireJson, express.json({ limit: '10kb' }), function updateTodo (req, res) {
  const todo = res.locals.todo as Todo
  Object.assign(todo, readTodo(req.body, true))
  res.json(todo)
})

api.delete('/todos/:id', function deleteTodo (req, res) {
  todos.delete((res.locals.todo as Todo).id)
  res.status(204).end()
})

const app = express()

app.get('/', function describeApi (req, res) {
  res.json({
    name: 'todos',
    endpoints: ['GET /api/todos', 'POST /api/todos', 'GET /api/todos/:id', 'PATCH /api/todos/:id', 'DELETE /api/todos/:id'],
    auth: 'X-Api-Key header or ?api-key= (try "foo")'
  })
})
app.use('/api', api)

// Nothing matched: a JSON 404 rather than the HTML page.
app.use(function notFound (req, res, next) {
  next(createError(404, `Cannot ${req.method} ${req.path}`))
})

// Every error as `{ error: { status, message } }`; details of server errors stay in the log.
const onError: ErrorRequestHandler = function onError (err, req, res, next) {
  const status = typeof err.status === 'number' && err.status >= 400 && err.status < 600 ? err.status : 500
  if (status >= 500 && req.app.get('env') !== 'test') console.error(err)
  const message = err.expose ? err.message : 'Internal Server Error'
  res.status(status).json({ error: { status, message } })
}
app.use(onError)

export = app

if (require.main === module) listen(app, 'json-api')
