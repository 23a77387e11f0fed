// csrf-sync (synchronizer-token CSRF protection, in the place of the retired csurf) on the default
// preset and on express@4, with the same expectations: the token kept in express-session or in
// cookie-session, read from a header or a form field, and a 403 http-error when it is wrong.
import { describe, it } from 'node:test'
import assert from 'node:assert/strict'
import request from 'supertest'
import session from 'express-session'
import cookieSession from 'cookie-session'
import { csrfSync } from 'csrf-sync'
import { FRAMEWORKS, type AnyFramework } from './support/frameworks'

type SessionKind = 'express-session' | 'cookie-session'

function protectedApp (express: AnyFramework, kind: SessionKind, fromBody = false) {
  const { csrfSynchronisedProtection, generateToken } = csrfSync(fromBody
    ? { getTokenFromRequest: (req) => (req.body as { _csrf?: string })._csrf }
    : {})
  const app = express()
  app.set('env', 'test')
  app.use(express.urlencoded({ extended: false }))
  app.use(kind === 'express-session'
    ? session({ secret: 'keyboard cat', resave: false, saveUninitialized: false })
    : cookieSession({ name: 'session', keys: ['key one'] }))
  app.get('/csrf-token', (req: any, res: any) => { res.json({ token: generateToken(req) }) })
  app.use(csrfSynchronisedProtection)
  app.get('/', (req: any, res: any) => { res.send('safe method, no token needed') })
  app.post('/transfer', (req: any, res: any) => { res.json({ sent: req.body.amount }) })
  return app
}

for (const [frameworkName, express] of FRAMEWORKS) {
  for (const kind of ['express-session', 'cookie-session'] as const) {
    describe(`csrf-sync with ${kind} on ${frameworkName}`, () => {
      it('accepts the session\'s token in the X-CSRF-Token header', async () => {
        const agent = request.agent(protectedApp(express, kind))
        const first = await agent.get('/csrf-token').expect(200)
        const token = (first.body as { token: string }).token
        assert.match(token, /^[0-9a-f]{256}$/)
        assert.ok(first.headers['set-cookie'], 'the session cookie is set')
        await agent.get('/csrf-token').expect(200, { token })
        await agent.post('/transfer').set('X-CSRF-Token', token).type('form').send({ amount: '10' }).expect(200, { sent: '10' })
      })

      it('accepts the token from a form field with its own getTokenFromRequest', async () => {
        const agent = request.agent(protectedApp(express, kind, true))
        const { token } = (await agent.get('/csrf-token').expect(200)).body as { token: string }
        await agent.post('/transfer').type('form').send({ amount: '5', _csrf: token }).expect(200, { sent: '5' })
      })

      it('lets safe methods through without a token', async () => {
        await request(protectedApp(express, kind)).get('/').expect(200, 'safe method, no token needed')
      })

      it('refuses a missing or wrong token with a 403 through the final handler', async () => {
        const agent = request.agent(protectedApp(express, kind))
        await agent.get('/csrf-token').expect(200)
        const wrong = await agent.post('/transfer').set('X-CSRF-Token', 'f00d').type('form').send({ amount: '10' }).expect(403)
        assert.match(wrong.text, /<pre>ForbiddenError: invalid csrf token<br>/)
        assert.equal(wrong.headers['content-type'], 'text/html; charset=utf-8')
        assert.equal(wrong.headers['content-security-policy'], "default-src 'none'")
        await request(protectedApp(express, kind)).post('/transfer').type('form').send({ amount: '10' }).expect(403, /<pre>ForbiddenError: invalid csrf token<br>/)
      })

      it('gives error middleware the http-error with its code', async () => {
        const app = protectedApp(express, kind)
        app.use((err: any, req: any, res: any, next: any) => { res.status(err.status).json({ code: err.code, message: err.message }) })
        await request(app).post('/transfer').expect(403, { code: 'EBADCSRFTOKEN', message: 'invalid csrf token' })
      })
    })
  }
}
