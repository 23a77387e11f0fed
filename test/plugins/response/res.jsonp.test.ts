import { describe, it } from 'node:test'
import assert from 'node:assert/strict'
import request from 'supertest'
import framework from '../../../presets/default'
import { expectWarnings } from '../../support/expected-warnings'

function jsonpApp (body: unknown, settings: Record<string, unknown> = {}) {
  const app = framework()
  for (const [k, v] of Object.entries(settings)) app.set(k, v)
  app.use((req, res) => { res.jsonp(body) })
  return app
}

describe('res.jsonp(body)', () => {
  it('answers plain JSON without a callback', async () => {
    const r = await request(jsonpApp({ a: 1 })).get('/')
      .expect('Content-Type', 'application/json; charset=utf-8').expect(200, '{"a":1}')
    assert.equal(r.headers['x-content-type-options'], 'nosniff')
  })

  it('wraps the JSON in the named callback', async () => {
    await request(jsonpApp({ a: 1 })).get('/?callback=handle')
      .expect('Content-Type', 'text/javascript; charset=utf-8')
      .expect('X-Content-Type-Options', 'nosniff')
      .expect(200, '/**/ typeof handle === \'function\' && handle({"a":1});')
  })

  it('uses the first of repeated callbacks and ignores non-string ones', async () => {
    await request(jsonpApp(1)).get('/?callback=one&callback=two').expect(200, /one\(1\);$/)
    await request(jsonpApp(1)).get('/?callback[x]=y').expect('Content-Type', /json/).expect(200, '1')
  })

  it('strips characters that are not allowed in a callback name', async () => {
    await request(jsonpApp(1)).get('/?callback=' + encodeURIComponent('ns.list[0](alert(1));//'))
      .expect(200, '/**/ typeof ns.list[0]alert1 === \'function\' && ns.list[0]alert1(1);')
  })

  it('escapes U+2028 and U+2029 in the wrapped JSON only', async () => {
    await request(jsonpApp('\u2028\u2029')).get('/?callback=f').expect(200, /f\("\\u2028\\u2029"\);$/)
    const r = await request(jsonpApp('\u2028')).get('/').expect(200)
    assert.equal(r.text, '"\u2028"')
  })

  it('calls the callback with no argument for undefined', async () => {
    await request(jsonpApp(undefined)).get('/?callback=f').expect(200, /f\(\);$/)
  })

  it('reads the parameter named by "jsonp callback name"', async () => {
    const app = jsonpApp([1], { 'jsonp callback name': 'cb' })
    assert.equal(framework().get('jsonp callback name'), 'callback')
    await request(app).get('/?cb=go&callback=no').expect(200, /typeof go === 'function' && go\(\[1\]\);$/)
  })

  it('applies the json settings', async () => {
    await request(jsonpApp({ t: '<' }, { 'json escape': true, 'json spaces': 2 })).get('/?callback=f')
      .expect(200, /f\(\{\n {2}"t": "\\u003c"\n\}\);$/)
  })

  it('keeps a Content-Type set before when there is no callback, replaces it with one', async () => {
    const app = framework()
    app.use((req, res) => { res.type('application/vnd.x+json').jsonp({}) })
    await request(app).get('/').expect('Content-Type', 'application/vnd.x+json; charset=utf-8')
    await request(app).get('/?callback=f').expect('Content-Type', 'text/javascript; charset=utf-8')
  })
})

describe('res.jsonp(status, body) (deprecated)', () => {
  expectWarnings(['ristretto deprecated res.jsonp(status, obj): Use res.status(status).jsonp(obj) instead'])

  it('sets the status', async () => {
    await request(jsonpApp(null)).get('/').expect(200)
    const app = framework()
    app.use((req, res) => { res.jsonp(202, { ok: true }) })
    await request(app).get('/?callback=f').expect(202, /f\(\{"ok":true\}\);$/)
  })
})
