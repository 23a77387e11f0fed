// The request: properties, negotiation, query, host, and the helpers Express 5 removed.

// @snippet get
import { Request } from 'express'
function f(req: Request) {
  req.get('content-type') // $ExpectType string | undefined
}

// @snippet get-set-cookie
import { Request } from 'express'
function f(req: Request) {
  req.get('set-cookie') // $ExpectType string[] | undefined
}

// @snippet header
import { Request } from 'express'
function f(req: Request) {
  const h: string | undefined = req.header('x-id')
}

// @snippet accepts
import { Request } from 'express'
function f(req: Request) {
  req.accepts('json') // $ExpectType string | false
  req.accepts(['html', 'json']) // $ExpectType string | false
  req.accepts() // $ExpectType string[]
}

// @snippet accepts-plural
import { Request } from 'express'
function f(req: Request) {
  req.acceptsCharsets('utf-8') // $ExpectType string | false
  req.acceptsEncodings(['gzip', 'br']) // $ExpectType string | false
  req.acceptsLanguages('en', 'fr') // $ExpectType string | false
}

// @snippet accepts-charset-singular-removed
import { Request } from 'express'
function f(req: Request) {
  // @ts-expect-error
  req.acceptsCharset('utf-8')
}

// @snippet accepts-encoding-singular-removed
import { Request } from 'express'
function f(req: Request) {
  // @ts-expect-error
  req.acceptsEncoding('gzip')
}

// @snippet accepts-language-singular-removed
import { Request } from 'express'
function f(req: Request) {
  // @ts-expect-error
  req.acceptsLanguage('en')
}

// @snippet param-removed
import { Request } from 'express'
function f(req: Request) {
  // @ts-expect-error
  req.param('id')
}

// @snippet is
import { Request } from 'express'
function f(req: Request) {
  req.is('json') // $ExpectType string | false | null
}

// @snippet range
import { Request } from 'express'
function f(req: Request) {
  const r = req.range(1000)
  if (typeof r === 'object') r[0].start
}

// @snippet properties
import { Request } from 'express'
function f(req: Request) {
  req.protocol // $ExpectType string
  req.secure // $ExpectType boolean
  req.ip // $ExpectType string | undefined
  req.ips // $ExpectType string[]
  req.subdomains // $ExpectType string[]
  req.path // $ExpectType string
  req.hostname // $ExpectType string
  req.fresh // $ExpectType boolean
  req.stale // $ExpectType boolean
  req.xhr // $ExpectType boolean
}

// @snippet host
import { Request } from 'express'
function f(req: Request) {
  req.host // $ExpectType string
}

// @snippet readonly-path
import { Request } from 'express'
function f(req: Request) {
  // @ts-expect-error
  req.path = '/x'
}

// @snippet urls
import { Request } from 'express'
function f(req: Request) {
  req.url // $ExpectType string
  req.originalUrl // $ExpectType string
  req.baseUrl // $ExpectType string
  req.method // $ExpectType string
}

// @snippet query-default
import { Request } from 'express'
import type { ParsedQs } from 'qs'
function f(req: Request) {
  const q: ParsedQs = req.query
  const page = req.query.page
}

// @snippet query-typed
import express from 'express'
express().get<'/s', {}, any, any, { q: string }>('/s', (req, res) => {
  req.query.q // $ExpectType string
})

// @snippet query-typed-unknown-key
import { Request } from 'express'
function f(req: Request<{}, any, any, { q: string }>) {
  // @ts-expect-error
  req.query.other
}

// @snippet body-any
import { Request } from 'express'
function f(req: Request) {
  req.body // $ExpectType any
}

// @snippet body-typed
import { Request } from 'express'
function f(req: Request<{}, any, { name: string }>) {
  req.body.name // $ExpectType string
}

// @snippet cookies
import { Request } from 'express'
function f(req: Request) {
  req.cookies // $ExpectType any
  req.signedCookies // $ExpectType any
}

// @snippet route
import { Request } from 'express'
function f(req: Request) {
  req.route // $ExpectType any
}

// @snippet app-of-request
import { Request } from 'express'
function f(req: Request) {
  req.app.get('env')
}

// @snippet res-of-request
import { Request } from 'express'
function f(req: Request) {
  req.res?.status(200)
}

// @snippet incoming-message
import { Request } from 'express'
import type { IncomingMessage } from 'http'
function f(req: Request) {
  const m: IncomingMessage = req
  req.headers['user-agent']
}

// @snippet request-augment
import { Request } from 'express'
declare global {
  namespace Express {
    interface Request { augUser?: { id: string } }
  }
}
function f(req: Request) {
  req.augUser?.id
}
