// helmet on the default preset: its security headers on every response, X-Powered-By removed.
import { describe, it } from 'node:test'
import assert from 'node:assert/strict'
import request from 'supertest'
import helmet from 'helmet'
import express = require('../../presets/default')

describe('helmet', () => {
  it('sets the security headers and removes X-Powered-By', async () => {
    const app = express()
    app.use(helmet())
    app.get('/', (req, res) => { res.send('Hello world!') })
    const r = await request(app).get('/').expect(200, 'Hello world!')
    assert.match(r.headers['content-security-policy'], /default-src 'self'/)
    assert.equal(r.headers['x-content-type-options'], 'nosniff')
    assert.equal(r.headers['x-frame-options'], 'SAMEORIGIN')
    assert.equal(r.headers['strict-transport-security'], 'max-age=31536000; includeSubDomains')
    assert.equal(r.headers['cross-origin-opener-policy'], 'same-origin')
    assert.equal(r.headers['referrer-policy'], 'no-referrer')
    assert.equal(r.headers['x-powered-by'], undefined)
  })

  it('applies per-middleware options', async () => {
    const app = express()
    app.use(helmet({
      contentSecurityPolicy: { directives: { 'script-src': ["'self'", 'example.com'] } },
      frameguard: { action: 'deny' }
    }))
    app.get('/', (req, res) => { res.json({ ok: true }) })
    const r = await request(app).get('/').expect(200, { ok: true })
    assert.match(r.headers['content-security-policy'], /script-src 'self' example\.com/)
    assert.equal(r.headers['x-frame-options'], 'DENY')
  })

  it('keeps its headers on error pages of the final handler', async () => {
    const app = express()
    app.use(helmet())
    const r = await request(app).get('/missing').expect(404)
    assert.equal(r.headers['x-content-type-options'], 'nosniff')
    assert.match(r.headers['content-security-policy'], /default-src 'none'/)
  })

  it('lets a single helmet middleware be used alone', async () => {
    const app = express()
    app.use(helmet.noSniff())
    app.get('/', (req, res) => { res.send('x') })
    const r = await request(app).get('/').expect(200, 'x')
    assert.equal(r.headers['x-content-type-options'], 'nosniff')
    assert.equal(r.headers['x-powered-by'], 'Express')
  })
})
