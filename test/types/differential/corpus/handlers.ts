// Request handlers: RequestHandler / Request / Response generics, middleware factories, async handlers.

// @snippet inline-handler
import express from 'express'
const app = express()
app.get('/', (req, res, next) => {
  res.send('hello')
})

// @snippet typed-handler-const
import express, { Request, Response, NextFunction } from 'express'
const handler = (req: Request, res: Response, next: NextFunction) => {
  res.json({ ok: true })
}
express().use(handler)

// @snippet request-handler-annotation
import { RequestHandler } from 'express'
const h: RequestHandler = (req, res, next) => {
  res.status(204).end()
}

// @snippet namespace-request-handler
import express = require('express')
const h: express.RequestHandler = (req, res) => { res.sendStatus(200) }

// @snippet handler-alias
import { Handler } from 'express'
const h: Handler = (req, res, next) => next()

// @snippet handler-returns-promise
import { RequestHandler } from 'express'
const h: RequestHandler = async (req, res) => {
  await Promise.resolve()
  res.send('done')
}

// @snippet handler-returns-response
import { RequestHandler } from 'express'
const h: RequestHandler = (req, res) => res.send('x')

// @snippet handler-returns-value
import express from 'express'
const app = express()
app.get('/', (req, res) => 42)

// @snippet async-handler-route
import express from 'express'
const app = express()
app.get('/', async (req, res) => {
  const data = await Promise.resolve([1, 2])
  res.json(data)
})

// @snippet handler-params-generic
import { RequestHandler } from 'express'
const h: RequestHandler<{ id: string }> = (req, res) => {
  const id: string = req.params.id
  res.send(id)
}

// @snippet handler-params-missing
import { RequestHandler } from 'express'
const h: RequestHandler<{ id: string }> = (req, res) => {
  // @ts-expect-error
  req.params.name
}

// @snippet handler-resbody-generic
import { RequestHandler } from 'express'
const h: RequestHandler<{}, { ok: boolean }> = (req, res) => {
  res.json({ ok: true })
}

// @snippet handler-resbody-wrong
import { RequestHandler } from 'express'
const h: RequestHandler<{}, { ok: boolean }> = (req, res) => {
  // @ts-expect-error
  res.json({ ok: 'yes' })
}

// @snippet handler-reqbody-generic
import { RequestHandler } from 'express'
interface Login { user: string; password: string }
const h: RequestHandler<{}, any, Login> = (req, res) => {
  const u: string = req.body.user
  res.end()
}

// @snippet handler-reqbody-missing
import { RequestHandler } from 'express'
const h: RequestHandler<{}, any, { a: number }> = (req, res) => {
  // @ts-expect-error
  req.body.b
}

// @snippet handler-query-generic
import { RequestHandler } from 'express'
const h: RequestHandler<{}, any, any, { page?: string }> = (req, res) => {
  const p: string | undefined = req.query.page
  res.end()
}

// @snippet handler-locals-generic
import { RequestHandler } from 'express'
const h: RequestHandler<{}, any, any, {}, { user: { id: number } }> = (req, res) => {
  const id: number = res.locals.user.id
  res.end()
}

// @snippet handler-locals-wrong
import { RequestHandler } from 'express'
const h: RequestHandler<{}, any, any, {}, { count: number }> = (req, res) => {
  // @ts-expect-error
  const c: string = res.locals.count
}

// @snippet handler-all-five
import { RequestHandler } from 'express'
type H = RequestHandler<{ id: string }, { name: string }, { name: string }, { verbose?: string }, { requestId: string }>
const h: H = (req, res) => {
  res.locals.requestId
  res.json({ name: req.body.name + req.params.id })
}

// @snippet handler-too-many-type-args
import { RequestHandler } from 'express'
// @ts-expect-error
type H = RequestHandler<{}, any, any, {}, {}, string>

// @snippet request-generic-params
import { Request } from 'express'
function f(req: Request<{ slug: string }>) {
  return req.params.slug.toUpperCase()
}

// @snippet request-generic-body
import { Request } from 'express'
function f(req: Request<{}, {}, { title: string }>) {
  const t: string = req.body.title
}

// @snippet request-generic-query
import { Request } from 'express'
function f(req: Request<{}, {}, {}, { q: string }>) {
  const q: string = req.query.q
}

// @snippet request-generic-locals
import { Request } from 'express'
function f(req: Request<{}, {}, {}, {}, { tenant: string }>) {
  const t: string | undefined = req.res?.locals.tenant
}

// @snippet request-body-default-any
import { Request } from 'express'
function f(req: Request) {
  req.body // $ExpectType any
}

// @snippet request-params-default
import { Request } from 'express'
function f(req: Request) {
  req.params // $ExpectType ParamsDictionary
}

