import { describe, it } from 'node:test'
import assert from 'node:assert/strict'
import http from 'node:http'
import request from 'supertest'
import express4 = require('../../../presets/default')
import express5 = require('../../../presets/express5')
import { expectWarnings } from '../../support/expected-warnings'

// What these tests are expected to raise, kept rather than printed.
expectWarnings([
  'ristretto deprecated res.send(status): Use res.sendStatus(status) instead',
  'ristretto deprecated res.location("back"): use res.location(req.get("Referrer") || "/") and refer to https://dub.sh/security-redirect for best practices',
  'ristretto deprecated req.host: Use req.hostname instead'
])

// Routers and apps of the default preset (Express 4) and of the express5 preset, nested in each
// other: each level's handlers get the request and response helpers of their own version.

type Version = 4 | 5
type Handler = (...args: any[]) => unknown
interface Stack {
  use: (...args: any[]) => unknown
  get: (...args: any[]) => unknown
}

const Router: Record<Version, (options?: object) => Stack> = {
  4: (options) => express4.Router(options) as unknown as Stack,
  5: (options) => express5.Router(options) as unknown as Stack
}
const App: Record<Version, () => any> = {
  4: () => express4(),
  5: () => express5()
}

/** What a level's handlers see: the helpers' answers and the routing state. */
function probe (level: string): Handler {
  return function probe (req: any, res: any) {
    res.json({ level, host: req.host, query: req.query, params: req.params, baseUrl: req.baseUrl })
  }
}

/** A level's routes: probes, `res.send(201)`, `res.redirect('back')`, errors thrown, passed on and rejected. */
function addRoutes (stack: Stack, level: string, version: Version): void {
  stack.get('/probe/:p', probe(level))
  stack.get('/send', (req: any, res: any) => res.send(201))
  stack.get('/back', (req: any, res: any) => res.redirect('back'))
  stack.get('/throw', () => { throw Object.assign(new Error(`thrown at ${level}`), { level }) })
  stack.get('/up', (req: any, res: any, next: Handler) => next(Object.assign(new Error(`passed up from ${level}`), { up: level })))
  stack.get('/leave', (req: any, res: any, next: Handler) => next('router'))
  stack.get('/escape', () => { throw Object.assign(new Error(`escaping ${level}`), { escape: true, status: 418 }) })
  // Only Express 5 passes a rejected promise to the error handlers.
  if (version === 5) stack.get('/reject', async () => { throw Object.assign(new Error(`rejected at ${level}`), { level }) })
}

/** A level's error handler: answers errors of its own level, hands the others on. */
function addErrorHandler (stack: Stack, level: string): void {
  stack.use(function onError (err: any, req: any, res: any, next: Handler) {
    if (err.escape || (err.up !== undefined && err.up === level)) return next(err)
    res.status(500).json({ handledBy: level, message: err.message, host: req.host })
  })
}

/**
 * `top` app → router of `middle` at `/a/:a` → router of `inner` at `/b/:b`, both `mergeParams`,
 * each level with routes and an error handler; a route of each outer level comes after the mount.
 */
function nested (top: Version, middle: Version, inner: Version) {
  const app = App[top]()
  app.set('env', 'test')
  const mid = Router[middle]({ mergeParams: true })
  const inn = Router[inner]({ mergeParams: true })
  addRoutes(inn, 'inner', inner)
  addErrorHandler(inn, 'inner')
  mid.use('/b/:b', inn)
  mid.get('/b/:b/:name', probe('middle'))
  addRoutes(mid, 'middle', middle)
  addErrorHandler(mid, 'middle')
  app.use('/a/:a', mid)
  app.get('/a/:a/:name', probe('top'))
  addRoutes(app, 'top', top)
  addErrorHandler(app, 'top')
  return app
}

const HOST = 'example.com:8080'

/** What `req.host` is at a level of `version`: Express 4's drops the port. */
const hostOf = (version: Version): string => version === 4 ? 'example.com' : HOST

