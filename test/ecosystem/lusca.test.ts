// lusca on the default preset and on express@4, with the same expectations: its security headers
// (set with res.header), and its CSRF check kept in express-session, whose failures set
// res.statusCode and call next(err) for the final handler or the app's error middleware.
import { describe, it } from 'node:test'
import assert from 'node:assert/strict'
import request from 'supertest'
import session from 'express-session'
import lusca from 'lusca'
import { FRAMEWORKS, type AnyFramework } from './support/frameworks'

/** The token lusca keeps in res.locals under its default key. */
const TOKEN_KEY = '_csrf'

function csrfApp (express: AnyFramework, options: lusca.csrfOptions = {}) {
  const app = express()
  app.set('env', 'test')
  app.use(express.urlencoded({ extended: false }))
  app.use(session({ secret: 'keyboard cat', resave: false, saveUninitialized: true }))
  app.use(lusca.csrf(options))
  app.get('/form', (req: any, res: any) => { res.json({ token: res.locals[TOKEN_KEY] }) })
  app.post('/form', (req: any, res: any) => { res.send('saved ' + req.body.name) })
  return app
}

for (const [frameworkName, express] of FRAMEWORKS) {
  describe(`lusca on ${frameworkName}`, () => {
    it('sets the headers of every option given to lusca()', async () => {
      const app = express()
      app.use(lusca({
        xframe: 'SAMEORIGIN',
        hsts: { maxAge: 31536000, includeSubDomains: true, preload: true },
        xssProtection: true,
        nosniff: true,
        referrerPolicy: 'same-origin'
      }))
      app.get('/', (req: any, res: any) => { res.send('secured') })
      const r = await request(app).get('/').expect(200, 'secured')
      assert.equal(r.headers['x-frame-options'], 'SAMEORIGIN')
      assert.equal(r.headers['strict-transport-security'], 'max-age=31536000; includeSubDomains; preload')
      assert.equal(r.headers['x-xss-protection'], '1; mode=block')
      assert.equal(r.headers['x-content-type-options'], 'nosniff')
      assert.equal(r.headers['referrer-policy'], 'same-origin')
      assert.equal(r.headers['x-powered-by'], 'Express')
      assert.equal(r.headers['content-type'], 'text/html; charset=utf-8')
    })

    it('sets each header with its own middleware', async () => {
      const app = express()
      app.use(lusca.xframe('DENY'))
      app.use(lusca.hsts({ maxAge: 600 }))
      app.use(lusca.xssProtection({ enabled: false, mode: 'block' }))
      app.use(lusca.nosniff())
      app.use(lusca.referrerPolicy('strict-origin-when-cross-origin'))
      app.get('/', (req: any, res: any) => { res.json({ ok: true }) })
      const r = await request(app).get('/').expect(200, { ok: true })
      assert.equal(r.headers['x-frame-options'], 'DENY')
      assert.equal(r.headers['strict-transport-security'], 'max-age=600')
      assert.equal(r.headers['x-xss-protection'], '0; mode=block')
      assert.equal(r.headers['x-content-type-options'], 'nosniff')
      assert.equal(r.headers['referrer-policy'], 'strict-origin-when-cross-origin')
    })

    it('keeps its headers on the final handler\'s 404 page', async () => {
      const app = express()
      app.use(lusca({ xframe: 'SAMEORIGIN', nosniff: true }))
      const r = await request(app).get('/missing').expect(404, /Cannot GET \/missing/)
      assert.equal(r.headers['x-frame-options'], 'SAMEORIGIN')
      assert.equal(r.headers['x-content-type-options'], 'nosniff')
      assert.equal(r.headers['content-security-policy'], "default-src 'none'")
    })

    it('csrf: gives a token on safe requests and accepts it in the body of the same session', async () => {
      const agent = request.agent(csrfApp(express))
      const { token } = (await agent.get('/form').expect(200)).body as { token: string }
      assert.equal(typeof token, 'string')
      await agent.post('/form').type('form').send({ name: 'tobi', [TOKEN_KEY]: token }).expect(200, 'saved tobi')
      await agent.post('/form').set('X-CSRF-Token', token).type('form').send({ name: 'loki' }).expect(200, 'saved loki')
    })

    it('csrf: a missing token is a 403 through the final handler (res.statusCode set by lusca)', async () => {
      const agent = request.agent(csrfApp(express))
      await agent.get('/form').expect(200)
      const r = await agent.post('/form').type('form').send({ name: 'tobi' }).expect(403)
      assert.match(r.text, /<pre>Error: CSRF token missing<br>/)
      assert.equal(r.headers['content-security-policy'], "default-src 'none'")
      assert.equal(r.headers['x-content-type-options'], 'nosniff')
    })

    it('csrf: a wrong token reaches the error middleware with a 403 status already set', async () => {
      const app = csrfApp(express)
      app.use((err: Error, req: any, res: any, next: any) => { res.json({ status: res.statusCode, message: err.message }) })
      const agent = request.agent(app)
      await agent.get('/form').expect(200)
      await agent.post('/form').set('X-CSRF-Token', 'not-the-token').type('form').send({ name: 'tobi' })
        .expect(403, { status: 403, message: 'CSRF token mismatch' })
      await request(app).post('/form').type('form').send({ name: 'tobi' })
        .expect(403, { status: 403, message: 'CSRF token missing' })
    })

    it('csrf: the angular option sends the token in an XSRF-TOKEN cookie and reads X-XSRF-TOKEN', async () => {
      const agent = request.agent(csrfApp(express, { angular: true }))
      const r = await agent.get('/form').expect(200)
      const token = (r.body as { token: string }).token
      const cookies = ([] as string[]).concat(r.headers['set-cookie'] as unknown as string[])
      assert.ok(cookies.includes(`XSRF-TOKEN=${encodeURIComponent(token)}; Path=/`), cookies.join('\n'))
      await agent.post('/form').set('X-XSRF-TOKEN', token).type('form').send({ name: 'tobi' }).expect(200, 'saved tobi')
    })
  })
}
