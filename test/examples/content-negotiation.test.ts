import { describe, it } from 'node:test'
import assert from 'node:assert/strict'
import request from 'supertest'
import app from '../../examples/content-negotiation'

describe('examples/content-negotiation', () => {
  describe('GET /', () => {
    it('answers HTML to browsers, and by default (the first type)', async () => {
      await request(app).get('/').set('Accept', 'text/html,application/xhtml+xml,*/*;q=0.8')
        .expect('Content-Type', 'text/html; charset=utf-8')
        .expect('Vary', 'Accept')
        .expect(200, /<li>Tobi &lt;tobi@example.com&gt;<\/li>/)
      await request(app).get('/').expect('Content-Type', /text\/html/).expect(200)
    })

    it('answers plain text', async () => {
      const res = await request(app).get('/').set('Accept', 'text/plain').expect('Content-Type', /text\/plain/).expect(200)
      assert.equal(res.text.split('\n')[0], ' - Tobi <tobi@example.com>')
    })

    it('answers JSON, by quality value too', async () => {
      const res = await request(app).get('/').set('Accept', 'text/html;q=0.5, application/json').expect(200)
      assert.match(res.headers['content-type'], /application\/json/)
      assert.equal(res.body.length, 3)
    })
  })

  it('negotiates one user', async () => {
    await request(app).get('/users/loki').set('Accept', 'application/json').expect(200, [{ name: 'Loki', email: 'loki@example.com' }])
  })

  it('uses the default callback when nothing offered is acceptable', async () => {
    await request(app).get('/greeting').set('Accept', 'image/png').expect('Content-Type', /text\/plain/).expect(200, /nothing you accept/)
    await request(app).get('/greeting').set('Accept', 'application/json').expect(200, { greeting: 'hello' })
  })

  describe('bad input', () => {
    it('an Accept nothing can satisfy is a 406 listing the types', async () => {
      await request(app).get('/').set('Accept', 'image/png')
        .expect(406, 'Not Acceptable. Available: text/html, text/plain, application/json')
    })

    it('a garbled Accept header does not crash', async () => {
      await request(app).get('/').set('Accept', ';;;,,q=x/=,\u00ff').expect((res) => {
        assert.ok(res.status === 200 || res.status === 406, `status ${res.status}`)
      })
    })

    it('an unknown route is a negotiated 404', async () => {
      await request(app).get('/nope<b>').set('Accept', 'text/html').expect(404, '<p>Nothing at /nope%3Cb%3E</p>')
      await request(app).get('/users/nobody').set('Accept', 'application/json').expect(404, { error: 'Not Found' })
      await request(app).get('/nope').set('Accept', 'image/png').expect('Content-Type', /text\/plain/).expect(404, 'Not Found')
    })
  })
})