/** Asserts that `/send` answers as `version`'s `res.send(201)` does. */
async function sendsAs (app: any, path: string, version: Version): Promise<void> {
  const res = await request(app).get(path)
  if (version === 4) {
    assert.equal(res.status, 201, path)
    assert.equal(res.text, 'Created')
  } else {
    assert.equal(res.status, 200, path)
    assert.match(res.headers['content-type'], /application\/json/)
    assert.equal(res.text, '201')
  }
}

/** Asserts that `/back` redirects as `version` does: Express 4 reads the Referer, Express 5 goes to `back`. */
async function redirectsAs (app: any, path: string, version: Version): Promise<void> {
  const res = await request(app).get(path).set('Referer', '/from')
  assert.equal(res.status, 302, path)
  assert.equal(res.headers.location, version === 4 ? '/from' : 'back', path)
}

for (const [top, middle, inner] of [[4, 5, 4], [5, 4, 5]] as Array<[Version, Version, Version]>) {
  describe(`Express ${top} app → Express ${middle} router → Express ${inner} router`, () => {
    const app = nested(top, middle, inner)
    const levels = [['top', '', top], ['middle', '/a/1', middle], ['inner', '/a/1/b/2', inner]] as const

    it('res.send(status) and res.redirect(\'back\') are each level\'s own', async () => {
      for (const [, prefix, version] of levels) {
        await sendsAs(app, `${prefix}/send`, version)
        await redirectsAs(app, `${prefix}/back`, version)
      }
    })

    it('req.host, req.baseUrl and the merged req.params are each level\'s', async () => {
      const expected = {
        top: { baseUrl: '', params: { p: 'x' } },
        middle: { baseUrl: '/a/1', params: { a: '1', p: 'x' } },
        inner: { baseUrl: '/a/1/b/2', params: { a: '1', b: '2', p: 'x' } }
      }
      for (const [level, prefix, version] of levels) {
        const res = await request(app).get(`${prefix}/probe/x`).set('Host', HOST).expect(200)
        assert.deepEqual({ ...res.body, query: undefined }, { level, host: hostOf(version), query: undefined, ...expected[level] })
      }
    })

    it('req.query is parsed by the app\'s `query parser` at every level (its version\'s default)', async () => {
      const parsed = top === 4 ? { a: { b: '1' } } : { 'a[b]': '1' }
      for (const [, prefix] of levels) {
        const res = await request(app).get(`${prefix}/probe/x?a[b]=1`).expect(200)
        assert.deepEqual(res.body.query, parsed, prefix)
      }
    })

    it('the helpers come back as the request leaves a router: by next(), next(\'router\') and next(err)', async () => {
      // `/a/1/b/2/after` falls through the inner router to the middle's route; `/leave` skips the rest of a router.
      let res = await request(app).get('/a/1/b/2/after').set('Host', HOST).expect(200)
      assert.deepEqual([res.body.level, res.body.host, res.body.baseUrl], ['middle', hostOf(middle), '/a/1'])
      res = await request(app).get('/a/1/b/2/leave').set('Host', HOST).expect(200)
      assert.deepEqual([res.body.level, res.body.host], ['middle', hostOf(middle)])
      res = await request(app).get('/a/1/leave').set('Host', HOST).expect(200)
      assert.deepEqual([res.body.level, res.body.host, res.body.params], ['top', hostOf(top), { a: '1', name: 'leave' }])
      // An error passed up from the inner router reaches the middle's handler, with the middle's helpers.
      res = await request(app).get('/a/1/b/2/up').set('Host', HOST).expect(500)
      assert.deepEqual(res.body, { handledBy: 'middle', message: 'passed up from inner', host: hostOf(middle) })
      res = await request(app).get('/a/1/up').set('Host', HOST).expect(500)
      assert.deepEqual(res.body, { handledBy: 'top', message: 'passed up from middle', host: hostOf(top) })
    })

    it('an error thrown at a level reaches that level\'s error handler, run with that level\'s helpers', async () => {
      for (const [level, prefix, version] of levels) {
        const res = await request(app).get(`${prefix}/throw`).set('Host', HOST).expect(500)
        assert.deepEqual(res.body, { handledBy: level, message: `thrown at ${level}`, host: hostOf(version) })
      }
    })

    it('a rejected promise at an Express 5 level reaches that level\'s error handler', async () => {
      for (const [level, prefix, version] of levels) {
        if (version !== 5) continue
        const res = await request(app).get(`${prefix}/reject`).set('Host', HOST).expect(500)
        assert.deepEqual(res.body, { handledBy: level, message: `rejected at ${level}`, host: hostOf(5) })
      }
    })

    it('what no level answers ends in the top app\'s final handler', async () => {
      const res = await request(app).get('/a/1/b/2/escape').expect(418)
      assert.match(res.text, /escaping inner/)
      assert.equal(res.headers['content-security-policy'], "default-src 'none'")
      await request(app).get('/a/1/b/2/nowhere/at/all').expect(404, /Cannot GET \/a\/1\/b\/2\/nowhere\/at\/all/)
    })
  })
}

