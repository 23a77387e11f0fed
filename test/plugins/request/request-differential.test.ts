import { describe, it } from 'node:test'
import assert from 'node:assert/strict'
import fc from 'fast-check'
import framework from '../../../presets/default'
import { exchange, sideBySide } from '../../support/differential'
import { expectWarnings } from '../../support/expected-warnings'

// What these tests are expected to raise, kept rather than printed.
expectWarnings([
  'ristretto deprecated req.host: Use req.hostname instead',
  'express deprecated req.host: Use req.hostname instead'
])

// What the request helpers answer, for random requests (query strings, hosts, forwarding headers,
// content negotiation, conditional and range headers) under random settings (`trust proxy`,
// `subdomain offset`, `query parser`), on Ristretto and on express@4 (the reference): the same.

/* eslint-disable @typescript-eslint/no-explicit-any -- one code drives both frameworks, whose types differ */

const QUERIES = ['', '?a=1', '?a=1&a=2', '?a[b]=1&a[c]=2', '?a[]=x&a[]=y', '?a[1001]=x', '?a[2]=x&a[0]=y', '?__proto__[x]=1',
  '?constructor=1&hasOwnProperty=2', '?q=caf%C3%A9&e=%E0%A4%A', '?a=b=c&&d', '?a.b=1', '?x[y][z][w][v][u][t]=deep', '?+plus+=%20sp']
const PATHS = ['/', '/p/a%20b', '/p//double', '/P/Upper']
const HOSTS = ['example.com', 'a.b.example.com', 'A.B.Example.COM:8080', '[::1]:3000', 'localhost', '127.0.0.1:80', 'tobi.ferrets.example.co.uk', '']
const EXTRA_HEADERS: Array<Record<string, string>> = [
  {},
  { 'X-Forwarded-For': '10.0.0.1, 192.168.1.5', 'X-Forwarded-Proto': 'https', 'X-Forwarded-Host': 'fwd.example.org:99' },
  { 'X-Forwarded-For': 'bogus, 10.0.0.2', 'X-Forwarded-Proto': 'https,http' },
  { Accept: 'text/html, application/json;q=0.9, */*;q=0.1', 'Accept-Language': 'fr-CH, fr;q=0.9, en;q=0.8', 'Accept-Encoding': 'gzip;q=0, br', 'Accept-Charset': 'utf-8, iso-8859-1;q=0.5' },
  { Accept: 'application/*', 'X-Requested-With': 'XMLHttpRequest' },
  { 'If-None-Match': 'W/"tag"' },
  { 'If-None-Match': '"other", W/"tag"', 'Cache-Control': 'no-cache' },
  { 'If-Modified-Since': 'Sat, 01 Jan 2000 00:00:00 GMT' },
  { Range: 'bytes=0-99,50-150' },
  { Range: 'bytes=500-' },
  { Range: 'items=0-1' },
  { Range: 'bytes=abc' },
  { Range: 'bytes=1a-5, 7-' },
  { Range: 'bytes=2000-3000' },
  { 'Content-Type': 'application/vnd.api+json; charset=utf-8', Referer: 'http://r.example/' }
]
const TRUST = [false, true, 'loopback', 1, 2, '10.0.0.0/8, 127.0.0.1', (ip: string) => ip === '127.0.0.1']
const OFFSETS = [2, 1, 3]
const PARSERS = ['extended', 'simple', false]

/** What the helpers say about a request, as text. */
function report (req: any, res: any): string {
  res.setHeader('ETag', 'W/"tag"')
  res.setHeader('Last-Modified', 'Sat, 01 Jan 2000 00:00:00 GMT')
  const query = req.query
  return JSON.stringify({
    query,
    queryProto: query === null || typeof query !== 'object' ? typeof query : Object.getPrototypeOf(query) === null ? 'null' : 'object',
    path: req.path,
    hostname: req.hostname,
    host: req.host,
    protocol: req.protocol,
    secure: req.secure,
    ip: req.ip,
    ips: req.ips,
    subdomains: req.subdomains,
    xhr: req.xhr,
    fresh: req.fresh,
    stale: req.stale,
    accepts: [req.accepts(), req.accepts('json', 'html'), req.accepts(['text/plain', 'image/png'])],
    encodings: [req.acceptsEncodings(), req.acceptsEncodings('gzip', 'br', 'identity')],
    charsets: [req.acceptsCharsets(), req.acceptsCharsets('iso-8859-1', 'utf-8')],
    languages: [req.acceptsLanguages(), req.acceptsLanguages('en', 'fr')],
    is: [req.is('json'), req.is('application/*'), req.is(['html', '+json'])],
    range: req.range(1000),
    rangeCombined: req.range(1000, { combine: true }),
    referrer: [req.get('Referrer'), req.header('referer')],
    originalUrl: req.originalUrl,
    baseUrl: req.baseUrl
  })
}

function build (create: any, trust: unknown, offset: number, parser: unknown): any {
  const app = create()
  app.set('trust proxy', trust)
  app.set('subdomain offset', offset)
  app.set('query parser', parser)
  const router = create.Router()
  router.get('*', (req: any, res: any) => { res.end(report(req, res)) })
  app.use('/p', router)
  app.get('*', (req: any, res: any) => { res.end(report(req, res)) })
  return app
}

describe('request helpers, differential against express@4', () => {
  it('answer the same for the same request and settings', async () => {
    const express = (await import('express')).default
    await fc.assert(fc.asyncProperty(
      fc.nat({ max: TRUST.length - 1 }), fc.constantFrom(...OFFSETS), fc.constantFrom(...PARSERS),
      fc.array(fc.tuple(fc.constantFrom(...PATHS), fc.constantFrom(...QUERIES), fc.constantFrom(...HOSTS), fc.constantFrom(...EXTRA_HEADERS)), { minLength: 1, maxLength: 4 }),
      async (trust, offset, parser, requests) => {
        await sideBySide(build(framework, TRUST[trust], offset, parser), build(express, TRUST[trust], offset, parser), async (ours, theirs) => {
          for (const [path, query, host, extra] of requests) {
            const headers: Record<string, string> = { ...extra }
            if (host !== '') headers.Host = host
            const request = { path: path + query, headers, setHost: false }
            const [a, b] = await Promise.all([exchange(ours, request), exchange(theirs, request)])
            assert.equal(`${a.status}\n${a.body.toString('utf8')}`, `${b.status}\n${b.body.toString('utf8')}`,
              `${path + query} ${JSON.stringify(headers)} trust ${String(TRUST[trust])}, offset ${offset}, parser ${String(parser)}`)
          }
        })
      }
    ), { numRuns: 300 })
  })
})
