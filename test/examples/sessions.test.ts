import { describe, it } from 'node:test'
import assert from 'node:assert/strict'
import request from 'supertest'
import signature from 'cookie-signature'
import app from '../../examples/sessions'
import { authenticate } from '../../examples/sessions/users'

/** The session cookie a response sets, as `name=value`. */
function sessionCookie (res: request.Response): string | undefined {
  const raw = res.headers['set-cookie'] as unknown
  const list = Array.isArray(raw) ? raw as string[] : []
  const line = list.find((c) => c.startsWith('ristretto.sid='))
  return line && line.split(';')[0]
}

describe('examples/sessions', () => {
  it('the user store checks scrypt hashes', async () => {
    assert.equal(await authenticate('tobi', 'foobar'), 'tobi')
    assert.equal(await authenticate('tobi', 'foobaz'), undefined)
    assert.equal(await authenticate('nobody', 'foobar'), undefined)
  })

  it('logs in, sees the restricted page, and logs out', async () => {
    const agent = request.agent(app)
    await agent.get('/').expect(200, /not logged in/)
    await agent.get('/restricted').expect(401, /Please log in/)

    const login = await agent.post('/login').type('form').send({ name: 'tobi', password: 'foobar' }).expect(303)
    assert.equal(login.headers.location, '/restricted')
    const cookie = sessionCookie(login)
    assert.ok(cookie, 'a session cookie')
    assert.match((login.headers['set-cookie'] as unknown as string[])[0], /HttpOnly; SameSite=Lax/)

    await agent.get('/restricted').expect(200, /Hello tobi, only logged-in users/)
    await agent.get('/').expect(200, /Logged in as tobi/)

    await agent.post('/logout').expect(303).expect('Location', '/')
    await agent.get('/restricted').expect(401)
    // The old session id is worthless once destroyed.
    await request(app).get('/restricted').set('Cookie', cookie).expect(401)
  })

  it('gives a new session id on login', async () => {
    const agent = request.agent(app)
    // A failed login leaves no session behind (saveUninitialized is off).
    const failed = await agent.post('/login').type('form').send({ name: 'tobi', password: 'nope' }).expect(401, /Wrong name or password/)
    assert.equal(sessionCookie(failed), undefined)
    const first = sessionCookie(await agent.post('/login').type('form').send({ name: 'loki', password: 'hunter2' }).expect(303))
    const second = sessionCookie(await agent.post('/login').type('form').send({ name: 'loki', password: 'hunter2' }).expect(303))
    assert.ok(first && second && first !== second)
  })

  describe('bad input', () => {
    it('a garbage, unsigned or forged session cookie is a logged-out visitor', async () => {
      await request(app).get('/restricted').set('Cookie', 'ristretto.sid=garbage').expect(401)
      await request(app).get('/restricted').set('Cookie', 'ristretto.sid=s%3Aabc.def').expect(401)
      const forged = 's:' + signature.sign('made-up-id', 'a secret to set with SESSION_SECRET')
      await request(app).get('/restricted').set('Cookie', `ristretto.sid=${encodeURIComponent(forged)}`).expect(401)
      await request(app).get('/').set('Cookie', 'ristretto.sid=%E0%A4%A; ;=').expect(200, /not logged in/)
    })

    it('a missing, malformed or oversized login form is a 4xx page', async () => {
      await request(app).post('/login').expect(400, /Give a name and a password/)
      await request(app).post('/login').type('form').send('name[x]=tobi&password=foobar').expect(400)
      await request(app).post('/login').type('json').send('{"name":"tobi","password":"foobar"}').expect(400)
      await request(app).post('/login').type('form').send({ name: 'tobi', password: 'x'.repeat(300) }).expect(400, /too long/)
      await request(app).post('/login').type('form').send('name=' + 'a'.repeat(3000)).expect(413, /Error 413/)
      await request(app).post('/login').type('form').set('Content-Encoding', 'bogus').send('name=a').expect(415)
    })

    it('an unknown route is a 404 page', async () => {
      await request(app).get('/nope').expect('Content-Type', /html/).expect(404, /Page not found/)
    })
  })
})
