// A TypeScript app written for Express 4 and @types/express, migrated to ristretto: the import
// specifiers are all that changed ('express' → 'ristretto', 'body-parser' → 'ristretto/parser',
// 'morgan' → 'ristretto/logger', 'express-serve-static-core' → 'ristretto/core').
// test/examples/typed-migration.test.ts compiles it both ways and serves it on both frameworks.
import express, { Request, Response, NextFunction, RequestHandler, ErrorRequestHandler, Router } from 'ristretto'
import bodyParser from 'ristretto/parser'
import morgan from 'ristretto/logger'
import type { ParamsDictionary } from 'ristretto/core'

interface User { id: string; name: string; admin: boolean }
interface Book { id: string; title: string; ownerId: string }
interface ApiError { error: string }

// Every handler's `req` gets `user`, as with `declare module 'express-serve-static-core'`.
declare module 'ristretto/core' {
  interface Request { user?: User }
}

const users: Record<string, User> = {
  u1: { id: 'u1', name: 'ada', admin: true },
  u2: { id: 'u2', name: 'tobi', admin: false }
}
const books: Book[] = [{ id: 'b1', title: 'Leviathan Wakes', ownerId: 'u1' }]

/** Validates the body, then passes a typed `req.body` on (any route's params and response body). */
function validate<T> (check: (body: unknown) => body is T): RequestHandler<ParamsDictionary, any, T> {
  return (req, res, next) => {
    if (!check(req.body)) {
      res.status(422).json({ error: 'invalid body' })
      return
    }
    next()
  }
}

/** Forwards a rejected promise to the error handlers (Express 4 does not wait for promises). */
function asyncHandler<P, ResBody, ReqBody> (
  fn: (req: Request<P, ResBody, ReqBody>, res: Response<ResBody>, next: NextFunction) => Promise<void>
): RequestHandler<P, ResBody, ReqBody> {
  return (req, res, next) => { fn(req, res, next).catch(next) }
}

const authenticate: RequestHandler = (req, res, next) => {
  const id = req.get('x-user')
  if (id && users[id]) req.user = users[id]
  next()
}

function requireAdmin (req: Request, res: Response<ApiError>, next: NextFunction): void {
  if (!req.user?.admin) return void res.status(403).json({ error: 'admins only' })
  next()
}

const isNewBook = (body: unknown): body is Pick<Book, 'title'> =>
  typeof body === 'object' && body !== null && typeof (body as { title?: unknown }).title === 'string'

// Books of one user: the parent's `:userId` reaches the handlers through `mergeParams`.
const userBooks = Router({ mergeParams: true })
userBooks.get('/', (req: Request<{ userId: string }>, res: Response<Book[]>) => {
  res.json(books.filter((b) => b.ownerId === req.params.userId))
})
userBooks.post('/', validate(isNewBook), asyncHandler<{ userId: string }, Book, Pick<Book, 'title'>>(async (req, res) => {
  const book: Book = { id: `b${books.length + 1}`, title: req.body.title, ownerId: req.params.userId }
  books.push(book)
  res.status(201).location(`/users/${req.params.userId}/books/${book.id}`).json(book)
}))

const app = express()
app.set('etag', false)
morgan.token('user', (req: Request) => req.user?.name ?? '-')
app.use(morgan(':method :url :status :user', { skip: () => process.env.NODE_ENV === 'test' }))
app.use(bodyParser.json({ limit: '10kb' }))
app.use(authenticate)

app.get('/users/:id', (req, res: Response<User | ApiError, { lookups: number }>) => {
  res.locals.lookups = 1
  const user = users[req.params.id]
  if (!user) return void res.status(404).json({ error: `no user ${req.params.id}` })
  res.set('X-Lookups', String(res.locals.lookups)).json(user)
})
app.use('/users/:userId/books', userBooks)
app.delete('/books/:id', requireAdmin, (req: Request<{ id: string }>, res: Response) => {
  const at = books.findIndex((b) => b.id === req.params.id)
  if (at < 0) return void res.sendStatus(404)
  books.splice(at, 1)
  res.sendStatus(204)
})
app.get('/fail', asyncHandler(async () => { throw new Error('async failure') }))

const onError: ErrorRequestHandler = (err, req, res, next) => {
  if (res.headersSent) return next(err)
  const status: number = err.status ?? err.statusCode ?? 500
  res.status(status).json({ error: status === 500 ? 'internal error' : err.message })
}
app.use(onError)

export default app
