// The request object: headers, content negotiation, ranges, properties.

// @snippet req-get-header
import { Request } from 'express'
function f(req: Request) {
  req.get('content-type') // $ExpectType string | undefined
}

// @snippet req-get-set-cookie
import { Request } from 'express'
function f(req: Request) {
  req.get('set-cookie') // $ExpectType string[] | undefined
}

// @snippet req-header-alias
import { Request } from 'express'
function f(req: Request) {
  const h: string | undefined = req.header('x-request-id')
}

// @snippet req-get-not-string
import { Request } from 'express'
function f(req: Request) {
  // @ts-expect-error
  const h: string = req.get('host')
}

// @snippet req-accepts
import { Request } from 'express'
function f(req: Request) {
  req.accepts('json') // $ExpectType string | false
}

// @snippet req-accepts-list
import { Request } from 'express'
function f(req: Request) {
  const t = req.accepts(['html', 'json'])
  const u = req.accepts('html', 'json', 'text')
  if (t === false || u === false) return
}

// @snippet req-accepts-none
import { Request } from 'express'
function f(req: Request) {
  req.accepts() // $ExpectType string[]
}

// @snippet req-accepts-charsets-encodings-languages
import { Request } from 'express'
function f(req: Request) {
  const a: string | false = req.acceptsCharsets('utf-8')
  const b: string | false = req.acceptsEncodings(['gzip', 'br'])
  const c: string | false = req.acceptsLanguages('en', 'fr')
  const d: string[] = req.acceptsLanguages()
}

// @snippet req-accepted
import { Request } from 'express'
function f(req: Request) {
  for (const m of req.accepted) console.log(m.value, m.quality, m.type, m.subtype)
}

// @snippet req-is
import { Request } from 'express'
function f(req: Request) {
  req.is('json') // $ExpectType string | false | null
}

// @snippet req-is-array
import { Request } from 'express'
function f(req: Request) {
  if (req.is(['json', 'urlencoded'])) return
}

// @snippet req-range
import { Request } from 'express'
function f(req: Request) {
  const r = req.range(1000)
  if (r === undefined || r === -1 || r === -2) return
  r.type
  r[0].start
}

// @snippet req-range-type
import { Request } from 'express'
function f(req: Request) {
  req.range(100) // $ExpectType Ranges | Result | undefined
}

// @snippet req-range-options
import { Request } from 'express'
function f(req: Request) {
  req.range(100, { combine: true })
}

// @snippet request-ranges-type
import { RequestRanges } from 'express-serve-static-core'
function f(r: RequestRanges) {
  const t: string = r.type
  const first: number = r[0].start + r[0].end
}

// @snippet req-range-needs-size
import { Request } from 'express'
function f(req: Request) {
  // @ts-expect-error
  req.range()
}

// @snippet req-properties
import { Request } from 'express'
function f(req: Request) {
  const a: string = req.protocol
  const b: boolean = req.secure
  const c: string[] = req.ips
  const d: string[] = req.subdomains
  const e: string = req.path
  const g: string = req.hostname
  const h: boolean = req.fresh
  const i: boolean = req.stale
  const j: boolean = req.xhr
  const k: string = req.originalUrl
  const l: string = req.baseUrl
  const m: string = req.method
  const n: string = req.url
}

// @snippet req-ip
import { Request } from 'express'
function f(req: Request) {
  req.ip // $ExpectType string | undefined
}

// @snippet req-host
import { Request } from 'express'
function f(req: Request) {
  const h: string = req.host
}

// @snippet req-protocol-readonly
import { Request } from 'express'
function f(req: Request) {
  // @ts-expect-error
  req.protocol = 'https'
}

// @snippet req-cookies-any
import { Request } from 'express'
function f(req: Request) {
  req.cookies // $ExpectType any
  req.signedCookies // $ExpectType any
}

// @snippet req-route-any
import { Request } from 'express'
function f(req: Request) {
  const p: string = req.route.path
}

// @snippet req-param-deprecated
import { Request } from 'express'
function f(req: Request) {
  const id: string = req.param('id')
  const page = req.param('page', '1')
}

// @snippet req-url-writable
import { Request } from 'express'
function f(req: Request) {
  req.url = '/rewritten'
  req.method = 'GET'
}

// @snippet req-body-writable
import { Request } from 'express'
function f(req: Request) {
  req.body = { replaced: true }
}

// @snippet req-query-writable
import { Request } from 'express'
function f(req: Request) {
  req.query = { a: '1' }
}

// @snippet req-headers-node
import { Request } from 'express'
function f(req: Request) {
  const ua: string | undefined = req.headers['user-agent']
  req.on('data', (chunk) => {})
}

// @snippet req-socket
import { Request } from 'express'
function f(req: Request) {
  const addr: string | undefined = req.socket.remoteAddress
}

// @snippet req-app-type
import express, { Request } from 'express'
function f(req: Request) {
  const app: express.Application = req.app
}

// @snippet req-res-optional
import { Request } from 'express'
function f(req: Request) {
  // @ts-expect-error
  req.res.send('x')
}

// @snippet req-next-optional
import { Request } from 'express'
function f(req: Request) {
  req.next?.()
}

// @snippet req-unknown-property
import { Request } from 'express'
function f(req: Request) {
  // @ts-expect-error
  req.notAThing
}

// @snippet req-query-parsedqs-values
import { Request } from 'express'
function f(req: Request) {
  const v = req.query.tags
  if (Array.isArray(v)) v.length
}

// @snippet req-generic-in-function-param
import express from 'express'
type Params = { org: string; repo: string }
function handler(req: express.Request<Params>, res: express.Response) {
  res.send(`${req.params.org}/${req.params.repo}`)
}
express().get('/:org/:repo', handler)

// @snippet req-is-type-guard-usage
import { Request } from 'express'
function f(req: Request) {
  const t = req.is('text/*')
  if (typeof t === 'string') t.toUpperCase()
}

// @snippet req-range-result-narrowing
import { Request } from 'express'
function f(req: Request) {
  const r = req.range(500)
  if (typeof r === 'number') {
    expectType<-1 | -2>()(r)
  }
}

// @snippet request-ranges-from-core
import { Request } from 'express'
import { RequestRanges } from 'express-serve-static-core'
function f(req: Request) {
  const r = req.range(10)
  if (r !== undefined && typeof r !== 'number') {
    const ranges: RequestRanges = r
  }
}

// @snippet req-get-expect-exact
import { Request } from 'express'
function f(req: Request) {
  expectType<string | undefined>()(req.get('accept'))
  expectType<string | undefined>()(req.header('accept'))
}

// @snippet req-accepts-expect-exact
import { Request } from 'express'
function f(req: Request) {
  expectType<string | false>()(req.accepts('html'))
  expectType<string[]>()(req.acceptsEncodings())
}

// @snippet req-ip-not-string
import { Request } from 'express'
function f(req: Request) {
  // @ts-expect-error
  const ip: string = req.ip
}

// @snippet req-params-assign
import { Request } from 'express'
function f(req: Request) {
  req.params = { a: 'b' }
  req.params.id = '1'
}
