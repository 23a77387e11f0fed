// __proto__, constructor and prototype keys in query strings, JSON, forms, cookies and headers: Object.prototype never changes.
import assert from 'node:assert/strict'
import { after, afterEach, before, describe, it } from 'node:test'
import cookieParser from 'cookie-parser'
import framework from '../../presets/default'
import { rawRequest, sendOne, snapshotPrototypes, assertNoPollution, startServer, type PrototypeSnapshot, type TestServer } from './support'
import { json, runBadInputCases, type BadInputCase } from './bad-input-cases'

const JSON_TYPE = 'application/json'
const FORM_TYPE = 'application/x-www-form-urlencoded'

/** Query and form spellings that try to reach a prototype. */
const POLLUTING_PAIRS = [
  '__proto__[polluted]=1',
  '__proto__.polluted=1',
  '__proto__=polluted',
  'constructor[prototype][polluted]=1',
  'constructor.prototype.polluted=1',
  'a[__proto__][polluted]=1',
  'a[constructor][prototype][polluted]=1',
  '[__proto__][polluted]=1',
  '__proto__[__proto__][polluted]=1',
  'a[0]=1&a[__proto__][polluted]=1',
  '__pro__proto__to__[polluted]=1',
  '%5F%5Fproto%5F%5F[polluted]=1',
  'prototype[polluted]=1'
]

const POLLUTING_JSON = [
  '{"__proto__":{"polluted":1}}',
  '{"constructor":{"prototype":{"polluted":1}}}',
  '{"a":{"__proto__":{"polluted":1}}}',
  '[{"__proto__":{"polluted":1}}]',
  '{"__proto__":{"__proto__":{"polluted":1}}}',
  '{"\\u005f\\u005fproto\\u005f\\u005f":{"polluted":1}}'
]

/** Asserts no key of a parsed value (at any depth) is an inherited accessor or changed prototype. */
function assertPlainData (value: unknown): void {
  if (value === null || typeof value !== 'object') return
  const proto = Object.getPrototypeOf(value)
  assert.ok(proto === Object.prototype || proto === Array.prototype || proto === null, 'a parsed value with a foreign prototype')
  for (const key of Object.keys(value)) assertPlainData((value as Record<string, unknown>)[key])
}

const cases: BadInputCase[] = []
for (const pair of POLLUTING_PAIRS) {
  cases.push({
    title: `query ?${pair}`,
    request: rawRequest('GET', '/query?' + pair.replace(/\[/g, '%5B').replace(/\]/g, '%5D')),
    status: 200,
    check (res) { assert.equal(json(res).polluted, undefined) }
  }, {
    title: `query (raw brackets) ?${pair}`,
    request: rawRequest('GET', '/query?' + pair),
    status: 200
  }, {
    title: `form ${pair}`,
    request: rawRequest('POST', '/merge', { 'Content-Type': FORM_TYPE }, pair),
    status: 200,
    check (res) { assert.equal(json(res).polluted, null) }
  })
}
for (const body of POLLUTING_JSON) {
  cases.push({
    title: `JSON ${body}`,
    request: rawRequest('POST', '/merge', { 'Content-Type': JSON_TYPE }, body),
    status: 200,
    check (res) { assert.equal(json(res).polluted, null) }
  }, {
    title: `JSON echoed ${body}`,
    request: rawRequest('POST', '/echo', { 'Content-Type': JSON_TYPE }, body),
    status: 200
  })
}
cases.push(
  {
    title: 'a JSON cookie (j:) with __proto__',
    request: rawRequest('GET', '/cookies', { Cookie: 'a=j:' + encodeURIComponent('{"__proto__":{"polluted":1}}') + '; __proto__=1; constructor=2' }),
    status: 200,
    check (res) { assert.equal(json(res).cookies.polluted, undefined) }
  },
  { title: 'a __proto__ request header', request: rawRequest('GET', '/host', { __proto__: 'polluted', constructor: 'x' }), status: 200 },
  { title: 'a __proto__ route param', request: rawRequest('GET', '/users/__proto__'), status: 200, check (res) { assert.deepEqual(json(res), { id: '__proto__' }) } },
  { title: 'a __proto__ param in a merged-params router', request: rawRequest('GET', '/sub/__proto__/items/constructor'), status: 200, check (res) { assert.deepEqual(json(res), { tenant: '__proto__', item: 'constructor' }) } }
)

describe('prototype pollution: the full-stack app', () => {
  runBadInputCases(cases)
})

describe('prototype pollution: simple query parser, flat forms, standalone-style options', () => {
  let server: TestServer
  let snapshot: PrototypeSnapshot
  before(async () => {
    const app = framework()
    app.set('query parser', 'simple')
    app.use(cookieParser())
    app.use(framework.urlencoded({ extended: false }))
    app.use(framework.json({ strict: false }))
    app.use('/q', framework.query({ depth: 20, allowPrototypes: false }))
    app.all(['/echo', '/q'], (req, res) => {
      assertPlainData(req.query)
      assertPlainData(req.body)
      const merged: Record<string, unknown> = {}
      for (const source of [req.query, req.body]) {
        if (source && typeof source === 'object') Object.assign(merged, source)
      }
      res.json({ query: req.query, body: req.body, mergedPolluted: ({} as Record<string, unknown>).polluted ?? null })
    })
    server = await startServer(app)
  })
  after(async () => { await server.close() })
  afterEach(() => { assertNoPollution(snapshot) })

  for (const pair of POLLUTING_PAIRS) {
    it(`simple query parser and flat form: ${pair}`, async () => {
      snapshot = snapshotPrototypes()
      const res = await sendOne(server.port, rawRequest('POST', '/echo?' + pair, { 'Content-Type': FORM_TYPE }, pair))
      assert.equal(res.statusCode, 200)
      assert.equal(json(res).mergedPolluted, null)
    })
    it(`framework.query with allowPrototypes false: ${pair}`, async () => {
      snapshot = snapshotPrototypes()
      const res = await sendOne(server.port, rawRequest('GET', '/q?' + pair))
      assert.equal(res.statusCode, 200)
    })
  }
  for (const body of POLLUTING_JSON) {
    it(`JSON, non-strict: ${body}`, async () => {
      snapshot = snapshotPrototypes()
      const res = await sendOne(server.port, rawRequest('POST', '/echo', { 'Content-Type': JSON_TYPE }, body))
      assert.equal(res.statusCode, 200)
    })
  }
})
