import { describe, it } from 'node:test'
import assert from 'node:assert/strict'
import type { IncomingMessage, ServerResponse } from 'node:http'
import fc from 'fast-check'
import serverless from 'serverless-http'
import express from 'express'
import lambda = require('../../../plugins/lambda')
import ristretto = require('../../../presets/default')
import { buildFixture, fixtureFile } from './fixture-app'
import { EVENT_KINDS, eventOf, requestSpec, type EventKind, type RequestSpec } from './event-arbitraries'

// ristretto/lambda is a drop-in for serverless-http. Random requests, each written as every kind of
// event (API Gateway REST, HTTP API payloads 1.0 and 2.0, Function URLs, ALB without and with
// multi-value headers) and run with random options, go to the same fixture app three ways:
// serverless-http with express@4 (the reference), ristretto/lambda with express@4 (the adapter
// alone) and ristretto/lambda with the default preset. The three results (status, headers,
// multi-value headers or cookies, body, base64 flag) must be deep-equal, or the three handlers
// must reject with the same message. The fixture's answers depend on the request only (its
// errors carry fixed stacks), so nothing is masked. Events that are easy to get wrong are kept
// as fixed cases; where ristretto/lambda answers otherwise on purpose, a case shows both answers.

/* eslint-disable @typescript-eslint/no-explicit-any -- the handlers take the same loose events, and one code drives both frameworks */
type AnyHandler = (event: any, context?: any) => Promise<unknown>
type Listener = (req: IncomingMessage, res: ServerResponse) => void

/** Events per kind, each run three ways. */
const RUNS = 120

/** The binary options both adapters take; the function is one instance, handed to both. */
const isImage = (headers: Record<string, string>): boolean => (headers['content-type'] ?? '').startsWith('image/')
const BINARY = [undefined, true, false, 'image/*', ['image/png', 'application/octet-stream'], isImage]

interface Options { basePath?: string, binary?: unknown, requestId?: string | false, request?: unknown, response?: unknown }

/** Options of both adapters, keys left out rather than undefined (serverless-http reads an undefined key as set). */
const options: fc.Arbitrary<Options> = fc.record({
  basePath: fc.constantFrom(undefined, undefined, '/dev', '/echo', '/api'),
  binary: fc.constantFrom(...BINARY),
  requestId: fc.constantFrom(undefined, undefined, false, 'X-Trace')
}).map((o) => Object.fromEntries(Object.entries(o).filter(([, value]) => value !== undefined)))

const CONTEXT = { awsRequestId: 'context-id', functionName: 'fixture' }

/** A handler's outcome: its result, or the message it rejected with. */
async function outcome (handler: AnyHandler, event: unknown): Promise<unknown> {
  try {
    return { result: await handler(structuredClone(event), { ...CONTEXT }) }
  } catch (err) {
    return { rejected: (err as Error).message }
  }
}

interface Setup {
  expressApp: any
  ristrettoApp: any
  /**
   * Whether serverless-http answers on this runtime. It does not on Bun (its stand-in socket has
   * no `once`, which Bun's ServerResponse calls): there, ristretto/lambda on the default preset is
   * compared with ristretto/lambda on express@4, and the cases of differences are skipped.
   */
  referenceRuns: boolean
}

let setup: Promise<Setup> | undefined
/** The fixture on both frameworks, made once. */
function ready (): Promise<Setup> {
  setup ??= (async () => {
    const file = fixtureFile()
    const expressApp = buildFixture(express, file)
    const ristrettoApp = buildFixture(ristretto, file)
    let referenceRuns = true
    try {
      await serverless(expressApp)({ httpMethod: 'GET', path: '/html' }, {})
    } catch {
      referenceRuns = false
    }
    return { expressApp, ristrettoApp, referenceRuns }
  })()
  return setup
}

interface Outcomes { reference: unknown, adapter: unknown, ristretto: unknown }

