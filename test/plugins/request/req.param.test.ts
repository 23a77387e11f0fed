import { describe, it, before, after } from 'node:test'
import assert from 'node:assert/strict'
import request from 'supertest'
import framework from '../../../presets/default'

const silence = () => {}
before(() => { process.on('deprecation', silence) })
after(() => { process.removeListener('deprecation', silence) })

describe('req.param(name [, defaultValue])', () => {
  it('reads route params first', async () => {
    const app = framework()
    app.get('/user/:name', (req, res) => { res.end(String(req.param('name'))) })
    await request(app).get('/user/tobi?name=query').expect(200, 'tobi')
  })

  it('then the body', async () => {
    const app = framework()
    app.use(framework.json())
    app.post('/user', (req, res) => { res.end(String(req.param('name'))) })
    await request(app).post('/user?name=query').send({ name: 'body' }).expect(200, 'body')
  })

  it('then the query', async () => {
    const app = framework()
    app.get('/user', (req, res) => { res.end(String(req.param('name'))) })
    await request(app).get('/user?name=query').expect(200, 'query')
  })

  it('skips null and undefined values', async () => {
    const app = framework()
    app.post('/user/:name?', (req, res) => {
      req.body = { name: null }
      res.end(String(req.param('name')))
    })
    await request(app).post('/user?name=query').expect(200, 'query')
  })

  it('falls back to the default value', async () => {
    const app = framework()
    app.get('/', (req, res) => { res.end(String(req.param('missing', 'fallback'))) })
    await request(app).get('/?other=1').expect(200, 'fallback')
  })

  it('emits a deprecation naming its arguments', async () => {
    const seen: string[] = []
    const onDeprecation = (err: Error) => { seen.push(err.message) }
    process.on('deprecation', onDeprecation)
    const app = framework()
    app.get('/', (req, res) => { req.param('a'); req.param('a', 1); res.end() })
    try {
      await request(app).get('/').expect(200)
    } finally {
      process.removeListener('deprecation', onDeprecation)
    }
    assert.deepEqual(seen, [
      'req.param(name): Use req.params, req.body, or req.query instead',
      'req.param(name, default): Use req.params, req.body, or req.query instead'
    ])
  })
})
