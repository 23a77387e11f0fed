// Routers, routes and path-to-regexp 8 route parameters.

// @snippet router-basic
import express from 'express'
const router = express.Router()
router.get('/', (req, res) => { res.send('home') })
express().use('/r', router)

// @snippet router-named
import { Router } from 'express'
const router = Router()
router.post('/', (req, res) => { res.sendStatus(201) })

// @snippet router-options
import express from 'express'
express.Router({ mergeParams: true, caseSensitive: false, strict: true })

// @snippet router-options-wrong
import express from 'express'
// @ts-expect-error
express.Router({ merge: true })

// @snippet router-annotation
import express, { Router } from 'express'
const router: Router = express.Router()

// @snippet router-is-request-handler
import express, { RequestHandler } from 'express'
const h: RequestHandler = express.Router()

// @snippet router-param
import express from 'express'
const router = express.Router()
router.param('user', (req, res, next, id) => { next() })

// @snippet router-param-fn-removed
import express from 'express'
const router = express.Router()
// @ts-expect-error
router.param((name: string) => (req, res, next) => next())

// @snippet router-route
import express from 'express'
express.Router().route('/users/:id')
  .get((req, res) => { req.params.id })
  .put((req, res) => { res.end() })

// @snippet router-stack
import express from 'express'
const n: number = express.Router().stack.length

// @snippet params-named
import express from 'express'
express().get('/users/:id', (req, res) => {
  req.params.id // $ExpectType string
})

// @snippet params-two
import express from 'express'
express().get('/users/:userId/books/:bookId', (req, res) => {
  req.params.userId // $ExpectType string
  req.params.bookId // $ExpectType string
})

// @snippet params-unknown-name
import express from 'express'
express().get('/users/:id', (req, res) => {
  // @ts-expect-error
  req.params.name
})

// @snippet params-optional-group
import express from 'express'
express().get('/:id{/:page}', (req, res) => {
  req.params.id // $ExpectType string
  req.params.page // $ExpectType string | undefined
})

// @snippet params-optional-not-string
import express from 'express'
express().get('/:id{/:page}', (req, res) => {
  // @ts-expect-error
  const page: string = req.params.page
})

// @snippet params-wildcard
import express from 'express'
express().get('/files/*splat', (req, res) => {
  req.params.splat // $ExpectType string[]
})

// @snippet params-wildcard-join
import express from 'express'
express().get('/files/*path', (req, res) => {
  res.sendFile(req.params.path.join('/'))
})

// @snippet params-wildcard-not-string
import express from 'express'
express().get('/files/*path', (req, res) => {
  // @ts-expect-error
  const p: string = req.params.path
})

// @snippet params-extension
import express from 'express'
express().get('/report.:format', (req, res) => {
  req.params.format // $ExpectType string
})

// @snippet params-dash
import express from 'express'
express().get('/flights/:from-:to', (req, res) => {
  req.params.from // $ExpectType string
  req.params.to // $ExpectType string
})

// @snippet params-regexp
import express from 'express'
express().get(/^\/post\/(\d+)$/, (req, res) => {
  req.params[0] // $ExpectType string
})

// @snippet params-regexp-named-group
import express from 'express'
express().get(/^\/u\/(?<name>\w+)$/, (req, res) => {
  const n: string = req.params.name
})

// @snippet params-non-literal
import express from 'express'
const path: string = '/x'
express().get(path, (req, res) => {
  req.params.anything // $ExpectType string | string[]
})

// @snippet params-explicit-generic
import express from 'express'
express().get<'/u/:id', { id: string; extra: string }>('/u/:id', (req, res) => {
  req.params.extra // $ExpectType string
})

// @snippet params-typed-handler
import express, { Request, Response } from 'express'
function show(req: Request<{ slug: string }>, res: Response) { res.send(req.params.slug) }
express().get('/posts/:slug', show)

// @snippet params-route-generic
import express from 'express'
express().route('/a/:b').get((req, res) => {
  req.params.b // $ExpectType string
})

// @snippet params-use-path
import express from 'express'
express().use('/tenant/:tenant', (req, res, next) => {
  req.params.tenant // $ExpectType string
  next()
})

// @snippet params-route-wildcard
import express from 'express'
express().route('/static/*rest').get((req, res) => {
  req.params.rest // $ExpectType string[]
})

// @snippet path-array
import express from 'express'
express().get(['/a', '/b'], (req, res) => { res.end() })

// @snippet path-number-wrong
import express from 'express'
// @ts-expect-error
express().get(42, (req, res) => { res.end() })

// @snippet route-path
import express from 'express'
const p: string = express().route('/x').path

// @snippet iroute-type
import express, { IRoute } from 'express'
// @ts-expect-error
const r: IRoute = express.Router().route('/y')

// @snippet irouter-type
import express, { IRouter } from 'express'
const r: IRouter = express.Router()