/**
 * The three outcomes of one event under `opts`: serverless-http with express@4, ristretto/lambda
 * with express@4 and with Ristretto (the fixture's, or the two listeners given).
 */
async function threeWays (event: unknown, opts: Options = {}, listeners?: { express: unknown, ristretto: unknown }): Promise<Outcomes> {
  const { expressApp, ristrettoApp, referenceRuns } = await ready()
  const onExpress = (listeners?.express ?? expressApp) as Listener
  const onRistretto = (listeners?.ristretto ?? ristrettoApp) as Listener
  const adapter = await outcome(lambda(onExpress, opts as lambda.LambdaOptions) as AnyHandler, event)
  return {
    reference: referenceRuns ? await outcome(serverless(onExpress, opts as serverless.Options) as AnyHandler, event) : adapter,
    adapter,
    ristretto: await outcome(lambda(onRistretto, opts as lambda.LambdaOptions) as AnyHandler, event)
  }
}

function assertSame (got: Outcomes, title: string): void {
  assert.deepEqual(got.adapter, got.reference, `${title}: ristretto/lambda with express@4`)
  assert.deepEqual(got.ristretto, got.reference, `${title}: ristretto/lambda with Ristretto`)
}

/** Arrays of values set on a response come back twice in serverless-http's ALB multi-value results (see below). */
function generated (kind: EventKind): fc.Arbitrary<RequestSpec> {
  return kind === 'alb-multi-value' ? requestSpec.filter((spec) => spec.route !== '/links') : requestSpec
}

describe('lambda(app, options), differential against serverless-http with express@4', () => {
  for (const kind of EVENT_KINDS) {
    it(`${kind} events give serverless-http's results, on express@4 and on the default preset`, async (t) => {
      const { referenceRuns } = await ready()
      let compared = 0
      await fc.assert(fc.asyncProperty(generated(kind), options, async (spec, opts) => {
        const event = eventOf(kind, spec)
        assertSame(await threeWays(event, opts), `${kind} ${JSON.stringify(event)} ${JSON.stringify(opts)}`)
        compared++
      }), { numRuns: RUNS })
      t.diagnostic(`${kind}: ${compared} events compared${referenceRuns ? '' : ' (serverless-http cannot answer on this runtime: with express@4 through ristretto/lambda)'}`)
    })
  }
})

const v2 = (over: Record<string, unknown>): Record<string, unknown> => ({
  version: '2.0',
  rawPath: '/echo',
  rawQueryString: '',
  headers: { host: 'api.example.com' },
  requestContext: { requestId: 'rid', stage: '$default', http: { method: 'GET', sourceIp: '203.0.113.7' } },
  isBase64Encoded: false,
  ...over
})
const rest = (over: Record<string, unknown>): Record<string, unknown> => ({
  path: '/echo',
  httpMethod: 'GET',
  headers: { Host: 'api.example.com' },
  multiValueHeaders: { Host: ['api.example.com'] },
  queryStringParameters: null,
  multiValueQueryStringParameters: null,
  requestContext: { requestId: 'rid', stage: 'prod', identity: { sourceIp: '198.51.100.1' } },
  body: null,
  isBase64Encoded: false,
  ...over
})
const alb = (over: Record<string, unknown>): Record<string, unknown> => ({
  requestContext: { elb: { targetGroupArn: 'arn:aws:elasticloadbalancing:us-east-1:1:targetgroup/t/1' } },
  httpMethod: 'GET',
  path: '/echo',
  headers: { host: 'lb.example.com' },
  queryStringParameters: {},
  body: '',
  isBase64Encoded: false,
  ...over
})

/** A listener on either framework that throws before answering. */
const throwing: Listener = () => { throw new Error('thrown outside any app') }

