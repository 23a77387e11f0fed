import { describe, it } from 'node:test'
import assert from 'node:assert/strict'
import request from 'supertest'
import app from '../../examples/showcase'

/** The same-site links (href="/…") of an HTML page. */
function links (html: string): string[] {
  return [...html.matchAll(/href="(\/[^"]*)"/g)].map((m) => m[1].replace(/&amp;/g, '&'))
}

describe('examples/showcase', () => {
  it('GET / links every mounted example', async () => {
    const res = await request(app).get('/').expect('Content-Type', /text\/html/).expect(200)
    const found = links(res.text)
    assert.equal(found.length, 16)
    assert.ok(found.includes('/hello-world/'))
    assert.ok(found.includes('/third-party-plugin/'))
    assert.ok(found.includes('/express5-migration/migration'))
  })

  it('every linked example answers 200', async () => {
    const res = await request(app).get('/')
    for (const href of links(res.text)) {
      const page = await request(app).get(href)
      assert.equal(page.status, 200, href)
    }
  })

  it('the links inside the mounted HTML examples stay under their mount path', async () => {
    const res = await request(app).get('/')
    for (const href of links(res.text)) {
      const page = await request(app).get(href)
      if (!/text\/html/.test(page.headers['content-type'] ?? '')) continue
      for (const inner of links(page.text)) {
        assert.ok(inner.startsWith(href), `${href} links ${inner}`)
        const target = await request(app).get(inner)
        // error-pages links pages that fail on purpose.
        if (href !== '/error-pages/') assert.ok(target.status < 400, `${inner}: ${target.status}`)
      }
    }
  })

  it('mounted examples work under their path', async () => {
    await request(app).get('/hello-world/').expect(200, 'Hello World')
    await request(app).get('/routing/users/1').expect(200, /loki/)
    await request(app).get('/json-api/api/todos?api-key=foo').expect(200)
    await request(app).get('/static-files/css/style.css').expect('Content-Type', /text\/css/).expect(200)
    await request(app).get('/views/pug').expect(200, /<title>Users \(pug\)<\/title>/)
  })

  it('runs the sessions login flow under /sessions', async () => {
    const agent = request.agent(app)
    await agent.post('/sessions/login').type('form').send({ name: 'tobi', password: 'foobar' })
      .expect('Location', '/sessions/restricted').expect(303)
    await agent.get('/sessions/restricted').expect(200, /Hello tobi/)
  })

  it('runs the half-migrated app with each router on its own version', async () => {
    await request(app).get('/express5-migration/v4/books/1').expect(200, { id: '1', title: 'Dune' })
    await request(app).get('/express5-migration/v5/orders/a1/count').expect(200, '1')
    await request(app).get('/express5-migration/migration').expect('Content-Type', /text\/plain/).expect(200, /:id\?/)
  })

  it('runs the examples of other builds with their own helpers', async () => {
    await request(app).get('/trimmed-build/').expect(200, { plugins: ['fetch', 'query', 'request', 'response', 'body-json'], keys: '/trimmed-build/keys' })
    const res = await request(app).get('/third-party-plugin/').expect(200)
    assert.equal(res.headers['x-correlation-id'], res.body.correlationId)
  })

  describe('bad input', () => {
    it('an unknown path is the showcase 404 page', async () => {
      await request(app).get('/nope').expect(404, /No example at \/nope/)
    })

    it("an unknown path inside an example is that example's 404", async () => {
      await request(app).get('/json-api/nope').expect(404, { error: { status: 404, message: 'Cannot GET /nope' } })
      await request(app).get('/error-pages/nope').set('Accept', 'application/json').expect(404, { error: 'Not found' })
    })

    it('a bad session cookie or malformed body in a mounted example is a 4xx', async () => {
      await request(app).get('/sessions/restricted').set('Cookie', 'ristretto.sid=s%3Anope.nope').expect(401)
      await request(app).post('/body-parsing/json').type('json').send('{').expect(400)
    })
  })
})
