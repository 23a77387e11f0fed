import { describe, it, before, after } from 'node:test'
import assert from 'node:assert/strict'
import framework from '../../presets/default'
import { TRANSPORTS, startTransport, type Transport } from './support'

function routingApp () {
  const app = framework()
  app.get('/users/:id', (req, res) => { res.send(`user ${req.params.id}`) })
  app.route('/items')
    .get((req, res) => { res.send('list') })
    .post((req, res) => { res.status(201).send('created') })
  app.get('/skip', (req, res, next) => { next('route') }, (req, res) => { res.send('never') })
  app.get('/skip', (req, res) => { res.send('second route') })
  app.get('/boom', () => { throw new Error('boom') })
  app.get('/teapot', (req, res, next) => { next(Object.assign(new Error('short and stout'), { status: 418 })) })
  app.get('/late-error', (req, res, next) => { res.write('partial'); next(new Error('late')) })
  return app
}

for (const { name, skip } of TRANSPORTS) {
  describe(`routing over ${name}`, { skip }, () => {
    let t: Transport
    before(async () => {
      const app = routingApp()
      app.set('env', 'test')
      t = await startTransport(name, app)
    })
    after(() => t.close())

    it('matches routes with parameters', async () => {
      const r = await t.request('/users/42')
      assert.equal(r.status, 200)
      assert.equal(r.text, 'user 42')
      assert.equal(r.headers['x-powered-by'], 'Express')
      assert.equal(r.version, name.startsWith('HTTP/1.1') ? '1.1' : '2.0')
    })

    it('dispatches by method on a route', async () => {
      assert.equal((await t.request('/items')).text, 'list')
      const created = await t.request('/items', { method: 'POST' })
      assert.equal(created.status, 201)
      assert.equal(created.text, 'created')
    })

    it("supports next('route')", async () => {
      assert.equal((await t.request('/skip')).text, 'second route')
    })

    it('answers HEAD without a body', async () => {
      const r = await t.request('/users/7', { method: 'HEAD' })
      assert.equal(r.status, 200)
      assert.equal(r.headers['content-length'], '6')
      assert.equal(r.body.length, 0)
    })

    it('answers OPTIONS with the allowed methods', async () => {
      const r = await t.request('/items', { method: 'OPTIONS' })
      assert.equal(r.status, 200)
      assert.equal(r.headers.allow, 'GET,POST,HEAD')
    })

    it('answers 404 with the final handler', async () => {
      const r = await t.request('/nowhere')
      assert.equal(r.status, 404)
      assert.match(r.text, /Cannot GET \/nowhere/)
      assert.equal(r.headers['content-security-policy'], "default-src 'none'")
    })

    it('answers a thrown error with 500 and an error status with that status', async () => {
      const r = await t.request('/boom')
      assert.equal(r.status, 500)
      assert.match(r.text, /Error: boom/)
      assert.equal((await t.request('/teapot')).status, 418)
    })

    it('ends a response broken by a late error and keeps serving', async () => {
      await t.request('/late-error').then(() => undefined, () => undefined)
      assert.equal((await t.request('/users/1')).text, 'user 1')
    })
  })
}