describe('routers switch prototypes only for a request of another framework', () => {
  it('a router in an app of its own framework, or standalone, leaves the request\'s prototypes', async () => {
    for (const version of [4, 5] as const) {
      const app = App[version]()
      const router = Router[version]()
      let seen: unknown
      router.get('/', (req: any, res: any) => { seen = Object.getPrototypeOf(req); res.end() })
      app.use(router)
      await request(app).get('/').expect(200)
      assert.equal(seen, app.request, `Express ${version}`)

      const server = http.createServer((req, res) => (router as any)(req, res, () => { res.statusCode = 404; res.end() }))
      await request(server).get('/').expect(200)
      assert.equal(seen, http.IncomingMessage.prototype, `Express ${version}, standalone`)
    }
  })

  it('a router of another framework gives its helpers over the app\'s prototypes, made once per app', async () => {
    const app = express4()
    const router = express5.Router()
    const seen: any[] = []
    router.get('/', (req: any, res: any) => { seen.push([Object.getPrototypeOf(req), Object.getPrototypeOf(res), req.app]); res.end() })
    app.use(router)
    app.get('/', (req: any, res: any) => res.send('not reached'))
    await request(app).get('/').expect(200)
    await request(app).get('/').expect(200)
    assert.equal(seen[0][0], seen[1][0])
    assert.equal(seen[0][1], seen[1][1])
    assert.equal(seen[0][2], app)
    assert.ok(app.request.isPrototypeOf(seen[0][0]), 'inherits the app\'s request')
    assert.equal(Object.getOwnPropertyDescriptor(seen[0][0], 'host')!.get, Object.getOwnPropertyDescriptor(express5.request, 'host')!.get)
    assert.equal(seen[0][1].send, express5.response.send)
  })
})

describe('settings are the app\'s', () => {
  it('an Express 5 router reads the Express 4 app\'s settings: json spaces, trust proxy, query parser', async () => {
    const app = express4()
    app.set('json spaces', 2)
    app.set('trust proxy', true)
    app.set('query parser', 'simple')
    const router = express5.Router()
    router.get('/', (req: any, res: any) => res.json({ ip: req.ip, query: req.query }))
    app.use(router)
    const res = await request(app).get('/?a[b]=1').set('X-Forwarded-For', '203.0.113.9').expect(200)
    assert.equal(res.text, JSON.stringify({ ip: '203.0.113.9', query: { 'a[b]': '1' } }, null, 2))
  })

  it('helpers the app added to app.request stay reachable in a router of the other version', async () => {
    const app = express5()
    ;(app.request as any).tenant = function tenant () { return 'acme' }
    const router = express4.Router()
    router.get('/', (req: any, res: any) => res.send(req.tenant()))
    app.use(router)
    await request(app).get('/').expect(200, 'acme')
  })
})

