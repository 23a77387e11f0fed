// Routers, routes, route parameter inference, app.get<…>(…) explicit generics, param handlers.

// @snippet router-basic
import express from 'express'
const router = express.Router()
router.get('/', (req, res) => { res.send('home') })
express().use('/r', router)

// @snippet router-options
import express from 'express'
const router = express.Router({ mergeParams: true, caseSensitive: false, strict: true })

// @snippet router-options-wrong
import express from 'express'
// @ts-expect-error
const router = express.Router({ merge: true })

// @snippet router-named-import
import { Router } from 'express'
const router = Router()
router.post('/', (req, res) => { res.sendStatus(201) })

// @snippet router-type-annotation
import express, { Router } from 'express'
const router: Router = express.Router()

// @snippet router-factory-function
import { Router } from 'express'
export function usersRouter(): Router {
  const r = Router()
  r.get('/', (req, res) => { res.json([]) })
  return r
}

// @snippet router-is-handler
import express, { RequestHandler } from 'express'
const router = express.Router()
const h: RequestHandler = router

// @snippet router-use-nested
import express from 'express'
const parent = express.Router()
const child = express.Router({ mergeParams: true })
parent.use('/:id/children', child)

// @snippet router-route-chain
import express from 'express'
const router = express.Router()
router.route('/users/:id')
  .all((req, res, next) => next())
  .get((req, res) => { res.send(req.params.id) })
  .delete((req, res) => { res.sendStatus(204) })

// @snippet route-param-inference
import express from 'express'
express().get('/users/:userId/books/:bookId', (req, res) => {
  const u: string = req.params.userId
  const b: string = req.params.bookId
  res.end()
})

// @snippet route-param-inferred-type
import express from 'express'
express().get('/users/:userId', (req, res) => {
  req.params // $ExpectType { userId: string; }
})

// @snippet route-param-unknown
import express from 'express'
express().get('/users/:userId', (req, res) => {
  // @ts-expect-error
  req.params.name
})

// @snippet route-param-optional
import express from 'express'
express().get('/files/:name?', (req, res) => {
  const n: string | undefined = req.params.name
  res.end()
})

// @snippet route-param-dash-dot
import express from 'express'
express().get('/flights/:from-:to', (req, res) => {
  res.send(req.params.from + req.params.to)
})

// @snippet route-param-dot
import express from 'express'
express().get('/plants/:genus.:species', (req, res) => {
  res.send(req.params.genus + req.params.species)
})

// @snippet route-param-regex-falls-back
import express from 'express'
express().get('/user/:id(\\d+)', (req, res) => {
  const any: string = req.params.whatever
})

// @snippet route-no-params
import express from 'express'
express().get('/about', (req, res) => {
  req.params // $ExpectType {}
})

// @snippet route-regexp-path
import express from 'express'
express().get(/.*fly$/, (req, res) => {
  req.params // $ExpectType ParamsDictionary
})

// @snippet route-array-path
import express from 'express'
express().get(['/a', '/b'], (req, res) => { res.end() })

// @snippet route-string-variable
import express from 'express'
const path: string = '/x/:id'
express().get(path, (req, res) => {
  req.params // $ExpectType ParamsDictionary
})

// @snippet route-params-type-alias
import { RouteParameters } from 'express-serve-static-core'
type P = RouteParameters<'/a/:b/c/:d'>
const p: P = { b: '1', d: '2' }

// @snippet explicit-generics-get
import express from 'express'
express().get<{ id: string }, { name: string }>('/users/:id', (req, res) => {
  res.json({ name: req.params.id })
})

// @snippet explicit-generics-get-wrong-body
import express from 'express'
express().get<{ id: string }, { name: string }>('/users/:id', (req, res) => {
  // @ts-expect-error
  res.json({ nom: 'x' })
})

// @snippet explicit-generics-post-body
import express from 'express'
interface Create { title: string }
express().post<{}, { id: number }, Create>('/posts', (req, res) => {
  const t: string = req.body.title
  res.status(201).json({ id: 1 })
})

// @snippet explicit-generics-query
import express from 'express'
express().get<{}, any, any, { limit?: string }>('/list', (req, res) => {
  const l: string | undefined = req.query.limit
  res.end()
})

// @snippet explicit-generics-locals
import express from 'express'
express().get<{}, any, any, {}, { start: number }>('/t', (req, res) => {
  const s: number = res.locals.start
  res.end()
})

// @snippet explicit-generics-router
import express from 'express'
const router = express.Router()
router.put<{ id: string }, void, { done: boolean }>('/todo/:id', (req, res) => {
  const d: boolean = req.body.done
  res.end()
})

// @snippet explicit-generics-route-param-first
import express from 'express'
express().get<'/x/:id'>('/x/:id', (req, res) => {
  res.end()
})

