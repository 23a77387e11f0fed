import { describe, it } from 'node:test'
import assert from 'node:assert/strict'
import request from 'supertest'
import express5 = require('../../../presets/express5')
// express@5.3.0, for differential checks
// eslint-disable-next-line @typescript-eslint/no-require-imports
const reference = require('express-5') as typeof express5

type App = ReturnType<typeof express5>

/** The status, Content-Type and body of one request to an app built by `build` from `framework`. */
async function answer (framework: typeof express5, build: (app: App) => void, path: string, headers: Record<string, string> = {}) {
  const app = framework()
  app.set('env', 'test')
  build(app)
  // Errors answered as their name and message: stacks name each framework's own files.
  app.use((err: Error, req: unknown, res: { status (code: number): { send (body: string): void } }, next: unknown) => {
    void next
    res.status(500).send(`${err.name}: ${err.message}`)
  })
  const res = await request(app).get(path).set(headers)
  return { status: res.status, type: res.headers['content-type'], body: res.text ?? String(res.body) }
}

/** Asserts that the preset and express@5.3.0 answer alike. */
async function same (build: (app: App) => void, path: string, headers?: Record<string, string>) {
  const ours = await answer(express5, build, path, headers)
  const theirs = await answer(reference, build, path, headers)
  assert.deepEqual(ours, theirs)
  return ours
}

describe('express5 preset: request', () => {
  it('parses req.query with the simple parser by default, anew on each read', async () => {
    const got = await same((app) => {
      app.get('/', (req, res) => {
        const first = req.query as Record<string, unknown>
        first.added = 'x'
        res.json([first, req.query])
      })
    }, '/?user[name]=tj&a=1&a=2')
    assert.equal(got.body, '[{"user[name]":"tj","a":["1","2"],"added":"x"},{"user[name]":"tj","a":["1","2"]}]')
  })

  it('honours the query parser setting: extended, and off', async () => {
    await same((app) => { app.set('query parser', 'extended'); app.get('/', (req, res) => { res.json(req.query) }) }, '/?user[name]=tj')
    await same((app) => { app.set('query parser', false); app.get('/', (req, res) => { res.json(req.query) }) }, '/?a=1')
  })

  it('keeps the port in req.host, not in req.hostname', async () => {
    const got = await same((app) => { app.get('/', (req, res) => { res.json([req.host, req.hostname]) }) }, '/', { Host: '[::1]:3000' })
    assert.equal(got.body, '["[::1]:3000","[::1]"]')
  })

  it('lets If-None-Match decide freshness alone when present', async () => {
    const got = await same((app) => {
      app.get('/', (req, res) => { res.set('ETag', '"a"').set('Last-Modified', new Date(0).toUTCString()); res.send('body') })
    }, '/', { 'If-None-Match': '"b"', 'If-Modified-Since': new Date().toUTCString() })
    assert.equal(got.status, 200)
  })

  it('has none of the helpers Express 5 removed', () => {
    const app = express5()
    for (const name of ['param', 'acceptsCharset', 'acceptsEncoding', 'acceptsLanguage']) assert.equal(name in app.request, false, name)
    for (const name of ['sendfile']) assert.equal(name in app.response, false, name)
    assert.equal('del' in app, false)
  })
})

describe('express5 preset: response', () => {
  it('sends numbers as JSON and typed arrays as bytes', async () => {
    const num = await same((app) => { app.get('/', (req, res) => { res.send(201) }) }, '/')
    assert.deepEqual([num.status, num.body], [200, '201'])
    const bytes = await same((app) => { app.get('/', (req, res) => { res.send(new Uint8Array([104, 105])) }) }, '/')
    assert.deepEqual([bytes.type, bytes.body], ['application/octet-stream', 'hi'])
  })

  it('refuses invalid status codes, in res.status, res.sendStatus and res.redirect', async () => {
    for (const code of ['200', 200.5, 99, 1000]) {
      const got = await same((app) => { app.get('/', (req, res) => { res.status(code as number).end() }) }, '/')
      assert.equal(got.status, 500, String(code))
    }
    await same((app) => { app.get('/', (req, res) => { res.sendStatus(1000) }) }, '/')
  })

  it('types from mime-types 3, and completes Content-Type values', async () => {
    const got = await same((app) => { app.get('/', (req, res) => { res.type('app.js').send('x') }) }, '/')
    assert.equal(got.type, 'text/javascript; charset=utf-8')
    await same((app) => { app.get('/', (req, res) => { res.set('Content-Type', 'application/json').send('{}') }) }, '/')
  })

  it('clears cookies at the epoch whatever maxAge and expires say', async () => {
    const app = express5()
    app.get('/', (req, res) => { res.clearCookie('sid', { path: '/admin', maxAge: 1000, expires: new Date(Date.now() + 1e6) }).end() })
    await request(app).get('/').expect('Set-Cookie', 'sid=; Path=/admin; Expires=Thu, 01 Jan 1970 00:00:00 GMT')
  })

  it('takes a redirect status first, and reads "back" as a path', async () => {
    const app = express5()
    app.get('/', (req, res) => { res.redirect(301, 'back') })
    await request(app).get('/').set('Referer', '/from').expect(301).expect('Location', 'back')
  })

  it('throws from res.vary without a field, and links several URLs of one relation', async () => {
    await same((app) => { app.get('/', (req, res) => { (res.vary as (f?: string) => void)(); res.end() }) }, '/')
    const app = express5()
    app.get('/', (req, res) => { (res.links as (l: Record<string, string[]>) => void)({ alt: ['/a', '/b'] }); res.end() })
    await request(app).get('/').expect('Link', '</a>; rel="alt", </b>; rel="alt"')
  })
})

describe('express5 preset: application', () => {
  it('exposes the base router as app.router', () => {
    const app = express5()
    const router = (app as unknown as { router: { stack: unknown[] } }).router
    assert.equal(router, (app as unknown as { router: unknown }).router)
    assert.ok(Array.isArray(router.stack))
  })

  it('passes a listen error to the callback, once', async () => {
    const app = express5()
    const first = app.listen(0)
    await new Promise((resolve) => first.once('listening', resolve))
    const port = (first.address() as { port: number }).port
    const errors: unknown[] = []
    await new Promise<void>((resolve) => {
      app.listen(port, (err?: Error) => { errors.push(err && (err as NodeJS.ErrnoException).code); resolve() })
    })
    first.close()
    assert.deepEqual(errors, ['EADDRINUSE'])
  })

  it('parses bodies as body-parser 2: req.body undefined unless parsed, urlencoded not extended', async () => {
    const app = express5()
    app.post('/form', express5.urlencoded(), (req, res) => { res.json(req.body) })
    app.post('/none', (req, res) => { res.json({ undefined: req.body === undefined }) })
    await request(app).post('/form').type('form').send('a[b]=c').expect(200, '{"a[b]":"c"}')
    await request(app).post('/none').type('form').send('a=b').expect(200, '{"undefined":true}')
  })
})
