import { describe, it } from 'node:test'
import assert from 'node:assert/strict'
import request from 'supertest'
import app from '../../examples/hello-world'

describe('examples/hello-world', () => {
  it('GET / answers Hello World as HTML', async () => {
    await request(app).get('/')
      .expect('Content-Type', 'text/html; charset=utf-8')
      .expect(200, 'Hello World')
  })

  it('HEAD / answers the headers without a body', async () => {
    const res = await request(app).head('/')
      .expect('Content-Length', '11')
      .expect(200)
    assert.ok(!res.text, 'no body')
  })

  describe('bad input', () => {
    it('an unknown path is a 404 page', async () => {
      await request(app).get('/nope')
        .expect('Content-Type', /text\/html/)
        .expect(404, /Cannot GET \/nope/)
    })

    it('another method on / is a 404 page', async () => {
      await request(app).post('/').send('x=1').expect(404, /Cannot POST \//)
    })

    it('a malformed URL encoding in the path is a 404, not a crash', async () => {
      await request(app).get('/%E0%A4%A').expect(404)
    })
  })
})
