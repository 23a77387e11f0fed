// Error-handling middleware.

// @snippet error-handler-inline
import express from 'express'
const app = express()
app.use((err: any, req: express.Request, res: express.Response, next: express.NextFunction) => {
  res.status(500).send('Something broke!')
})

// @snippet error-handler-type
import { ErrorRequestHandler } from 'express'
const onError: ErrorRequestHandler = (err, req, res, next) => {
  res.status(err.status || 500).json({ message: err.message })
}

// @snippet error-handler-err-any
import { ErrorRequestHandler } from 'express'
const onError: ErrorRequestHandler = (err, req, res, next) => {
  err // $ExpectType any
  next(err)
}

// @snippet error-handler-use
import express, { ErrorRequestHandler } from 'express'
const onError: ErrorRequestHandler = (err, req, res, next) => { next(err) }
express().use(onError)

// @snippet error-handler-on-router
import express, { ErrorRequestHandler } from 'express'
const onError: ErrorRequestHandler = (err, req, res, next) => { res.end() }
express.Router().use('/api', onError)

// @snippet error-handler-generics
import { ErrorRequestHandler } from 'express'
const onError: ErrorRequestHandler<{ id: string }, { error: string }> = (err, req, res, next) => {
  res.status(400).json({ error: String(err) + req.params.id })
}

// @snippet error-handler-generics-wrong-body
import { ErrorRequestHandler } from 'express'
const onError: ErrorRequestHandler<{}, { error: string }> = (err, req, res, next) => {
  // @ts-expect-error
  res.json({ message: 'x' })
}

// @snippet error-handler-five-generics
import { ErrorRequestHandler } from 'express'
const onError: ErrorRequestHandler<{}, any, any, {}, { traceId: string }> = (err, req, res) => {
  res.set('x-trace', res.locals.traceId).end()
}

// @snippet error-handler-error-typed
import express from 'express'
express().use((err: Error, req: express.Request, res: express.Response, next: express.NextFunction) => {
  res.status(500).send(err.message)
})

// @snippet error-handler-headers-sent
import { ErrorRequestHandler } from 'express'
const onError: ErrorRequestHandler = (err, req, res, next) => {
  if (res.headersSent) return next(err)
  res.status(500)
  res.render('error', { error: err })
}

// @snippet error-handler-async
import { ErrorRequestHandler } from 'express'
const onError: ErrorRequestHandler = async (err, req, res, next) => {
  await Promise.resolve()
  res.end()
}

// @snippet error-handler-in-route
import express from 'express'
express().get('/', (req: express.Request, res: express.Response, next: express.NextFunction) => next(new Error('x')), (err: any, req: express.Request, res: express.Response, next: express.NextFunction) => {
  res.end()
})

// @snippet error-handler-list
import express, { ErrorRequestHandler, RequestHandler } from 'express'
const notFound: RequestHandler = (req, res) => { res.sendStatus(404) }
const onError: ErrorRequestHandler = (err, req, res, next) => { res.sendStatus(500) }
const app = express()
app.use(notFound)
app.use(onError)

// @snippet error-handler-not-request-handler
import { ErrorRequestHandler, RequestHandler } from 'express'
const onError: ErrorRequestHandler = (err, req, res, next) => {}
// @ts-expect-error
const h: RequestHandler = onError

// @snippet error-handler-factory
import { ErrorRequestHandler } from 'express'
function errorHandler(opts: { log: boolean }): ErrorRequestHandler {
  return (err, req, res, next) => {
    if (opts.log) console.error(err)
    res.status(500).end()
  }
}

// @snippet error-handler-http-error-shape
import { ErrorRequestHandler } from 'express'
interface HttpError extends Error { status?: number; expose?: boolean }
const onError: ErrorRequestHandler = (err: HttpError, req, res, next) => {
  res.status(err.status ?? 500).send(err.expose ? err.message : 'error')
}
