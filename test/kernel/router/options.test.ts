import { describe, it } from 'node:test'
import assert from 'node:assert/strict'
import request from 'supertest'
import minimal from '../../../presets/minimal'
import framework from '../../../presets/default'

describe('automatic OPTIONS', () => {
  it('answers with Allow listing the methods of the matching routes, HEAD with GET', async () => {
    const app = minimal()
    app.get('/users', (req, res) => { res.end() })
    app.put('/users', (req, res) => { res.end() })
    await request(app).options('/users')
      .expect('Allow', 'GET,HEAD,PUT')
      .expect('Content-Type', 'text/plain; charset=utf-8')
      .expect(200, 'GET,HEAD,PUT')
  })

  it('lists the union over the matched routes, each method once', async () => {
    const app = minimal()
    app.get('/items/:id', (req, res) => { res.end() })
    app.post('/items/:id', (req, res) => { res.end() })
    app.route('/items/7').get((req, res) => { res.end() }).delete((req, res) => { res.end() })
    app.patch('/other', (req, res) => { res.end() })
    await request(app).options('/items/7').expect('Allow', 'GET,HEAD,POST,DELETE').expect(200)
    await request(app).options('/items/8').expect('Allow', 'GET,HEAD,POST').expect(200)
  })

  it('includes the methods of routes in mounted routers', async () => {
    const app = minimal()
    const router = minimal.Router()
    router.post('/thing', (req, res) => { res.end() })
    app.get('/api/thing', (req, res) => { res.end() })
    app.use('/api', router)
    const res = await request(app).options('/api/thing').expect(200)
    assert.ok(res.headers.allow.includes('POST'), res.headers.allow)
  })

  it('is not sent when a route handles OPTIONS itself', async () => {
    const app = minimal()
    app.get('/users', (req, res) => { res.end() })
    app.options('/users', (req, res) => { res.setHeader('Allow', 'CUSTOM'); res.end('custom options') })
    await request(app).options('/users').expect('Allow', 'CUSTOM').expect(200, 'custom options')
  })

  it('is not sent when middleware answers first', async () => {
    const app = minimal()
    app.use((req, res, next) => { if (req.method === 'OPTIONS') res.end('middleware'); else next() })
    app.get('/users', (req, res) => { res.end() })
    await request(app).options('/users').expect(200, 'middleware')
  })

  it('leaves a path without routes to the 404', async () => {
    const app = minimal()
    app.get('/users', (req, res) => { res.end() })
    await request(app).options('/nothing').expect(404)
  })

  it('passes an error on instead of answering', async () => {
    const app = minimal()
    app.get('/users', (req, res) => { res.end() })
    app.use((req, res, next) => { next(new Error('options failed')) })
    app.use((err: Error, req: unknown, res: import('node:http').ServerResponse, next: unknown) => { res.end(err.message) })
    await request(app).options('/users').expect(200, 'options failed')
  })

  it('uses the response helpers in the default preset (ETag, Content-Type)', async () => {
    const app = framework()
    app.get('/users', (req, res) => { res.end() })
    await request(app).options('/users')
      .expect('Allow', 'GET,HEAD')
      .expect('Content-Type', /text\/html/)
      .expect('ETag', /^W\//)
      .expect(200, 'GET,HEAD')
  })
})
