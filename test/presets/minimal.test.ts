import { describe, it } from 'node:test'
import assert from 'node:assert/strict'
import request from 'supertest'
import minimal from '../../presets/minimal'
import { Route } from '../../kernel'

describe('presets/minimal (the kernel alone)', () => {
  it('is a callable framework whose only plugin is app.fetch', () => {
    assert.equal(typeof minimal, 'function')
    assert.deepEqual(minimal.plugins.map((p) => p.name), ['fetch'])
    assert.equal(minimal.Route, Route)
    assert.equal(typeof minimal.Router, 'function')
  })

  it('has no plugin statics', () => {
    const statics = minimal as unknown as Record<string, unknown>
    for (const name of ['json', 'raw', 'text', 'urlencoded', 'static', 'query']) {
      assert.equal(statics[name], undefined, name)
    }
    assert.doesNotThrow(() => statics.bodyParser, 'no removed-middleware getters either')
  })

  it('routes requests and runs the final handler', async () => {
    const app = minimal()
    app.get('/users/:id', (req, res) => { res.end(`user ${req.params.id}`) })
    await request(app).get('/users/3').expect('X-Powered-By', 'Express').expect(200, 'user 3')
    await request(app).get('/nowhere').expect(404, /Cannot GET \/nowhere/)
  })

  it('has no response or request helpers: no res.send, res.json, req.get, req.query', async () => {
    const app = minimal()
    app.get('/', (req, res) => {
      const r = res as unknown as Record<string, unknown>
      const q = req as unknown as Record<string, unknown>
      res.end(JSON.stringify([typeof r.send, typeof r.json, typeof r.status, typeof q.get, typeof q.query, typeof q.hostname]))
    })
    await request(app).get('/?a=1').expect(200, JSON.stringify(['undefined', 'undefined', 'undefined', 'undefined', 'undefined', 'undefined']))
  })

  it('has only the kernel\'s settings and first layer', () => {
    const app = minimal()
    assert.equal(app.get('etag'), undefined)
    assert.equal(app.get('query parser'), undefined)
    assert.equal(app.get('views'), undefined)
    assert.equal(typeof app.get('env'), 'string')
    assert.equal(app.enabled('x-powered-by'), true)
    app.use((req, res) => { res.end() })
    assert.deepEqual(app._router!.stack.map((l) => l.name), ['expressInit', '<anonymous>'])
  })
})
