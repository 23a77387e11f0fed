import { describe, it, before, after } from 'node:test'
import assert from 'node:assert/strict'
import framework from '../../presets/default'
import { TRANSPORTS, startTransport, type Transport } from './support'

function responseApp () {
  const app = framework()
  app.get('/send', (req, res) => { res.send('<p>hi</p>') })
  app.get('/buffer', (req, res) => { res.send(Buffer.from('bytes')) })
  app.get('/json', (req, res) => { res.status(202).json({ ok: true, n: 1 }) })
  app.get('/jsonp', (req, res) => { res.jsonp({ a: 1 }) })
  app.get('/redirect', (req, res) => { res.redirect('/send') })
  app.get('/redirect-301', (req, res) => { res.redirect(301, 'https://example.com/new') })
  app.get('/cookie', (req, res) => {
    res.cookie('a', '1', { httpOnly: true })
    res.cookie('b', { x: 2 })
    res.clearCookie('c')
    res.send('cookies')
  })
  app.get('/headers', (req, res) => {
    res.set({ 'X-One': '1', 'X-List': ['a', 'b'] })
    res.append('X-List', 'c')
    res.vary('Accept').vary('Origin')
    res.links({ next: '/page/2' })
    res.type('txt')
    res.send('headers')
  })
  app.get('/format', (req, res) => {
    res.format({
      text: () => { res.send('text') },
      json: () => { res.json({ format: 'json' }) }
    })
  })
  app.get('/status', (req, res) => { res.sendStatus(204) })
  app.get('/end', (req, res) => { res.status(200).end('plain end') })
  app.get('/etag', (req, res) => { res.send('stable body') })
  app.get('/attachment', (req, res) => { res.attachment('report.pdf').send('pdf') })
  app.get('/locals', (req, res) => { res.locals.who = 'h2'; res.send(String(res.locals.who)) })
  return app
}

for (const { name, skip } of TRANSPORTS) {
  describe(`response helpers over ${name}`, { skip }, () => {
    let t: Transport
    before(async () => { t = await startTransport(name, responseApp()) })
    after(() => t.close())

    it('res.send(string) sends HTML with length and ETag', async () => {
      const r = await t.request('/send')
      assert.equal(r.text, '<p>hi</p>')
      assert.equal(r.headers['content-type'], 'text/html; charset=utf-8')
      assert.equal(r.headers['content-length'], '9')
      assert.match(String(r.headers.etag), /^W\/"/)
    })

    it('res.send(buffer) sends octets', async () => {
      const r = await t.request('/buffer')
      assert.equal(r.headers['content-type'], 'application/octet-stream')
      assert.equal(r.text, 'bytes')
    })

    it('res.status().json() sends JSON', async () => {
      const r = await t.request('/json')
      assert.equal(r.status, 202)
      assert.equal(r.headers['content-type'], 'application/json; charset=utf-8')
      assert.deepEqual(JSON.parse(r.text), { ok: true, n: 1 })
    })

    it('res.jsonp() wraps in the callback', async () => {
      const r = await t.request('/jsonp?callback=cb')
      assert.match(r.text, /cb\(\{"a":1\}\);/)
      assert.equal(r.headers['content-type'], 'text/javascript; charset=utf-8')
    })

    it('res.redirect() answers 302 with Location and a body', async () => {
      const r = await t.request('/redirect', { headers: { accept: 'text/plain' } })
      assert.equal(r.status, 302)
      assert.equal(r.headers.location, '/send')
      assert.equal(r.text, 'Found. Redirecting to /send')
      const moved = await t.request('/redirect-301')
      assert.equal(moved.status, 301)
      assert.equal(moved.headers.location, 'https://example.com/new')
    })

    it('res.cookie() and res.clearCookie() set Set-Cookie', async () => {
      const r = await t.request('/cookie')
      const cookies = r.headers['set-cookie'] as string[]
      assert.equal(cookies.length, 3)
      assert.equal(cookies[0], 'a=1; Path=/; HttpOnly')
      assert.equal(cookies[1], 'b=' + encodeURIComponent('j:{"x":2}') + '; Path=/')
      assert.match(cookies[2], /^c=; Path=\/; Expires=Thu, 01 Jan 1970/)
    })

    it('res.set/append/vary/links/type set headers', async () => {
      const r = await t.request('/headers')
      assert.equal(r.headers['x-one'], '1')
      const list = r.headers['x-list']
      assert.deepEqual(Array.isArray(list) ? list : String(list).split(', '), ['a', 'b', 'c'])
      assert.equal(r.headers.vary, 'Accept, Origin')
      assert.equal(r.headers.link, '</page/2>; rel="next"')
      assert.equal(r.headers['content-type'], 'text/plain; charset=utf-8')
    })

    it('res.format() negotiates', async () => {
      const r = await t.request('/format', { headers: { accept: 'application/json' } })
      assert.deepEqual(JSON.parse(r.text), { format: 'json' })
      assert.equal(r.headers.vary, 'Accept')
      const none = await t.request('/format', { headers: { accept: 'image/png' } })
      assert.equal(none.status, 406)
    })

    it('res.sendStatus(204) and res.end()', async () => {
      const r = await t.request('/status')
      assert.equal(r.status, 204)
      assert.equal(r.body.length, 0)
      assert.equal((await t.request('/end')).text, 'plain end')
    })

    it('answers 304 for a matching If-None-Match', async () => {
      const first = await t.request('/etag')
      const again = await t.request('/etag', { headers: { 'if-none-match': String(first.headers.etag) } })
      assert.equal(again.status, 304)
      assert.equal(again.body.length, 0)
    })

    it('res.attachment() and res.locals', async () => {
      assert.equal((await t.request('/attachment')).headers['content-disposition'], 'attachment; filename="report.pdf"')
      assert.equal((await t.request('/locals')).text, 'h2')
    })
  })
}
