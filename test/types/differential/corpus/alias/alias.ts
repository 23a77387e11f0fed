// `express` installed as an alias of ristretto ("express": "npm:ristretto"): every `express` import is
// ristretto, other typings' included (@types/cookie-parser augments `express`'s Request), while
// `express-serve-static-core` is the real @types/express-serve-static-core 4. Declaration files are
// checked (skipLibCheck off).

// @snippet cookie-parser
import express from 'express'
import cookieParser from 'cookie-parser'
express().use(cookieParser('secret')).get('/', (req, res) => {
  const token: string | undefined = req.cookies.token
  const signed: Record<string, any> = req.signedCookies
  res.end()
})

// @snippet cookie-parser-named-request
import { Request } from 'express'
import cookieParser from 'cookie-parser'
function token(req: Request): string | undefined { return req.cookies.token }

// @snippet core-augmented-request
import express from 'express'
declare module 'express-serve-static-core' {
  interface Request { augUser?: { id: string } }
}
express().get('/', (req, res) => {
  const id: string | undefined = req.augUser?.id
  res.end()
})

// @snippet core-augmented-response
import express from 'express'
declare module 'express-serve-static-core' {
  interface Response { augSendOk(): this }
}
express().get('/', (req, res) => { res.augSendOk().end() })

// @snippet session
import express from 'express'
import session from 'express-session'
express().use(session({ secret: 's' })).get('/', (req, res) => {
  const id: string = req.sessionID
  res.end()
})

// @snippet passport
import express from 'express'
import passport from 'passport'
express().use(passport.initialize(), passport.session()).get('/', (req, res) => {
  if (req.isAuthenticated()) res.json(req.user)
  else res.end()
})

// @snippet multer
import express from 'express'
import multer from 'multer'
express().post('/', multer().single('f'), (req, res) => {
  const size: number | undefined = req.file?.size
  res.end()
})

// @snippet app-as-core-express
import express from 'express'
import * as core from 'express-serve-static-core'
const app: core.Express = express()
