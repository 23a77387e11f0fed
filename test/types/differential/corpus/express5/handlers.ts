// Request handlers, error handlers, next(), async handlers, foreign middleware shapes.

// @snippet inline
import express from 'express'
express().use((req, res, next) => { next() })

// @snippet request-handler-type
import express, { RequestHandler } from 'express'
const h: RequestHandler = (req, res, next) => { next() }
express().use(h)

// @snippet request-handler-returns-unknown
import { RequestHandler, Request, Response, NextFunction } from 'express'
declare const h: RequestHandler
declare const req: Request
declare const res: Response
declare const next: NextFunction
h(req, res, next) // $ExpectType unknown

// @snippet handler-type
import express, { Handler } from 'express'
const h: Handler = (req, res) => { res.end() }
express().get('/', h)

// @snippet async-handler
import express from 'express'
express().get('/', async (req, res) => {
  const data = await Promise.resolve(1)
  res.json({ data })
})

// @snippet async-handler-type
import { RequestHandler } from 'express'
const h: RequestHandler = async (req, res) => { res.end() }

// @snippet handler-returns-value
import { RequestHandler } from 'express'
const h: RequestHandler = (req, res) => res.send('x')

// @snippet next-forms
import express from 'express'
express().get('/', (req, res, next) => {
  next()
  next(new Error('x'))
  next('route')
  next('router')
})

// @snippet error-handler
import express, { ErrorRequestHandler } from 'express'
const eh: ErrorRequestHandler = (err, req, res, next) => { res.status(500).send(err.message) }
express().use(eh)

// @snippet error-handler-inline
import express, { Request, Response, NextFunction } from 'express'
express().use((err: Error, req: Request, res: Response, next: NextFunction) => {
  res.status(500).json({ message: err.message })
})

// @snippet error-handler-err-any
import { ErrorRequestHandler } from 'express'
const eh: ErrorRequestHandler = (err, req, res, next) => {
  err // $ExpectType any
}

// @snippet handlers-array
import express, { RequestHandler } from 'express'
const a: RequestHandler = (req, res, next) => next()
const b: RequestHandler = (req, res, next) => next()
express().get('/', [a, b], b)

// @snippet handler-generics
import { RequestHandler } from 'express'
const h: RequestHandler<{ id: string }, { ok: boolean }, { name: string }, { q: string }> = (req, res) => {
  req.params.id // $ExpectType string
  req.body.name // $ExpectType string
  req.query.q // $ExpectType string
  res.json({ ok: true })
}

// @snippet handler-generics-wrong-body
import { RequestHandler } from 'express'
const h: RequestHandler<{}, { ok: boolean }> = (req, res) => {
  // @ts-expect-error
  res.json({ ok: 'yes' })
}

// @snippet handler-locals-generic
import { RequestHandler } from 'express'
const h: RequestHandler<{}, any, any, any, { user: string }> = (req, res) => {
  res.locals.user // $ExpectType string
}

// @snippet use-number-wrong
import express from 'express'
// @ts-expect-error
express().use(42)

// @snippet handler-not-function
import express from 'express'
// @ts-expect-error
express().get('/', 'nope')

// @snippet param-handler-type
import express, { RequestParamHandler } from 'express'
const ph: RequestParamHandler = (req, res, next, value, name) => { next() }
express().param('id', ph)

// @snippet next-type
import { NextFunction } from 'express'
function go(next: NextFunction) { next() }

// @snippet request-generic-defaults
import { Request } from 'express'
declare const req: Request
req.params // $ExpectType ParamsDictionary

// @snippet request-params-index
import { Request } from 'express'
declare const req: Request
req.params.x // $ExpectType string | string[]

// @snippet response-generic-arity
import { Response } from 'express'
// @ts-expect-error
declare const res: Response<any, {}, number>

// @snippet request-generic-arity
import { Request } from 'express'
declare const req: Request<{}, any, any, {}, {}>
// @ts-expect-error
declare const bad: Request<{}, any, any, {}, {}, {}>

// @snippet node-middleware
import express from 'express'
import type { IncomingMessage, ServerResponse } from 'http'
function mw(req: IncomingMessage, res: ServerResponse, next: (err?: any) => void) { next() }
express().use(mw)