// @snippet explicit-generics-multiple-handlers
import express from 'express'
express().post<{}, { ok: true }, { n: number }>(
  '/n',
  (req, res, next) => { if (req.body.n < 0) return res.status(400).json({ ok: true }); next() },
  (req, res) => { res.json({ ok: true }) }
)

// @snippet router-param
import express from 'express'
const router = express.Router()
router.param('user', (req, res, next, id) => {
  next()
})

// @snippet router-param-callback-form
import express from 'express'
const router = express.Router()
router.param((name, matcher) => (req, res, next, val) => {
  if (matcher.test(val)) next()
  else next('route')
})

// @snippet param-handler-type
import { RequestParamHandler } from 'express'
const p: RequestParamHandler = (req, res, next, value, name) => {
  next()
}

// @snippet route-type
import express, { IRoute } from 'express'
const route: IRoute = express.Router().route('/x' as string)
route.get((req, res) => { res.end() })

// @snippet route-path-property
import express from 'express'
const route = express.Router().route('/x')
const p: string = route.path

// @snippet router-type-irouter
import express, { IRouter } from 'express'
const r: IRouter = express.Router()
r.use((req, res, next) => next())

// @snippet router-all-methods
import express from 'express'
const r = express.Router()
r.all('/', (req, res) => res.end())
r.patch('/', (req, res) => res.end())
r.options('/', (req, res) => res.end())
r.head('/', (req, res) => res.end())

// @snippet router-stack
import express from 'express'
const r = express.Router()
const layers = r.stack.length

// @snippet router-use-returns-this
import express from 'express'
const r = express.Router()
const same = r.use((req, res, next) => next()).get('/', (req, res) => res.end())

// @snippet router-get-chain-type
import express, { Router } from 'express'
const r = express.Router()
const back: Router = r.get('/', (req, res) => res.end())

// @snippet app-get-chain-returns-app
import express from 'express'
const app = express()
const back: express.Express = app.get('/', (req, res) => res.end())

// @snippet handler-array-in-route
import express, { RequestHandler } from 'express'
const a: RequestHandler = (req, res, next) => next()
express().get('/', [a, a], (req: express.Request, res: express.Response) => { res.end() })

// @snippet router-use-error-handler
import express from 'express'
const r = express.Router()
r.use((err: any, req: express.Request, res: express.Response, next: express.NextFunction) => {
  res.status(500).end()
})

// @snippet router-subapp-mount
import express from 'express'
const r = express.Router()
r.use('/sub', express())

// @snippet route-param-with-path-typed-handler
import express, { RequestHandler } from 'express'
const h: RequestHandler<{ id: string }> = (req, res) => { res.send(req.params.id) }
express().get('/items/:id', h)

// @snippet route-param-mismatch-typed-handler
import express, { RequestHandler } from 'express'
const h: RequestHandler<{ id: string }> = (req, res) => { res.send(req.params.id) }
express().get('/items/:itemId', h)

// @snippet router-merge-params-access
import express from 'express'
const child = express.Router({ mergeParams: true })
child.get<{ parentId: string }>('/', (req, res) => {
  const parentId: string = req.params.parentId
})

// @snippet route-wildcard
import express from 'express'
express().get('*', (req, res) => {
  res.status(404).end()
})

// @snippet route-method-unknown
import express from 'express'
const app = express()
// @ts-expect-error
app.fetch('/', () => {})

// @snippet route-chain-param-inference
import express from 'express'
express.Router().route('/books/:bookId').get((req, res) => {
  const id: string = req.params.bookId
  res.end()
})

// @snippet route-chain-param-unknown
import express from 'express'
express.Router().route('/books/:bookId').get((req, res) => {
  // @ts-expect-error
  req.params.author
})

// @snippet router-use-path-params-any
import express from 'express'
express.Router().use('/:version', (req, res, next) => {
  const v: string = req.params.version
  next()
})

// @snippet route-multi-params-type
import express from 'express'
express().get('/a/:x/b/:y', (req, res) => {
  expectType<string>()(req.params.x)
  expectType<string>()(req.params.y)
})

// @snippet route-optional-param-type
import express from 'express'
express().get('/a/:x?', (req, res) => {
  expectType<string | undefined>()(req.params.x)
})

// @snippet route-handler-return-type-ignored
import express from 'express'
express().get('/', (req, res) => Promise.resolve(1))

// @snippet router-param-value-any
import express from 'express'
express.Router().param('n', (req, res, next, value) => {
  expectType<any>()(value)
  next()
})

// @snippet route-all-chain-returns-route
import express, { IRoute } from 'express'
const r = express.Router().route('/x' as string)
const back: IRoute = r.all((req, res, next) => next())

// @snippet handlers-disagree-on-response-body
import express, { RequestHandler } from 'express'
const check: RequestHandler<{}, { error: string }> = (req, res, next) => next()
const show: RequestHandler<{}, { ok: boolean }> = (req, res) => { res.json({ ok: true }) }
const app = express()
// @ts-expect-error
app.get('/', check, show)
