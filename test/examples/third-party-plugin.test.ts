import { describe, it } from 'node:test'
import assert from 'node:assert/strict'
import request from 'supertest'
import app from '../../examples/third-party-plugin'
import { correlationIdPlugin, PLUGIN_NAME } from '../../examples/third-party-plugin/correlation-id-plugin'
import { createFramework, PluginError } from '../../kernel'
import minimal from '../../presets/minimal'
import full from '../../presets/default'

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/

describe('examples/third-party-plugin', () => {
  it('adds the plugin after the default preset\'s', async () => {
    const res = await request(app).get('/').expect(200)
    assert.deepEqual(res.body.plugins, [...full.plugins.map((p) => p.name), PLUGIN_NAME])
  })

  it('gives each request a new id, as req.correlationId and in X-Correlation-Id', async () => {
    const a = await request(app).get('/').expect(200)
    const b = await request(app).get('/').expect(200)
    assert.match(a.body.correlationId, UUID)
    assert.equal(a.headers['x-correlation-id'], a.body.correlationId)
    assert.notEqual(a.body.correlationId, b.body.correlationId)
  })

  it('keeps a well-formed incoming id', async () => {
    await request(app).post('/echo').set('X-Correlation-Id', 'from-proxy_42').send({ a: 1 })
      .expect('X-Correlation-Id', 'from-proxy_42')
      .expect(200, { correlationId: 'from-proxy_42', body: { a: 1 } })
  })

  it('reads the header from the app setting set by appCreated', async () => {
    assert.equal(app.get('correlation id header'), 'X-Correlation-Id')
    const framework = createFramework({ plugins: [...full.plugins, correlationIdPlugin({ header: 'X-Trace', trustIncoming: false })] })
    const other = framework()
    other.get('/', (req, res) => { res.send(req.correlationId) })
    const res = await request(other).get('/').set('X-Trace', 'given').expect(200)
    assert.match(res.text, UUID)
    assert.equal(res.headers['x-trace'], res.text)
  })

  it('keeps one id through a mounted sub-app of the same build', async () => {
    const framework = createFramework({ plugins: [...full.plugins, correlationIdPlugin()] })
    const parent = framework()
    const child = framework()
    let seen = ''
    parent.use((req, res, next) => { seen = req.correlationId; next() })
    child.get('/', (req, res) => { res.send(req.correlationId) })
    parent.use('/child', child)
    const res = await request(parent).get('/child').expect(200)
    assert.equal(res.text, seen)
    assert.equal(res.headers['x-correlation-id'], seen)
  })

  it('declares its dependency on the request plugin', () => {
    assert.throws(() => createFramework({ plugins: [...minimal.plugins, correlationIdPlugin()] }),
      (err: unknown) => err instanceof PluginError && err.code === 'RST_PLUGIN_DEPENDENCY' && /correlation-id.*request/.test(err.message))
  })

  describe('bad input', () => {
    it('a malformed or oversized incoming id is replaced', async () => {
      for (const given of ['bad id', 'x'.repeat(65), '<script>', 'a,b']) {
        const res = await request(app).get('/').set('X-Correlation-Id', given).expect(200)
        assert.match(res.body.correlationId, UUID, given)
      }
    })

    it('an unknown route is a JSON 404 carrying the id', async () => {
      const res = await request(app).get('/nope').expect(404)
      assert.equal(res.body.error, 'Cannot GET /nope')
      assert.equal(res.body.correlationId, res.headers['x-correlation-id'])
    })

    it('a failing handler is a JSON 500 carrying the id, without details', async () => {
      const res = await request(app).get('/fail').set('X-Correlation-Id', 'trace-1').expect(500)
      assert.deepEqual(res.body, { error: 'Internal Server Error', correlationId: 'trace-1' })
    })

    it('malformed JSON is a 400 carrying the id', async () => {
      const res = await request(app).post('/echo').type('json').send('{').expect(400)
      assert.match(res.body.correlationId, UUID)
    })
  })
})
