// cookie-session 1.x and 2.x, on the default preset and on express@4 with the same expectations:
// the session kept in a signed cookie, cleared, left alone when unchanged, secure behind a proxy.
// Both versions write Set-Cookie through node's own `OutgoingMessage.prototype.setHeader`, from an
// on-headers hook, and read it back with `res.getHeader`.
import { describe, it } from 'node:test'
import assert from 'node:assert/strict'
import request from 'supertest'
import etag from 'etag'
import session from 'express-session'
import cookieSession2 from 'cookie-session'
import { csrfSync } from 'csrf-sync'
import { FRAMEWORKS } from './support/frameworks'

const cookieSession1: typeof cookieSession2 = require('cookie-session-1')

const VERSIONS = [['cookie-session 1', cookieSession1], ['cookie-session 2', cookieSession2]] as const
const KEYS = ['key one', 'key two']

/** The Set-Cookie lines of a reply, as an array. */
function setCookies (headers: Record<string, unknown>): string[] {
  const value = headers['set-cookie']
  return value === undefined ? [] : ([] as string[]).concat(value as string | string[])
}

/** The value cookie-session writes for `data`: base64 of its JSON. */
function encoded (data: unknown): string {
  return Buffer.from(JSON.stringify(data)).toString('base64')
}

/** A signature line: keygrip's HMAC in URL-safe base64 (27 characters for SHA-1). */
const SIGNATURE = /^session\.sig=[\w-]{27}; path=\/; httponly$/