describe('lambda(app, options), cases kept', () => {
  const cases: Array<{ title: string, event: unknown, options?: Options, listeners?: { express: unknown, ristretto: unknown } }> = [
    { title: 'an HTTP API path, decoded, with ?, #, a space and é; a # in the query', event: v2({ rawPath: '/echo/a b?c#d/é', rawQueryString: 'x=1#frag&y' }) },
    { title: 'an ALB query: + for a space, %2B, a percent-encoding that does not decode, an encoded name', event: alb({ queryStringParameters: { 'a+b': 'c+d%2B', bad: '%zz+1', '%C3%A9': '%E2%82%AC' } }) },
    { title: 'ALB multi-value queries and headers', event: alb({ headers: undefined, queryStringParameters: undefined, multiValueHeaders: { cookie: ['a=1', 'b=2'], 'x-a': ['1', '2'] }, multiValueQueryStringParameters: { a: ['1', '2+3'] } }) },
    { title: 'REST: a single-value parameter missing from the multi-value ones is added to them', event: rest({ queryStringParameters: { a: 'z', b: '1' }, multiValueQueryStringParameters: { a: ['x', 'y'] } }) },
    { title: 'REST: Cookie headers, multi-value joined by a comma, then the single value', event: rest({ headers: { Cookie: 'b=2' }, multiValueHeaders: { Cookie: ['a=1', 'b=2'], 'X-A': ['1', '2'] } }) },
    { title: 'REST: multi-value headers only', event: rest({ headers: null, multiValueHeaders: { Cookie: ['a=1', 'b=2'] } }) },
    { title: 'payload 2.0: cookies, and a cookie header besides', event: v2({ cookies: ['a=1', 'b=2'], headers: { cookie: 'c=3' } }) },
    { title: 'basePath found in the middle of the path', event: rest({ path: '/v1/api/echo/x' }), options: { basePath: '/api' } },
    { title: 'basePath found inside a segment', event: rest({ path: '/apiary' }), options: { basePath: '/api' } },
    { title: 'basePath the whole path', event: v2({ rawPath: '/dev' }), options: { basePath: '/dev' } },
    { title: 'HEAD', event: rest({ httpMethod: 'HEAD', path: '/html' }) },
    { title: 'a fresh response: 304', event: v2({ rawPath: '/fresh', headers: { 'if-none-match': '"fixed"' } }) },
    { title: 'a text body sent as base64', event: v2({ requestContext: { http: { method: 'POST' } }, headers: { 'content-type': 'text/plain' }, body: Buffer.from('é€').toString('base64'), isBase64Encoded: true }) },
    { title: 'an object body (a test\'s event), as JSON', event: rest({ httpMethod: 'POST', headers: { 'Content-Type': 'application/json' }, body: { a: [1, 'é'] } }) },
    { title: 'malformed JSON: the parser\'s 400', event: rest({ httpMethod: 'POST', headers: { 'Content-Type': 'application/json' }, body: '{"a":' }) },
    { title: 'a payload 1.0 event without requestContext', event: { httpMethod: 'GET', path: '/echo' } },
    { title: 'no event: GET /', event: null },
    { title: 'a handler that throws: the final handler\'s page', event: v2({ rawPath: '/throw' }) },
    { title: 'a handler that throws an error with a status', event: v2({ rawPath: '/throw-status' }) },
    { title: 'a streamed body', event: alb({ path: '/write' }) },
    { title: 'a file', event: rest({ path: '/file' }) },
    { title: 'a redirect', event: v2({ rawPath: '/redirect' }) },
    { title: 'a body of another type: rejected', event: rest({ body: 12 }) },
    { title: 'the requestId header named in mixed case, the request having it', event: v2({ headers: { 'x-trace': 'mine' } }), options: { requestId: 'X-Trace' } },
    { title: 'a binary response by type, and a binary option given as one type', event: v2({ rawPath: '/binary/png' }), options: { binary: 'image/png' } },
    { title: 'an encoded response', event: v2({ rawPath: '/encoded', rawQueryString: 'coding=deflate' }) },
    { title: 'a request transform object', event: v2({}), options: { request: { url: '/echo/rewritten' } } },
    { title: 'a request transform function', event: v2({}), options: { request: async (req: IncomingMessage) => { req.headers['x-transformed'] = 'yes' } } },
    { title: 'a response transform object', event: v2({}), options: { response: { statusCode: 203 } } },
    { title: 'a response transform function', event: v2({}), options: { response: (res: ServerResponse) => { res.statusCode = 299 } } },
    { title: 'a response transform setting a header on an app\'s response: rejected, as the head is sent', event: v2({}), options: { response: (res: ServerResponse) => { res.setHeader('X-After', '1') } } },
    { title: 'a request transform that rejects', event: v2({}), options: { request: async () => { throw new Error('refused') } } },
    { title: 'a listener that throws', event: v2({}), listeners: { express: throwing, ristretto: throwing } }
  ]
  for (const c of cases) {
    it(c.title, async () => { assertSame(await threeWays(c.event, c.options, c.listeners), c.title) })
  }
})

