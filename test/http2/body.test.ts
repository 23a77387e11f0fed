import { describe, it, before, after } from 'node:test'
import assert from 'node:assert/strict'
import zlib from 'node:zlib'
import framework from '../../presets/default'
import { TRANSPORTS, startTransport, type Transport } from './support'

function bodyApp () {
  const app = framework()
  app.post('/json', framework.json(), (req, res) => { res.json({ got: req.body }) })
  app.post('/form', framework.urlencoded({ extended: true }), (req, res) => { res.json({ got: req.body }) })
  app.post('/text', framework.text(), (req, res) => { res.send(`text:${req.body}`) })
  app.post('/raw', framework.raw(), (req, res) => { res.send(`raw:${req.body.length}`) })
  app.post('/small', framework.json({ limit: 10 }), (req, res) => { res.json(req.body) })
  return app
}

for (const { name, skip } of TRANSPORTS) {
  describe(`body parsers over ${name}`, { skip }, () => {
    let t: Transport
    before(async () => {
      const app = bodyApp()
      app.set('env', 'test')
      t = await startTransport(name, app)
    })
    after(() => t.close())

    it('framework.json() parses JSON', async () => {
      const r = await t.request('/json', { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"a":[1,2]}' })
      assert.deepEqual(JSON.parse(r.text), { got: { a: [1, 2] } })
    })

    it('framework.json() inflates gzip', async () => {
      const r = await t.request('/json', {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'content-encoding': 'gzip' },
        body: zlib.gzipSync('{"zipped":true}')
      })
      assert.deepEqual(JSON.parse(r.text), { got: { zipped: true } })
    })

    it('framework.urlencoded() parses forms', async () => {
      const r = await t.request('/form', { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: 'a=1&b[c]=2' })
      assert.deepEqual(JSON.parse(r.text), { got: { a: '1', b: { c: '2' } } })
    })

    it('framework.text() and framework.raw()', async () => {
      assert.equal((await t.request('/text', { method: 'POST', headers: { 'content-type': 'text/plain' }, body: 'héllo' })).text, 'text:héllo')
      assert.equal((await t.request('/raw', { method: 'POST', headers: { 'content-type': 'application/octet-stream' }, body: Buffer.alloc(3000) })).text, 'raw:3000')
    })

    it('answers 400 for bad JSON and 413 over the limit', async () => {
      const bad = await t.request('/json', { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{bad' })
      assert.equal(bad.status, 400)
      const big = await t.request('/small', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ long: 'x'.repeat(100) }) })
      assert.equal(big.status, 413)
      // The connection (or session) still serves requests.
      const ok = await t.request('/json', { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{}' })
      assert.equal(ok.status, 200)
    })
  })
}
