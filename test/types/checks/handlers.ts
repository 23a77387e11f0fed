// Handlers: typed inline and as variables, node-style and foreign middleware, error handlers, and what is refused.
import type { IncomingMessage, ServerResponse } from 'node:http'
import express, { Request, Response, NextFunction, RequestHandler, ErrorRequestHandler } from 'ristretto'
import type { Request as ExpressRequest, Response as ExpressResponse, NextFunction as ExpressNext } from 'express'
import { expectType } from './assert-type'

const app = express()

// Inline handlers get the framework's types.
app.use((req, res, next) => {
  expectType<Request>()(req)
  expectType<Response>()(res)
  expectType<NextFunction>()(next)
  next()
})
app.get('/next', (req, res, next) => { next('route') }, (req, res, next) => { next('router') })

// Async handlers: the returned promise is allowed (the router does not wait for it).
app.get('/async', async (req, res) => {
  await Promise.resolve()
  res.send('done')
})

// Handlers in arrays, nested, as Express flattens them.
const stack: RequestHandler[] = [(req, res, next) => next(), (req, res, next) => next()]
app.get('/stack', stack, [stack, (req: Request, res: Response) => { res.end() }])

// Node-style middleware, as connect and many packages type it.
function connectStyle (req: IncomingMessage, res: ServerResponse, next: (err?: unknown) => void): void {
  res.setHeader('X-Connect', '1')
  next()
}
app.use(connectStyle)

// Middleware written against @types/express: accepted, and inline handlers next to it keep their types.
const expressTyped = (req: ExpressRequest, res: ExpressResponse, next: ExpressNext): void => { next() }
app.get('/mixed/:id', expressTyped, (req, res) => { expectType<string>()(req.params.id) })
const expressErrorTyped = (err: Error, req: ExpressRequest, res: ExpressResponse, next: ExpressNext): void => { next(err) }
app.use(expressErrorTyped)

// Error handlers, typed or as variables.
const onError: ErrorRequestHandler = (err, req, res, next) => {
  expectType<Request>()(req)
  res.status(500).send(String(err))
}
app.use(onError)
app.use((err: Error & { status?: number }, req: Request, res: Response, next: NextFunction) => {
  res.status(err.status ?? 500).json({ message: err.message })
})

// Routers and sub-apps mount like middleware.
const admin = express()
app.use('/admin', admin)
app.use('/r', express.Router(), express.Router())
admin.on('mount', (parent: express.Application) => { void parent.mountpath })

// @ts-expect-error a string is not a handler
app.get('/x', 'not a handler')
// @ts-expect-error nor a number
app.use(42)
// @ts-expect-error a function whose parameters are not a request and a response
app.use((count: number, label: string) => count + label)
app.get('/typo', (req, res) => {
  // @ts-expect-error a misspelt helper
  res.sendd('x')
})