describe('where ristretto/lambda answers otherwise than serverless-http', () => {
  /** Runs `event` through serverless-http and ristretto/lambda with `listener` (or the fixture on express@4): both outcomes. */
  async function both (t: { skip: (reason: string) => void }, event: unknown, opts: Options = {}, listener?: Listener): Promise<{ theirs: any, ours: any } | undefined> {
    const { expressApp, referenceRuns } = await ready()
    if (!referenceRuns) {
      t.skip('serverless-http cannot answer on this runtime')
      return undefined
    }
    const app = listener ?? expressApp
    return {
      theirs: await outcome(serverless(app, opts as serverless.Options) as AnyHandler, event),
      ours: await outcome(lambda(app, opts as lambda.LambdaOptions) as AnyHandler, event)
    }
  }
  const body = (o: any): any => JSON.parse(o.result.body)

  it('ALB multi-value results give a header set as an array its values once (serverless-http adds them joined, as one more value)', async (t) => {
    const got = await both(t, alb({ path: '/links', headers: undefined, multiValueHeaders: { host: ['lb.example.com'] } }))
    if (!got) return
    assert.deepEqual(got.theirs.result.multiValueHeaders.link, ['</a>; rel="next"', '</b>; rel="prev"', '</a>; rel="next", </b>; rel="prev"'])
    assert.deepEqual(got.ours.result.multiValueHeaders.link, ['</a>; rel="next"', '</b>; rel="prev"'])
    delete got.theirs.result.multiValueHeaders.link
    delete got.theirs.result.multiValueHeaders['x-numbers']
    delete got.ours.result.multiValueHeaders.link
    delete got.ours.result.multiValueHeaders['x-numbers']
    assert.deepEqual(got.ours, got.theirs)
  })

  it('the method reaches the app in uppercase, as node gives it (serverless-http: as the event writes it)', async (t) => {
    const got = await both(t, rest({ httpMethod: 'get' }))
    if (!got) return
    assert.equal(body(got.theirs).method, 'get')
    assert.equal(body(got.ours).method, 'GET')
  })

  it('a method node does not know is a TypeError (serverless-http hands it to the app)', async (t) => {
    const got = await both(t, rest({ httpMethod: 'BREW' }))
    if (!got) return
    assert.equal(got.theirs.result.statusCode, 404)
    assert.match(got.ours.rejected, /^Invalid request method: "BREW"$/)
  })

  it('a payload 2.0 event without requestContext.http is a GET (serverless-http: a TypeError)', async (t) => {
    const got = await both(t, { version: '2.0', rawPath: '/echo' })
    if (!got) return
    assert.match(got.theirs.rejected, /^Cannot read properties of undefined \(reading 'method'\)$/)
    assert.equal(body(got.ours).method, 'GET')
  })

  it('req.rawHeaders holds the header lines (serverless-http: none)', async (t) => {
    const got = await both(t, v2({ headers: { host: 'h', 'x-a': '1' } }), {}, (req, res) => { res.end(JSON.stringify(req.rawHeaders)) })
    if (!got) return
    assert.deepEqual(body(got.theirs), [])
    assert.deepEqual(body(got.ours), ['host', 'h', 'x-a', '1', 'x-request-id', 'rid', 'content-length', '0'])
  })

  it('ALB: req.socket.remoteAddress is \'\' (serverless-http: undefined); req.ip is undefined for both', async (t) => {
    const got = await both(t, alb({}), {}, (req, res) => { res.end(JSON.stringify([req.socket.remoteAddress ?? null, (req as any).ip ?? null])) })
    if (!got) return
    assert.deepEqual(body(got.theirs), [null, null])
    assert.deepEqual(body(got.ours), ['', null])
  })

  it('the event given is left as it is (serverless-http fills its defaults in)', async (t) => {
    const { expressApp, referenceRuns } = await ready()
    if (!referenceRuns) return t.skip('serverless-http cannot answer on this runtime')
    const theirs: Record<string, unknown> = { httpMethod: 'GET', path: '/echo' }
    const ours: Record<string, unknown> = { httpMethod: 'GET', path: '/echo' }
    await serverless(expressApp)(theirs, {})
    await lambda(expressApp)(ours as lambda.LambdaEvent)
    assert.deepEqual(theirs, { httpMethod: 'GET', path: '/echo', requestContext: { identity: {} }, body: '', headers: {} })
    assert.deepEqual(ours, { httpMethod: 'GET', path: '/echo' })
  })

  it('requestId: undefined means the default (serverless-http: no header)', async (t) => {
    const got = await both(t, v2({}), { requestId: undefined })
    if (!got) return
    assert.equal(body(got.theirs).headers['x-request-id'], undefined)
    assert.equal(body(got.ours).headers['x-request-id'], 'rid')
  })

  // serverless-http's response takes headers late through a setHeader of its own, which apps of
  // Express (and Ristretto) never call: their responses have their app's prototype. Its answers
  // differ for a bare listener only.
  it('a bare listener\'s header set after the head is written throws, as on a server (serverless-http puts it in the result)', async (t) => {
    const got = await both(t, v2({}), {}, (req, res) => {
      res.write('a')
      let late = 'set'
      try { res.setHeader('X-Late', '1') } catch (err) { late = (err as NodeJS.ErrnoException).code ?? 'thrown' }
      res.end(late)
    })
    if (!got) return
    assert.deepEqual([got.theirs.result.body, got.theirs.result.headers['X-Late']], ['aset', '1'])
    assert.deepEqual([got.ours.result.body, got.ours.result.headers['x-late']], ['aERR_HTTP_HEADERS_SENT', undefined])
  })

  it('a response transform cannot set headers on a bare listener\'s response: they are sent (serverless-http adds them to the result)', async (t) => {
    const listener: Listener = (req, res) => { res.end('done') }
    const got = await both(t, v2({}), { response: (res: ServerResponse) => { res.setHeader('X-After', '1') } }, listener)
    if (!got) return
    assert.equal(got.theirs.result.headers['X-After'], '1')
    assert.match(got.ours.rejected, /^Cannot set headers after they are sent to the client$/)
  })

  it('header values are strings, in arrays too (serverless-http: as set)', async (t) => {
    const got = await both(t, rest({}), {}, (req, res) => { res.setHeader('X-Numbers', [1, 2] as never); res.end() })
    if (!got) return
    assert.deepEqual(got.theirs.result.multiValueHeaders, { 'x-numbers': [1, 2] })
    assert.deepEqual(got.ours.result.multiValueHeaders, { 'x-numbers': ['1', '2'] })
  })

  it('a binary function\'s answer is made a boolean (serverless-http: as returned)', async (t) => {
    const got = await both(t, v2({ rawPath: '/html' }), { binary: () => 'yes' })
    if (!got) return
    assert.equal(got.theirs.result.isBase64Encoded, 'yes')
    assert.equal(got.ours.result.isBase64Encoded, true)
    assert.equal(got.ours.result.body, got.theirs.result.body)
  })
})