describe('sub-apps of another framework keep their own helpers', () => {
  for (const [outer, inner] of [[4, 5], [5, 4]] as Array<[Version, Version]>) {
    it(`an Express ${inner} app mounted in an Express ${outer} app`, async () => {
      const parent = App[outer]()
      const child = App[inner]()
      parent.set('env', 'test')
      parent.set('title', 'parent\'s')
      child.get('/probe', (req: any, res: any) => res.json({ host: req.host, title: req.app.get('title'), app: req.app === child }))
      addRoutes(child, 'child', inner)
      addErrorHandler(child, 'child')
      parent.use('/sub', child)
      parent.get('/sub/after', probe('parent'))
      addRoutes(parent, 'parent', outer)
      addErrorHandler(parent, 'parent')

      // The prototype chain stays the child's framework's; settings still inherit.
      assert.equal(Object.getPrototypeOf(child.request), (inner === 4 ? express4 : express5).request)
      assert.equal(Object.getPrototypeOf(child.response), (inner === 4 ? express4 : express5).response)
      await request(parent).get('/sub/probe').set('Host', HOST).expect(200, { host: hostOf(inner), title: 'parent\'s', app: true })
      await sendsAs(parent, '/sub/send', inner)
      await redirectsAs(parent, '/sub/back', inner)
      await sendsAs(parent, '/send', outer)
      let res = await request(parent).get('/sub/throw').set('Host', HOST).expect(500)
      assert.deepEqual(res.body, { handledBy: 'child', message: 'thrown at child', host: hostOf(inner) })
      // Passed on out of the child: the parent's handlers run with the parent's helpers again.
      res = await request(parent).get('/sub/after').set('Host', HOST).expect(200)
      assert.deepEqual([res.body.level, res.body.host, res.body.baseUrl], ['parent', hostOf(outer), ''])
      await request(parent).get('/sub/escape').expect(418, /escaping child/)
    })
  }

  it('an Express 4 app mounted in an Express 5 app parses req.query with its own parser, and leaves it', async () => {
    const parent = express5()
    const child = express4()
    child.get('/q', (req, res) => res.json(req.query))
    child.get('/pass', (req, res, next) => next())
    parent.use('/sub', child)
    parent.get('/q', (req: any, res: any) => res.json(req.query))
    parent.get('/sub/pass', (req: any, res: any) => res.json(req.query))
    await request(parent).get('/sub/q?a[b]=1').expect(200, { a: { b: '1' } })
    await request(parent).get('/q?a[b]=1').expect(200, { 'a[b]': '1' })
    await request(parent).get('/sub/pass?a[b]=1').expect(200, { a: { b: '1' } })
  })

  it('an Express 5 app mounted in an Express 4 app reads the parent\'s req.query', async () => {
    const parent = express4()
    const child = express5()
    child.get('/q', (req: any, res: any) => res.json(req.query))
    parent.use('/sub', child)
    await request(parent).get('/sub/q?a[b]=1').expect(200, { a: { b: '1' } })
  })

  it('three deep: Express 4 app → Express 5 app → Express 4 router', async () => {
    const top = express4()
    const mid = express5()
    const router = express4.Router()
    router.get('/send', (req, res) => res.send(201))
    mid.use('/r', router)
    mid.get('/send', (req: any, res: any) => res.send(201))
    top.use('/m', mid)
    await sendsAs(top, '/m/r/send', 4)
    await sendsAs(top, '/m/send', 5)
  })

  it('an app of the same framework still takes its parent\'s prototypes, as in Express 4', () => {
    const parent = express4()
    const child = express4()
    parent.use('/sub', child)
    assert.equal(Object.getPrototypeOf(child.request), parent.request)
    assert.equal(Object.getPrototypeOf(child.response), parent.response)
  })
})
