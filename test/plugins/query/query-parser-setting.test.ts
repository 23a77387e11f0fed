import { describe, it } from 'node:test'
import assert from 'node:assert/strict'
import querystring from 'node:querystring'
import request from 'supertest'
import framework from '../../../presets/default'
import type { QueryParserSetting } from '../../../plugins/query/types'

function queryApp (parser?: QueryParserSetting) {
  const app = framework()
  if (parser !== undefined) app.set('query parser', parser)
  app.use((req, res) => { res.end(JSON.stringify(req.query)) })
  return app
}

describe('app.set("query parser", value)', () => {
  it('defaults to "extended", compiled into "query parser fn"', () => {
    const app = framework()
    assert.equal(app.get('query parser'), 'extended')
    assert.equal(typeof app.get('query parser fn'), 'function')
  })

  it('"extended" parses nested keys', async () => {
    await request(queryApp('extended')).get('/?a[b]=1').expect(200, '{"a":{"b":"1"}}')
  })

  it('"simple" uses node\'s querystring, with flat keys and repeated keys as arrays', async () => {
    assert.equal(framework().set('query parser', 'simple').get('query parser fn'), querystring.parse)
    await request(queryApp('simple')).get('/?a[b]=1&c=1&c=2').expect(200, JSON.stringify({ 'a[b]': '1', c: ['1', '2'] }))
  })

  it('true is "simple"', async () => {
    await request(queryApp(true)).get('/?a%5Bb%5D=1').expect(200, JSON.stringify({ 'a[b]': '1' }))
  })

  it('false turns parsing off: always {}', async () => {
    await request(queryApp(false)).get('/?a=1').expect(200, '{}')
  })

  it('a function receives the raw query string and its result is req.query', async () => {
    const seen: unknown[][] = []
    const parser = function (...args: unknown[]) { seen.push(args); return { length: String(args[0] ?? '').length } }
    assert.equal(framework().set('query parser', parser).get('query parser fn'), parser)
    await request(queryApp(parser)).get('/?a%5Bb%5D=1').expect(200, '{"length":10}')
    await request(queryApp(parser)).get('/').expect(200, '{"length":0}')
    assert.deepEqual(seen, [['a%5Bb%5D=1', undefined], [null, undefined]])
  })

  it('throws a TypeError for any other value', () => {
    for (const bad of ['bogus', 'EXTENDED', undefined, null, 1, {}]) {
      // Deliberately values the setting's type refuses, to check the run-time error.
      assert.throws(() => framework().set('query parser', bad as QueryParserSetting), (err: Error) =>
        err instanceof TypeError && err.message === 'unknown value for query parser function: ' + String(bad))
    }
  })

  it('acts like "extended" when "query parser fn" was removed before routing', async () => {
    const app = framework()
    delete app.settings['query parser']
    delete app.settings['query parser fn']
    app.use((req, res) => { res.end(JSON.stringify(req.query)) })
    await request(app).get('/?user[name]=tj&user.name=tj').expect(200, '{"user":{"name":"tj"},"user.name":"tj"}')
  })

  it('is read when the app\'s router is created, so later changes do not apply', async () => {
    const app = framework()
    app.use((req, res) => { res.end(JSON.stringify(req.query)) })
    app.set('query parser', false)
    await request(app).get('/?a=1').expect(200, '{"a":"1"}')
  })
})
