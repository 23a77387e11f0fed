import { describe, it } from 'node:test'
import assert from 'node:assert/strict'
import request from 'supertest'
import app from '../../examples/views'

describe('examples/views', () => {
  it('renders the EJS index with partials', async () => {
    const res = await request(app).get('/').expect('Content-Type', 'text/html; charset=utf-8').expect(200)
    assert.match(res.text, /<title>Users<\/title>/)
    assert.match(res.text, /<li><a href="\/users\/1">Loki<\/a><\/li>/)
    assert.match(res.text, /<a href="\/pug">The same list in pug<\/a>/)
  })

  it('renders a user, escaping template values', async () => {
    const res = await request(app).get('/users/1').expect(200)
    assert.match(res.text, /Loki is 2 years old and likes chasing &lt;b&gt;tails&lt;\/b&gt;\./)
  })

  it('renders a .pug view through consolidate', async () => {
    const res = await request(app).get('/pug').expect('Content-Type', /text\/html/).expect(200)
    assert.match(res.text, /<title>Users \(pug\)<\/title>/)
    assert.match(res.text, /<li><a href="\/users\/2">Jane<\/a><\/li>/)
  })

  it('greets a name from the query, escaped', async () => {
    await request(app).get('/hello').query({ name: '<script>alert(1)</script>' })
      .expect(200, /Hello, &lt;script&gt;alert\(1\)&lt;\/script&gt;!/)
  })

  describe('bad input', () => {
    it('an unknown route is the 404 error view', async () => {
      const res = await request(app).get('/nope').expect('Content-Type', /text\/html/).expect(404)
      assert.match(res.text, /<h1>Error 404<\/h1>/)
      assert.match(res.text, /Page not found/)
    })

    it('an unknown user is a 404 page', async () => {
      await request(app).get('/users/42').expect(404, /No user 42/)
    })

    it('a missing, repeated or too long name is a 400 page', async () => {
      await request(app).get('/hello').expect(400, /Give a name/)
      await request(app).get('/hello?name=a&name=b').expect(400)
      await request(app).get('/hello?name[x]=a').expect(400)
      await request(app).get('/hello').query({ name: 'x'.repeat(61) }).expect(400)
    })

    it('a view that fails to render is a 500 page without details', async () => {
      const res = await request(app).get('/broken').expect(500)
      assert.match(res.text, /<h1>Error 500<\/h1>/)
      assert.doesNotMatch(res.text, /no-such-view|Failed to lookup/)
    })
  })
})
