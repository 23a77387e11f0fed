// Ristretto beside @types/express 4: `ristretto` imported next to the real `express` (@types/express)
// and `express-serve-static-core`, as in an app whose helpers and middleware are typed against those.
// The reference side reads `ristretto` as @types/express. Declaration files are checked (skipLibCheck off).

// @snippet app-as-core-express
import express = require('ristretto')
import * as core from 'express-serve-static-core'
const app: core.Express = express()

// @snippet app-as-core-application
import express = require('ristretto')
import * as core from 'express-serve-static-core'
function configure(app: core.Application) { app.set('trust proxy', true) }
configure(express())

// @snippet app-as-irouter
import express = require('ristretto')
import { IRouter } from 'express'
function register(r: IRouter) { r.get('/health', (req, res) => { res.end() }) }
register(express())

// @snippet router-as-irouter
import express = require('ristretto')
import { IRouter } from 'express'
function register(r: IRouter) { r.get('/health', (req, res) => { res.end() }) }
register(express.Router())

// @snippet request-to-core-helper
import express = require('ristretto')
import * as core from 'express-serve-static-core'
function clientIp(req: core.Request): string { return req.ip ?? '' }
express().get('/', (req, res) => { res.send(clientIp(req)) })

// @snippet response-to-core-helper
import express = require('ristretto')
import * as core from 'express-serve-static-core'
function noStore(res: core.Response) { res.set('Cache-Control', 'no-store') }
express().get('/', (req, res) => { noStore(res); res.end() })

// @snippet own-error-handler
import express = require('ristretto')
const onError: express.ErrorRequestHandler = (err, req, res, next) => { res.status(500).send(String(err)) }
const app = express()
app.use(onError)
app.use('/api', onError)

// @snippet own-error-handler-typed-params
import express = require('ristretto')
import { Request, Response, NextFunction } from 'ristretto'
function onError(err: Error, req: Request, res: Response, next: NextFunction) { res.status(500).send(err.message) }
express().use(onError)

// @snippet foreign-error-handler
import express = require('ristretto')
import { ErrorRequestHandler } from 'express'
const onError: ErrorRequestHandler = (err, req, res, next) => { res.status(500).send(String(err)) }
const app = express()
app.use(onError)
app.use('/api', onError)

// @snippet foreign-request-handler
import express = require('ristretto')
import { RequestHandler } from 'express'
const mw: RequestHandler = (req, res, next) => { res.setHeader('X-Mw', '1'); next() }
express().use(mw).get('/', mw, (req, res) => { res.end() })

// @snippet core-augmented-request
import express = require('ristretto')
declare module 'express-serve-static-core' {
  interface Request { augUser?: { id: string } }
}
express().get('/', (req, res) => {
  const id: string | undefined = req.augUser?.id
  res.end()
})

// @snippet core-augmented-request-named
import express = require('ristretto')
declare module 'express-serve-static-core' {
  interface Request { augTenant: string }
}
function tenant(req: express.Request): string { return req.augTenant }

// @snippet core-augmented-response
import express = require('ristretto')
declare module 'express-serve-static-core' {
  interface Response { augSendOk(): this }
}
express().get('/', (req, res) => { res.augSendOk().end() })

// @snippet core-augmented-request-type-parameter
import express = require('ristretto')
declare module 'express-serve-static-core' {
  interface Request<P, ResBody, ReqBody> { augValidated: ReqBody }
}
express().post<'/', {}, any, { name: string }>('/', (req, res) => {
  const n: string = req.augValidated.name
  res.end()
})

// @snippet core-augmentation-not-leaking
import express = require('ristretto')
express().get('/', (req, res) => {
  // @ts-expect-error
  req.augNeverDeclared
  res.end()
})

// @snippet session-beside
import express = require('ristretto')
import session from 'express-session'
express().use(session({ secret: 's' })).get('/', (req, res) => {
  const id: string = req.sessionID
  req.session.regenerate(() => {})
  res.end()
})

// @snippet passport-beside
import express = require('ristretto')
import passport from 'passport'
express().use(passport.initialize()).get('/', (req, res) => {
  if (req.isAuthenticated()) res.json(req.user)
  else res.end()
})

// @snippet multer-beside
import express = require('ristretto')
import multer from 'multer'
express().post('/', multer().single('f'), (req, res) => {
  const size: number | undefined = req.file?.size
  res.end()
})

// @snippet cookie-parser-beside
import express = require('ristretto')
import cookieParser from 'cookie-parser'
express().use(cookieParser('secret')).get('/', (req, res) => {
  const token: string | undefined = req.cookies.token
  res.end()
})
