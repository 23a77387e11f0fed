// cors on the default preset: simple and preflight requests, per route and app-wide, as its README shows.
import { describe, it } from 'node:test'
import assert from 'node:assert/strict'
import request from 'supertest'
import cors from 'cors'
import express = require('../../presets/default')
import { expectWarnings } from '../support/expected-warnings'

// What these tests are expected to raise, kept rather than printed.
expectWarnings(['ristretto deprecated app.del: Use app.delete instead'])

describe('cors', () => {
  it('allows every origin app-wide', async () => {
    const app = express()
    app.use(cors())
    app.get('/products/:id', (req, res) => { res.json({ msg: 'This is CORS-enabled for all origins!', id: req.params.id }) })
    await request(app).get('/products/7').set('Origin', 'http://example.com')
      .expect('Access-Control-Allow-Origin', '*')
      .expect(200, { msg: 'This is CORS-enabled for all origins!', id: '7' })
  })

  it('enables CORS on a single route', async () => {
    const app = express()
    app.get('/open', cors(), (req, res) => { res.send('open') })
    app.get('/closed', (req, res) => { res.send('closed') })
    await request(app).get('/open').expect('Access-Control-Allow-Origin', '*').expect(200, 'open')
    const r = await request(app).get('/closed').expect(200, 'closed')
    assert.equal(r.headers['access-control-allow-origin'], undefined)
  })

  it('answers a preflight with 204 and the allowed methods', async () => {
    const app = express()
    app.options('/products/:id', cors())
    app.del('/products/:id', cors(), (req, res) => { res.json({ deleted: req.params.id }) })
    await request(app).options('/products/3')
      .set('Origin', 'http://example.com')
      .set('Access-Control-Request-Method', 'DELETE')
      .set('Access-Control-Request-Headers', 'X-Custom')
      .expect('Access-Control-Allow-Methods', 'GET,HEAD,PUT,PATCH,POST,DELETE')
      .expect('Access-Control-Allow-Headers', 'X-Custom')
      .expect('Content-Length', '0')
      .expect(204)
    await request(app).delete('/products/3').expect(200, { deleted: '3' })
  })

  it('answers preflights of every route with app.options("*", cors())', async () => {
    const app = express()
    app.options('*', cors())
    app.put('/a/b', (req, res) => { res.send('put') })
    await request(app).options('/a/b').set('Origin', 'http://x.test')
      .expect('Access-Control-Allow-Origin', '*').expect(204)
  })

  it('checks the origin against a whitelist with a function', async () => {
    const allowed = ['http://example1.com']
    const app = express()
    app.use(cors({
      origin (origin, callback) {
        if (!origin || allowed.includes(origin)) callback(null, true)
        else callback(new Error('Not allowed by CORS'))
      },
      credentials: true
    }))
    app.get('/', (req, res) => { res.send('ok') })
    app.use((err: Error, req: unknown, res: any, next: unknown) => { res.status(403).send(err.message) })
    await request(app).get('/').set('Origin', 'http://example1.com')
      .expect('Access-Control-Allow-Origin', 'http://example1.com')
      .expect('Access-Control-Allow-Credentials', 'true')
      .expect('Vary', 'Origin')
      .expect(200, 'ok')
    await request(app).get('/').set('Origin', 'http://evil.test').expect(403, 'Not allowed by CORS')
  })
})
