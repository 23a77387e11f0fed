import { describe, it } from 'node:test'
import assert from 'node:assert/strict'
import { IncomingMessage, ServerResponse } from 'node:http'
import request from 'supertest'
import framework from '../../presets/default'
import { Route } from '../../kernel'
import { REMOVED_MIDDLEWARE } from '../../plugins/removed-middleware'
import { expectWarnings } from '../support/expected-warnings'

// What these tests are expected to raise, kept rather than printed.
expectWarnings(['body-parser deprecated undefined extended: provide extended option'])

describe('presets/default (the package\'s main export)', () => {
  it('is the callable framework', () => {
    assert.equal(typeof framework, 'function')
    const app = framework()
    assert.equal(typeof app, 'function')
    assert.equal(typeof app.use, 'function')
  })

  it('has the Express 4 statics', () => {
    for (const name of ['json', 'raw', 'text', 'urlencoded', 'static', 'Router', 'query'] as const) {
      assert.equal(typeof framework[name], 'function', name)
    }
    assert.equal(framework.Route, Route)
    assert.equal(typeof framework.application, 'object')
    assert.equal(typeof framework.application.use, 'function')
    assert.ok(framework.request instanceof IncomingMessage)
    assert.ok(framework.response instanceof ServerResponse)
    assert.equal(framework.static.mime.lookup('html'), 'text/html')
  })

  it('makes middleware with its statics', () => {
    for (const name of ['json', 'raw', 'text', 'urlencoded'] as const) {
      const mw = framework[name]()
      assert.equal(typeof mw, 'function', name)
      assert.equal(mw.length, 3, `${name}() is (req, res, next) middleware`)
    }
    assert.equal(typeof framework.static(__dirname), 'function')
    assert.equal(typeof framework.Router().use, 'function')
  })

  it('is built from the expected plugins', () => {
    const names = framework.plugins.map((p) => p.name)
    for (const name of ['query', 'request', 'response', 'file-transfer', 'static', 'views', 'body-json', 'body-raw', 'body-text', 'body-urlencoded', 'removed-middleware']) {
      assert.ok(names.includes(name), `${name} in ${names.join(', ')}`)
    }
  })

  it('throws a clear error for each middleware Express 4 stopped bundling', () => {
    assert.ok(REMOVED_MIDDLEWARE.includes('bodyParser'))
    for (const name of REMOVED_MIDDLEWARE) {
      assert.throws(() => (framework as unknown as Record<string, unknown>)[name], (err: unknown) => {
        assert.ok(err instanceof Error)
        assert.match(err.message, new RegExp(`Most middleware \\(like ${name}\\) is no longer bundled with Express and must be installed separately`))
        return true
      }, name)
    }
  })

  it('gives apps the request and response helpers, query parsing and defaults', async () => {
    const app = framework()
    assert.equal(app.get('etag'), 'weak')
    assert.equal(app.get('query parser'), 'extended')
    assert.equal(app.get('subdomain offset'), 2)
    assert.equal(app.get('jsonp callback name'), 'callback')
    assert.equal(app.get('trust proxy'), false)
    app.use(framework.json())
    app.post('/echo', (req, res) => { res.json({ body: req.body, query: req.query, host: req.hostname }) })
    await request(app).post('/echo?a[b]=1').set('Host', 'example.com').send({ x: 1 })
      .expect('Content-Type', /application\/json/)
      .expect(200, { body: { x: 1 }, query: { a: { b: '1' } }, host: 'example.com' })
  })
})
