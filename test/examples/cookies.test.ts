import { describe, it } from 'node:test'
import assert from 'node:assert/strict'
import request from 'supertest'
import signature from 'cookie-signature'
import app from '../../examples/cookies'

/** The Set-Cookie lines of a response. */
function setCookies (res: request.Response): string[] {
  const raw = res.headers['set-cookie'] as unknown
  return Array.isArray(raw) ? raw : []
}

describe('examples/cookies', () => {
  it('counts visits in a plain cookie', async () => {
    const agent = request.agent(app)
    await agent.get('/').expect(200, /Visits: 1\./)
    await agent.get('/').expect(200, /Visits: 2\./)
  })

  it('remembers a name in a signed cookie, then forgets it', async () => {
    const agent = request.agent(app)
    const res = await agent.post('/remember').type('form').send({ name: 'Tobi <3' }).expect(400)
    assert.match(res.text, /1 to 40 letters/)

    const ok = await agent.post('/remember').type('form').send({ name: 'Tobi' }).expect(303)
    assert.equal(ok.headers.location, '/')
    const cookie = setCookies(ok).find((c) => c.startsWith('name='))
    assert.ok(cookie, 'a name cookie')
    assert.match(cookie, /^name=s%3ATobi\.[^;]+; Max-Age=900; Path=\/; Expires=[^;]+; HttpOnly; SameSite=Lax$/)

    await agent.get('/').expect(200, /Welcome back, Tobi!/)
    const forget = await agent.post('/forget').expect(303)
    assert.ok(setCookies(forget).some((c) => /^name=; Path=\/; Expires=Thu, 01 Jan 1970/.test(c)))
    await agent.get('/').expect(200, /Who are you\?/)
  })

  describe('bad input', () => {
    it('a tampered signed cookie is ignored and cleared', async () => {
      const forged = 's:' + signature.sign('admin', 'wrong secret')
      const res = await request(app).get('/').set('Cookie', `name=${encodeURIComponent(forged)}`).expect(200, /Who are you\?/)
      assert.ok(setCookies(res).some((c) => c.startsWith('name=;')))
    })

    it('a signed cookie signed with the right secret is read', async () => {
      const good = 's:' + signature.sign('Loki', 'keyboard cat')
      await request(app).get('/').set('Cookie', `name=${encodeURIComponent(good)}`).expect(200, /Welcome back, Loki!/)
    })

    it('garbage cookies and a non-numeric counter do not crash', async () => {
      await request(app).get('/').set('Cookie', 'visits=NaN; ;;=; name=%E0%A4%A; j:{]').expect(200, /Visits: 1\./)
      await request(app).get('/').set('Cookie', 'visits=1e400').expect(200, /Visits: 1\./)
    })

    it('a missing, malformed or oversized form is a 400 or 413 page', async () => {
      await request(app).post('/remember').expect(400)
      await request(app).post('/remember').type('form').send('name[]=a&name[]=b').expect(400)
      await request(app).post('/remember').type('form').send('name=' + 'a'.repeat(2000)).expect('Content-Type', /html/).expect(413)
    })

    it('an unknown route is a 404 page', async () => {
      await request(app).get('/nope').expect('Content-Type', /html/).expect(404, /Not found/)
    })
  })
})