// @snippet request-params-index
import { Request } from 'express'
function f(req: Request) {
  const x: string = req.params.anything
}

// @snippet request-query-default
import { Request } from 'express'
function f(req: Request) {
  req.query // $ExpectType ParsedQs
}

// @snippet request-query-value
import { Request } from 'express'
function f(req: Request) {
  const q = req.query.search
  if (typeof q === 'string') q.trim()
}

// @snippet response-generic-body
import { Response } from 'express'
function f(res: Response<{ id: number }>) {
  res.json({ id: 1 })
}

// @snippet response-generic-body-wrong
import { Response } from 'express'
function f(res: Response<{ id: number }>) {
  // @ts-expect-error
  res.send({ id: '1' })
}

// @snippet response-generic-locals
import { Response } from 'express'
function f(res: Response<any, { user: string }>) {
  const u: string = res.locals.user
}

// @snippet response-three-args-express
import { Response } from 'express'
// @ts-expect-error
type R = Response<any, {}, 200>

// @snippet response-statuscode-core
import * as core from 'express-serve-static-core'
function f(res: core.Response<string, {}, 200 | 404>) {
  res.status(404).send('nope')
}

// @snippet response-statuscode-core-wrong
import * as core from 'express-serve-static-core'
function f(res: core.Response<string, {}, 200 | 404>) {
  // @ts-expect-error
  res.status(500)
}

// @snippet middleware-factory
import { RequestHandler } from 'express'
function requireHeader(name: string): RequestHandler {
  return (req, res, next) => {
    if (!req.get(name)) return res.status(400).end()
    next()
  }
}

// @snippet middleware-factory-options
import express, { Request, Response, NextFunction } from 'express'
interface Options { realm?: string }
function auth(opts: Options = {}) {
  return function (req: Request, res: Response, next: NextFunction) {
    res.set('WWW-Authenticate', `Basic realm="${opts.realm ?? 'app'}"`)
    next()
  }
}
express().use(auth({ realm: 'x' }))

// @snippet middleware-array
import express, { RequestHandler } from 'express'
const stack: RequestHandler[] = [(req, res, next) => next(), (req, res, next) => next()]
express().use(stack)

// @snippet next-with-error
import { RequestHandler } from 'express'
const h: RequestHandler = (req, res, next) => {
  next(new Error('boom'))
}

// @snippet next-route
import { RequestHandler } from 'express'
const h: RequestHandler = (req, res, next) => {
  next('route')
}

// @snippet next-router
import { RequestHandler } from 'express'
const h: RequestHandler = (req, res, next) => {
  next('router')
}

// @snippet next-any-value
import { NextFunction } from 'express'
function f(next: NextFunction) {
  next({ status: 404 })
  next(null)
  next(undefined)
}

// @snippet next-function-type
import { NextFunction } from 'express'
const next: NextFunction = () => {}

// @snippet handler-wrong-arity
import { RequestHandler } from 'express'
// @ts-expect-error
const h: RequestHandler = (req, res, next, extra) => {}

// @snippet handler-wrong-param-type
import { RequestHandler } from 'express'
// @ts-expect-error
const h: RequestHandler = (req: string, res) => {}

// @snippet handler-inferred-req-type
import express from 'express'
express().use((req, res, next) => {
  req // $ExpectType Request<ParamsDictionary, any, any, ParsedQs, Record<string, any>>
  next()
})

// @snippet handler-inferred-res-type
import express from 'express'
express().use((req, res, next) => {
  res // $ExpectType Response<any, Record<string, any>, number>
  next()
})

// @snippet handler-inferred-next-type
import express from 'express'
express().use((req, res, next) => {
  next // $ExpectType NextFunction
  next()
})

// @snippet request-handler-call
import express, { RequestHandler } from 'express'
declare const h: RequestHandler
declare const req: express.Request
declare const res: express.Response
h(req, res, () => {})

// @snippet request-handler-void-return
import { RequestHandler } from 'express'
declare const h: RequestHandler
const r = h({} as any, {} as any, () => {}) // $ExpectType void

// @snippet request-extends-incoming
import { Request } from 'express'
import { IncomingMessage } from 'http'
function f(req: Request): IncomingMessage { return req }

// @snippet response-extends-server-response
import { Response } from 'express'
import { ServerResponse } from 'http'
function f(res: Response): ServerResponse { return res }

// @snippet request-assignable-across-generics
import { Request } from 'express'
function f(req: Request<{ id: string }>) {}
declare const r: Request
f(r as Request<{ id: string }>)

// @snippet typed-handler-to-use
import express, { Request, Response } from 'express'
const app = express()
app.use((req: Request, res: Response) => { res.end() })

// @snippet handler-req-app
import { RequestHandler } from 'express'
const h: RequestHandler = (req, res) => {
  const env = req.app.get('env')
  res.app.locals.x = 1
}

