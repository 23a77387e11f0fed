import { describe, it } from 'node:test'
import assert from 'node:assert/strict'
import request from 'supertest'
import app from '../../examples/static-files'

describe('examples/static-files', () => {
  it('serves index.html at /', async () => {
    await request(app).get('/').expect('Content-Type', 'text/html; charset=UTF-8').expect(200, /<h1>Static files<\/h1>/)
  })

  it('serves files with their media type, and HEAD', async () => {
    await request(app).get('/css/style.css').expect('Content-Type', 'text/css; charset=UTF-8').expect(200, /font-family/)
    await request(app).get('/js/app.js').expect('Content-Type', /javascript/).expect(200)
    await request(app).head('/hello.txt').expect('Content-Length', '21').expect(200)
  })

  it('answers conditional requests with 304', async () => {
    const first = await request(app).get('/hello.txt').expect(200)
    await request(app).get('/hello.txt').set('If-None-Match', first.headers.etag).expect(304)
  })

  it('serves /assets with a day of caching', async () => {
    await request(app).get('/assets/hello.txt')
      .expect('Cache-Control', 'public, max-age=86400, immutable')
      .expect(200, 'Hello, static world.\n')
  })

  it('redirects a folder without its trailing slash', async () => {
    await request(app).get('/css').expect('Location', '/css/').expect(301)
  })

  describe('bad input', () => {
    it('a missing file at the root falls through to the 404 page', async () => {
      await request(app).get('/nope.html').expect(404, '<p>No file at /nope.html.</p>')
      await request(app).post('/hello.txt').expect(404)
    })

    it('a missing file under /assets is the asset 404', async () => {
      await request(app).get('/assets/nope.css').expect(404, '<p>No such asset.</p>')
    })

    it('dotfiles are not served', async () => {
      await request(app).get('/.secret').expect(404)
      const res = await request(app).get('/assets/.secret')
      assert.ok(res.status === 403 || res.status === 404, `status ${res.status}`)
      assert.doesNotMatch(res.text, /hidden/)
    })

    it('paths out of the public folder are refused', async () => {
      for (const url of ['/..%2f..%2findex.ts', '/assets/..%2f..%2fpackage.json', '/css/%2e%2e/%2e%2e/index.ts']) {
        const res = await request(app).get(url)
        assert.ok(res.status === 403 || res.status === 404, `${url}: ${res.status}`)
        assert.doesNotMatch(res.text, /import|"name"/)
      }
    })

    it('a malformed path encoding or NUL byte is a 4xx', async () => {
      const bad = await request(app).get('/assets/%E0%A4%A')
      assert.equal(bad.status, 400)
      const nul = await request(app).get('/assets/hello.txt%00')
      assert.ok(nul.status >= 400 && nul.status < 500, `NUL: ${nul.status}`)
    })
  })
})