for (const [frameworkName, express] of FRAMEWORKS) {
  for (const [version, cookieSession] of VERSIONS) {
    describe(`${version} on ${frameworkName}`, () => {
      function counterApp (options: Record<string, unknown> = {}) {
        const app = express()
        app.use(cookieSession({ name: 'session', keys: KEYS, ...options }))
        app.get('/', (req: any, res: any) => {
          req.session.views = (req.session.views ?? 0) + 1
          res.json({ views: req.session.views })
        })
        app.get('/read', (req: any, res: any) => { res.json({ views: req.session.views ?? 0, isNew: req.session.isNew }) })
        app.get('/logout', (req: any, res: any) => {
          req.session = null
          res.send('bye')
        })
        return app
      }

      it('writes the session and its signature, and reads them back', async () => {
        const agent = request.agent(counterApp())
        const first = await agent.get('/').expect(200, { views: 1 })
        const lines = setCookies(first.headers)
        assert.equal(lines.length, 2)
        assert.equal(lines[0], `session=${encoded({ views: 1 })}; path=/; httponly`)
        assert.match(lines[1], SIGNATURE)
        assert.equal(first.headers['x-powered-by'], 'Express')
        assert.equal(first.headers['content-type'], 'application/json; charset=utf-8')
        assert.equal(first.headers.etag, etag('{"views":1}', { weak: true }))
        await agent.get('/').expect(200, { views: 2 })
        await agent.get('/read').expect(200, { views: 2, isNew: false })
      })

      it('ignores a session whose signature does not match', async () => {
        const app = counterApp()
        const forged = `session=${encoded({ views: 41 })}; session.sig=AAAAAAAAAAAAAAAAAAAAAAAAAAA`
        const r = await request(app).get('/').set('Cookie', forged).expect(200, { views: 1 })
        assert.equal(setCookies(r.headers)[0], `session=${encoded({ views: 1 })}; path=/; httponly`)
      })

      it('sets no cookie when the session is only read', async () => {
        const r = await request(counterApp()).get('/read').expect(200, { views: 0, isNew: true })
        assert.deepEqual(setCookies(r.headers), [])
      })

      it('clears both cookies when req.session is set to null', async () => {
        const agent = request.agent(counterApp())
        await agent.get('/').expect(200, { views: 1 })
        const r = await agent.get('/logout').expect(200, 'bye')
        const lines = setCookies(r.headers)
        assert.equal(lines.length, 2)
        assert.equal(lines[0], 'session=; path=/; expires=Thu, 01 Jan 1970 00:00:00 GMT; httponly')
        assert.match(lines[1], /^session\.sig=[\w-]{27}; path=\/; expires=Thu, 01 Jan 1970 00:00:00 GMT; httponly$/)
        await agent.get('/read').expect(200, { views: 0, isNew: true })
      })

      it('keeps the cookies other middleware set on the same response', async () => {
        const app = express()
        app.use(cookieSession({ name: 'session', keys: KEYS }))
        app.get('/', (req: any, res: any) => {
          req.session.user = 'tobi'
          res.cookie('theme', 'dark')
          res.send('ok')
        })
        const r = await request(app).get('/').expect(200, 'ok')
        const lines = setCookies(r.headers)
        assert.equal(lines.length, 3)
        assert.equal(lines[0], 'theme=dark; Path=/')
        assert.equal(lines[1], `session=${encoded({ user: 'tobi' })}; path=/; httponly`)
        assert.match(lines[2], SIGNATURE)
      })

      it('takes per-request options from req.sessionOptions', async () => {
        const app = express()
        app.use(cookieSession({ name: 'session', keys: KEYS }))
        app.get('/', (req: any, res: any) => {
          req.sessionOptions.maxAge = 60000
          req.sessionOptions.path = '/account'
          req.session.remember = true
          res.end()
        })
        const before = Date.now()
        const r = await request(app).get('/').expect(200, '')
        const line = setCookies(r.headers)[0]
        const match = /^session=([^;]+); path=\/account; expires=([^;]+); httponly$/.exec(line)
        assert.ok(match, line)
        assert.equal(match[1], encoded({ remember: true }))
        const expires = Date.parse(match[2])
        assert.ok(expires >= Math.floor(before / 1000) * 1000 + 59000 && expires <= Date.now() + 61000, match[2])
      })

      it('sends a secure cookie only when req.protocol is https (trust proxy)', async () => {
        const app = counterApp({ secure: true })
        app.set('trust proxy', true)
        const https = await request(app).get('/').set('X-Forwarded-Proto', 'https').expect(200, { views: 1 })
        assert.equal(setCookies(https.headers)[0], `session=${encoded({ views: 1 })}; path=/; secure; httponly`)
        // Over plain HTTP the cookie library refuses the secure cookie; cookie-session sends none.
        const plain = await request(app).get('/').expect(200, { views: 1 })
        assert.deepEqual(setCookies(plain.headers), [])
      })
    })
  }

  describe(`cookie-session 2 after an express-session app, on ${frameworkName}`, () => {
    it('answers res.status(200).send({ token }) with all of Express\'s headers', async () => {
      // The first app has served a request through express-session before the second one exists.
      const first = express()
      first.use(session({ secret: 'keyboard cat', resave: false, saveUninitialized: true }))
      first.get('/', (req: any, res: any) => { res.send('first') })
      const served = await request(first).get('/').expect(200, 'first')
      assert.match(setCookies(served.headers)[0], /^connect\.sid=s%3A[^;]+; Path=\/; HttpOnly$/)

      const { generateToken } = csrfSync()
      const second = express()
      second.use(cookieSession2({ name: 'session', keys: KEYS }))
      second.get('/token', (req: any, res: any) => {
        const token = generateToken(req)
        res.status(200).send({ token })
      })
      const agent = request.agent(second)
      const r = await agent.get('/token').expect(200)
      const token: string = r.body.token
      assert.match(token, /^[0-9a-f]{256}$/)
      const body = JSON.stringify({ token })
      assert.equal(r.text, body)
      assert.equal(r.headers['x-powered-by'], 'Express')
      assert.equal(r.headers['content-type'], 'application/json; charset=utf-8')
      assert.equal(r.headers['content-length'], String(body.length))
      assert.equal(r.headers.etag, etag(body, { weak: true }))
      const lines = setCookies(r.headers)
      assert.equal(lines.length, 2)
      assert.equal(lines[0], `session=${encoded({ csrfToken: token })}; path=/; httponly`)
      assert.match(lines[1], SIGNATURE)
      // The cookie holds the token: the next request gets the same one, and changes nothing.
      const again = await agent.get('/token').expect(200, { token })
      assert.deepEqual(setCookies(again.headers), [])
    })
  })
}
