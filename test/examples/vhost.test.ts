import { describe, it } from 'node:test'
import assert from 'node:assert/strict'
import request from 'supertest'
import app from '../../examples/vhost'

describe('examples/vhost', () => {
  it('serves the home page on the bare domain, linking the user hosts', async () => {
    const res = await request(app).get('/').set('Host', 'localhost:3000').expect(200)
    assert.match(res.text, /<h1>Home of localhost<\/h1>/)
    assert.match(res.text, /<a href="http:\/\/tobi\.localhost:3000\/">/)
  })

  it('serves a user page per subdomain', async () => {
    await request(app).get('/').set('Host', 'tobi.localhost:3000').expect(200, /<h1>tobi<\/h1><p>Tobi likes naps/)
    await request(app).get('/').set('Host', 'LOKI.localhost').expect(200, /Loki chases his tail/)
  })

  it('redirects www to the bare domain, keeping the path and port', async () => {
    await request(app).get('/some/page?x=1').set('Host', 'www.localhost:8080')
      .expect('Location', 'http://localhost:8080/some/page?x=1')
      .expect(301)
  })

  describe('bad input', () => {
    it('an unknown subdomain is a 404 page', async () => {
      await request(app).get('/').set('Host', 'nobody.localhost').expect(404, /No user called nobody/)
    })

    it('an unknown host is a 404 page naming it', async () => {
      await request(app).get('/').set('Host', 'example.org').expect(404, '<p>Nothing for example.org at /.</p>')
      await request(app).get('/').set('Host', 'a.b.localhost').expect(404, /Nothing for a\.b\.localhost/)
    })

    it('an unknown path on a known host is a 404 page', async () => {
      await request(app).get('/nope').set('Host', 'localhost').expect(404, /Nothing for localhost at \/nope/)
      await request(app).get('/nope').set('Host', 'tobi.localhost').expect(404)
    })

    it('a strange or empty Host header is a 404, not a crash', async () => {
      for (const host of ['', ':', '[::1', '__proto__.localhost', 'constructor.localhost']) {
        const res = await request(app).get('/').set('Host', host)
        assert.ok(res.status === 404 || res.status === 400, `${JSON.stringify(host)}: ${res.status}`)
      }
    })
  })
})
