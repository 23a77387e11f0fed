// ristretto/presets/express5 beside @types/express 5: the preset imported next to the real `express`
// and `express-serve-static-core` 5, as in an app whose helpers and middleware are typed against those.
// The reference side reads the preset as @types/express 5. Declaration files are checked (skipLibCheck off).

// @snippet app-as-core-express
import express from 'ristretto/presets/express5'
import * as core from 'express-serve-static-core'
const app: core.Express = express()

// @snippet app-as-irouter
import express from 'ristretto/presets/express5'
import { IRouter } from 'express'
function register(r: IRouter) { r.get('/health', (req, res) => { res.end() }) }
register(express())

// @snippet router-as-irouter
import express from 'ristretto/presets/express5'
import { IRouter } from 'express'
function register(r: IRouter) { r.get('/health', (req, res) => { res.end() }) }
register(express.Router())

// @snippet request-to-core-helper
import express from 'ristretto/presets/express5'
import * as core from 'express-serve-static-core'
function clientIp(req: core.Request): string { return req.ip ?? '' }
express().get('/', (req, res) => { res.send(clientIp(req)) })

// @snippet own-error-handler
import express, { ErrorRequestHandler } from 'ristretto/presets/express5'
const onError: ErrorRequestHandler = (err, req, res, next) => { res.status(500).send(String(err)) }
const app = express()
app.use(onError)
app.use('/api', onError)

// @snippet own-error-handler-typed-params
import express, { Request, Response, NextFunction } from 'ristretto/presets/express5'
function onError(err: Error, req: Request, res: Response, next: NextFunction) { res.status(500).send(err.message) }
express().use(onError)

// @snippet foreign-error-handler
import express from 'ristretto/presets/express5'
import { ErrorRequestHandler } from 'express'
const onError: ErrorRequestHandler = (err, req, res, next) => { res.status(500).send(String(err)) }
const app = express()
app.use(onError)
app.use('/api', onError)

// @snippet foreign-request-handler
import express from 'ristretto/presets/express5'
import { RequestHandler } from 'express'
const mw: RequestHandler = (req, res, next) => { res.setHeader('X-Mw', '1'); next() }
express().use(mw).get('/', mw, (req, res) => { res.end() })

// @snippet core-augmented-request
import express from 'ristretto/presets/express5'
declare module 'express-serve-static-core' {
  interface Request { augUser?: { id: string } }
}
express().get('/', (req, res) => {
  const id: string | undefined = req.augUser?.id
  res.end()
})

// @snippet core-augmented-request-named
import { Request } from 'ristretto/presets/express5'
declare module 'express-serve-static-core' {
  interface Request { augTenant: string }
}
function tenant(req: Request): string { return req.augTenant }

// @snippet core-augmented-response
import express from 'ristretto/presets/express5'
declare module 'express-serve-static-core' {
  interface Response { augSendOk(): this }
}
express().get('/', (req, res) => { res.augSendOk().end() })

// @snippet core-augmentation-not-leaking
import express from 'ristretto/presets/express5'
express().get('/', (req, res) => {
  // @ts-expect-error
  req.augNeverDeclared
  res.end()
})

// @snippet session-beside
import express from 'ristretto/presets/express5'
import session from 'express-session'
express().use(session({ secret: 's' })).get('/', (req, res) => {
  const id: string = req.sessionID
  res.end()
})

// @snippet passport-beside
import express from 'ristretto/presets/express5'
import passport from 'passport'
express().use(passport.initialize()).get('/', (req, res) => {
  if (req.isAuthenticated()) res.json(req.user)
  else res.end()
})