// @snippet handler-function-declaration
import express = require('express')
function hello(req: express.Request, res: express.Response): void {
  res.send('hi')
}
express().get('/', hello)

// @snippet handler-class-method
import express, { Request, Response } from 'express'
class Controller {
  list = (req: Request, res: Response) => { res.json([]) }
  show(req: Request<{ id: string }>, res: Response) { res.json({ id: req.params.id }) }
}
const c = new Controller()
const app = express()
app.get('/items', c.list)
app.get('/items/:id', c.show.bind(c))

// @snippet handler-generic-function
import { Request, Response } from 'express'
function sendBody<T>(req: Request<{}, T, T>, res: Response<T>) {
  res.send(req.body)
}

// @snippet handler-res-req
import { RequestHandler } from 'express'
const h: RequestHandler = (req, res) => {
  res.req.url
  req.res?.status(200)
}

// @snippet handler-next-type-in-typed-handler
import { RequestHandler } from 'express'
const h: RequestHandler<{ id: string }> = (req, res, next) => {
  next // $ExpectType NextFunction
  next()
}

// @snippet handler-params-type-expect
import { RequestHandler } from 'express'
const h: RequestHandler<{ id: string }> = (req, res) => {
  req.params // $ExpectType { id: string; }
}

// @snippet handler-body-type-expect
import { RequestHandler } from 'express'
const h: RequestHandler<{}, any, { n: number }> = (req, res) => {
  req.body // $ExpectType { n: number; }
}

// @snippet handler-query-type-expect
import { RequestHandler } from 'express'
const h: RequestHandler<{}, any, any, { q: string }> = (req, res) => {
  req.query // $ExpectType { q: string; }
}

// @snippet handler-locals-type-expect
import { RequestHandler } from 'express'
const h: RequestHandler<{}, any, any, {}, { a: 1 }> = (req, res) => {
  res.locals // $ExpectType { a: 1; } & Locals
}

// @snippet handler-typed-res-type-expect
import { RequestHandler } from 'express'
const h: RequestHandler<{}, string> = (req, res) => {
  res // $ExpectType Response<string, Record<string, any>, number>
}

// @snippet handler-typed-req-type-expect
import { RequestHandler } from 'express'
const h: RequestHandler<{ a: string }, number, boolean> = (req, res) => {
  req // $ExpectType Request<{ a: string; }, number, boolean, ParsedQs, Record<string, any>>
}

// @snippet request-handler-locals-constraint
import { RequestHandler } from 'express'
// @ts-expect-error
type H = RequestHandler<{}, any, any, {}, number>

// @snippet request-locals-constraint
import { Request } from 'express'
// @ts-expect-error
type R = Request<{}, any, any, {}, string>

// @snippet handler-assign-typed-to-default
import { RequestHandler } from 'express'
const typed: RequestHandler<{ id: string }> = (req, res) => {}
// @ts-expect-error
const plain: RequestHandler = typed

// @snippet handler-assign-body-typed-to-default
import { RequestHandler } from 'express'
const typed: RequestHandler<{}, any, { n: number }> = (req, res) => {}
const plain: RequestHandler = typed

// @snippet handler-async-returns-response
import express from 'express'
express().post('/', async (req, res) => {
  return res.status(201).json({})
})

// @snippet handler-req-res-destructure
import express from 'express'
express().get('/:id', ({ params, query }, res) => {
  res.json({ id: params.id, q: query.q })
})

// @snippet handler-res-locals-assign-typed
import { RequestHandler } from 'express'
const h: RequestHandler<{}, any, any, {}, { user?: string }> = (req, res, next) => {
  res.locals.user = 'tobi'
  next()
}

// @snippet handler-res-locals-assign-wrong
import { RequestHandler } from 'express'
const h: RequestHandler<{}, any, any, {}, { user?: string }> = (req, res, next) => {
  // @ts-expect-error
  res.locals.user = 42
}

// @snippet handler-send-undefined-typed-body
import { Response } from 'express'
function f(res: Response<{ a: string }>) {
  res.send()
  res.json()
}

// @snippet handler-promise-rejection-next
import { RequestHandler } from 'express'
const wrap = (fn: RequestHandler): RequestHandler => (req, res, next) => {
  Promise.resolve(fn(req, res, next)).catch(next)
}

// @snippet handler-generic-wrapper
import { Request, Response, NextFunction, RequestHandler } from 'express'
function asyncHandler<P, ResBody, ReqBody>(fn: (req: Request<P, ResBody, ReqBody>, res: Response<ResBody>, next: NextFunction) => Promise<unknown>): RequestHandler<P, ResBody, ReqBody> {
  return (req, res, next) => { fn(req, res, next).catch(next) }
}
