import { describe, it, before, after } from 'node:test'
import assert from 'node:assert/strict'
import framework from '../../presets/default'
import { TRANSPORTS, startTransport, type Transport } from './support'

function requestApp () {
  const app = framework()
  app.get('/info', (req, res) => {
    res.json({
      method: req.method,
      url: req.url,
      originalUrl: req.originalUrl,
      path: req.path,
      query: req.query,
      protocol: req.protocol,
      secure: req.secure,
      hostname: req.hostname,
      subdomains: req.subdomains,
      ip: req.ip,
      ips: req.ips,
      xhr: req.xhr,
      userAgent: req.get('User-Agent'),
      accepts: req.accepts(['html', 'json']),
      acceptsLanguages: req.acceptsLanguages('fr', 'en'),
      httpVersion: req.httpVersion,
      hasApp: req.app === app
    })
  })
  app.post('/is', (req, res) => { res.send(String(req.is('json'))) })
  app.get('/range', (req, res) => { res.json(req.range(100)) })
  app.get('/fresh', (req, res) => {
    res.set('ETag', '"v1"')
    res.send(req.fresh ? 'fresh' : 'stale')
  })
  return app
}

for (const { name, skip } of TRANSPORTS) {
  describe(`request helpers over ${name}`, { skip }, () => {
    let t: Transport
    const tls = name !== 'h2c'
    before(async () => { t = await startTransport(name, requestApp()) })
    after(() => t.close())

    it('give the request line, the query, the client and the host', async () => {
      const r = await t.request('/info?a=1&b[c]=2', {
        headers: { 'user-agent': 'h2-test', accept: 'application/json', 'accept-language': 'en', 'x-requested-with': 'XMLHttpRequest', host: 'api.example.com:8443' }
      })
      assert.equal(r.status, 200)
      const info = JSON.parse(r.text)
      assert.equal(info.method, 'GET')
      assert.equal(info.url, '/info?a=1&b[c]=2')
      assert.equal(info.originalUrl, '/info?a=1&b[c]=2')
      assert.equal(info.path, '/info')
      assert.deepEqual(info.query, { a: '1', b: { c: '2' } })
      assert.equal(info.protocol, tls ? 'https' : 'http')
      assert.equal(info.secure, tls)
      assert.equal(info.hostname, 'api.example.com')
      assert.deepEqual(info.subdomains, ['api'])
      assert.match(info.ip, /127\.0\.0\.1$/)
      assert.deepEqual(info.ips, [])
      assert.equal(info.xhr, true)
      assert.equal(info.userAgent, 'h2-test')
      assert.equal(info.accepts, 'json')
      assert.equal(info.acceptsLanguages, 'en')
      assert.equal(info.httpVersion, r.version)
      assert.equal(info.hasApp, true)
    })

    it('take the host name from :authority when there is no Host header', async () => {
      if (r1(name)) return
      const info = JSON.parse((await t.request('/info')).text)
      assert.equal(info.hostname, 'localhost')
    })

    it('req.is(type) reads the request Content-Type', async () => {
      const r = await t.request('/is', { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{}' })
      assert.equal(r.text, 'json')
    })

    it('req.range(size) parses Range', async () => {
      const r = await t.request('/range', { headers: { range: 'bytes=0-9' } })
      assert.deepEqual(JSON.parse(r.text), [{ start: 0, end: 9 }])
    })

    it('req.fresh compares validators', async () => {
      const r = await t.request('/fresh', { headers: { 'if-none-match': '"v1"' } })
      assert.equal(r.status, 304)
      assert.equal((await t.request('/fresh')).text, 'stale')
    })
  })
}

/** HTTP/1.1 clients always send Host: the `:authority` fallback is an HTTP/2 matter. */
function r1 (name: string): boolean {
  return name.startsWith('HTTP/1.1')
}
