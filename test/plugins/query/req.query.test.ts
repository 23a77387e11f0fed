import { describe, it } from 'node:test'
import assert from 'node:assert/strict'
import request from 'supertest'
import framework from '../../../presets/default'
import type { Application } from '../../../kernel'
import type { QueryParserSetting } from '../../../plugins/query/types'

/** An app answering `JSON.stringify(req.query)`, with `query parser` set first when given. */
function queryApp (parser?: QueryParserSetting): Application {
  const app = framework()
  if (parser !== undefined) app.set('query parser', parser)
  app.use((req, res) => { res.end(JSON.stringify(req.query)) })
  return app
}

function repeated (key: string, count: number): string {
  return Array.from({ length: count }, (_, i) => `${key}=${i}`).join('&')
}

describe('req.query', () => {
  it('is {} without a query string', async () => {
    await request(queryApp()).get('/').expect(200, '{}')
    await request(queryApp()).get('/?').expect(200, '{}')
  })

  it('parses nested keys and arrays by default', async () => {
    await request(queryApp()).get('/?user[name]=tj&user[tags][]=a&user[tags][]=b')
      .expect(200, JSON.stringify({ user: { name: 'tj', tags: ['a', 'b'] } }))
  })

  it('keeps dots and commas in keys and values', async () => {
    await request(queryApp()).get('/?user.name=tj&list=a,b').expect(200, JSON.stringify({ 'user.name': 'tj', list: 'a,b' }))
  })

  it('makes an array of a key repeated more than 20 times', async () => {
    await request(queryApp()).get('/?' + repeated('id', 25))
      .expect(200, JSON.stringify({ id: Array.from({ length: 25 }, (_, i) => String(i)) }))
  })

  it('makes arrays of indexes below 1000 and objects of larger ones', async () => {
    await request(queryApp()).get('/?a[999]=x&b[1000]=y&c[0][k]=v')
      .expect(200, JSON.stringify({ a: ['x'], b: { 1000: 'y' }, c: [{ k: 'v' }] }))
  })

  it('keeps keys named like Object.prototype members', async () => {
    await request(queryApp()).get('/?hasOwnProperty=1&toString=2').expect(200, JSON.stringify({ hasOwnProperty: '1', toString: '2' }))
  })

  it('never reaches Object.prototype through __proto__, constructor or prototype', async () => {
    await request(queryApp()).get('/?__proto__[polluted]=1&constructor[prototype][polluted]=2&a[__proto__][polluted]=3')
      .expect(200, JSON.stringify({ constructor: { prototype: { polluted: '2' } }, a: {} }))
    assert.equal(({} as Record<string, unknown>).polluted, undefined)
    assert.equal(Object.prototype.hasOwnProperty.call(Object.prototype, 'polluted'), false)
  })

  it('keeps malformed percent-encoding as sent', async () => {
    await request(queryApp()).get('/?a=%zz&b=%E0%A4%A&%=1').expect(200, JSON.stringify({ a: '%zz', b: '%E0%A4%A', '%': '1' }))
  })

  it('stops at 1000 parameters', async () => {
    const app = framework()
    app.use((req, res) => { res.end(String(Object.keys(req.query).length)) })
    const qs = Array.from({ length: 1200 }, (_, i) => `k${i}=1`).join('&')
    await request(app).get('/?' + qs).expect(200, '1000')
  })

  it('nests at most 5 levels, keeping the rest of the key as one name', async () => {
    await request(queryApp()).get('/?a[b][c][d][e][f][g]=1')
      .expect(200, JSON.stringify({ a: { b: { c: { d: { e: { f: { '[g]': '1' } } } } } } }))
  })

  it('answers a huge, hostile query string without throwing', async () => {
    const hostile = 'a' + '['.repeat(1000) + ']'.repeat(1000) + '=1&' + '[x]'.repeat(1000) + '=2&' + repeated('z[]', 600)
    const app = framework()
    app.use((req, res) => { res.end(typeof req.query) })
    await request(app).get('/?' + hostile).expect(200, 'object')
  })

  it('parses a megabyte of hostile input within bounds, decoding only the first 1000 parameters (beyond what node lets through HTTP)', (t) => {
    const parse = framework().get('query parser fn') as (str: string) => Record<string, unknown>
    // Every key and value has a percent escape, so qs decodes each it parses with
    // decodeURIComponent (text without one needs no decoding): the work it does, counted.
    const escaped = (key: string, count: number): string => Array.from({ length: count }, (_, i) => `${key}=%3${i % 10}`).join('&')
    const hostile = escaped('a%5B%5D', 50000) + '&' + 'b' + '%5Bc%5D'.repeat(100000) + '=%31&' + escaped('d%5B999999999%5D', 1000)
    const decode = t.mock.method(globalThis, 'decodeURIComponent')
    const result = parse(hostile)
    const decoded = decode.mock.calls.map((call) => String(call.arguments[0]))
    decode.mock.restore()
    assert.ok(decoded.length > 0, 'qs decodes through decodeURIComponent')
    assert.ok(decoded.length <= 2 * 1000, `${decoded.length} keys and values decoded`)
    const admitted = hostile.split('&', 1000).join('&').length
    const characters = decoded.reduce((sum, text) => sum + text.length, 0)
    assert.ok(characters <= admitted, `${characters} characters decoded, from the ${admitted} of the first 1000 parameters`)
    assert.ok(Array.isArray(result.a) && (result.a as unknown[]).length <= 1000)
    assert.equal(result.b, undefined)
  })

  it('can be assigned before it is read', async () => {
    const app = framework()
    app.use((req, res, next) => { req.query = { replaced: 'yes' }; next() })
    app.use((req, res) => { res.end(JSON.stringify(req.query)) })
    await request(app).get('/?a=1').expect(200, '{"replaced":"yes"}')
  })

  it('is the same object on every read', async () => {
    const app = framework()
    app.use((req, res) => {
      const first = req.query
      ;(first as Record<string, unknown>).added = 'x'
      res.end(JSON.stringify([first === req.query, req.query]))
    })
    await request(app).get('/?a=1').expect(200, JSON.stringify([true, { a: '1', added: 'x' }]))
  })

  it('reflects the URL as it reached the app, even if middleware rewrites req.url', async () => {
    const app = framework()
    app.use((req, res, next) => { req.url = '/other?b=2'; next() })
    app.use((req, res) => { res.end(JSON.stringify(req.query)) })
    await request(app).get('/?a=1').expect(200, '{"a":"1"}')
  })

  it('is an own, enumerable property of the request', async () => {
    const app = framework()
    app.use((req, res) => {
      res.end(JSON.stringify([Object.keys(req).includes('query'), Object.prototype.hasOwnProperty.call(req, 'query')]))
    })
    await request(app).get('/?a=1').expect(200, '[true,true]')
    await request(app).get('/').expect(200, '[true,true]')
  })

  describe('in a mounted app', () => {
    it('keeps the parent\'s parsing', async () => {
      const parent = framework()
      parent.set('query parser', 'simple')
      parent.use('/child', queryApp('extended'))
      await request(parent).get('/child?user[name]=tj').expect(200, JSON.stringify({ 'user[name]': 'tj' }))
    })

    it('parses with the child\'s parser when the parent\'s left it empty', async () => {
      const parent = framework()
      parent.set('query parser', () => null)
      parent.use('/child', queryApp((str: string) => ({ child: str })))
      await request(parent).get('/child?a=1').expect(200, JSON.stringify({ child: 'a=1' }))
    })
  })
})
