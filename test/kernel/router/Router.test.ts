import { describe, it } from 'node:test'
import assert from 'node:assert/strict'
import request from 'supertest'
import minimal from '../../../presets/minimal'
import { Router as kernelRouter, createFramework, routerPrototype } from '../../../kernel'

/** Route methods by name (the types list them one by one). */
type MethodTable = Record<string, (...args: unknown[]) => unknown>

describe('Router([options])', () => {
  it('makes a function router with its own stack and params', () => {
    const a = minimal.Router()
    const b = minimal.Router()
    assert.equal(typeof a, 'function')
    // As Express 4's `express.Router`: the framework's Router is what its routers inherit; it inherits the kernel's.
    assert.ok(Object.getPrototypeOf(a) === minimal.Router)
    assert.ok(Object.getPrototypeOf(minimal.Router) === routerPrototype)
    assert.deepEqual(a.stack, [])
    assert.deepEqual(a.params, {})
    assert.notEqual(a.stack, b.stack)
  })

  it('is what every router of its framework inherits: a method set on it reaches them, the apps\' own included', async () => {
    const other = createFramework()
    // With `new` too, as Express 4 allows (the types declare the call only, as @types/express).
    const router = new (minimal.Router as unknown as new () => ReturnType<typeof minimal.Router>)()
    const app = minimal()
    app.get('/', (req, res) => { res.end('app') })
    assert.ok(Object.getPrototypeOf(router) === minimal.Router)
    assert.ok(Object.getPrototypeOf(app._router) === minimal.Router)
    assert.ok(Object.getPrototypeOf(other.Router()) === other.Router && other.Router !== minimal.Router)
    const seen: string[] = []
    const Router = minimal.Router as unknown as Record<string, (...args: unknown[]) => unknown>
    Router.use = function use (this: unknown, ...args: unknown[]) {
      seen.push(typeof args[0] === 'string' ? args[0] : 'no path')
      return routerPrototype.use.apply(this, args as Parameters<typeof routerPrototype.use>)
    }
    try {
      router.use('/r', (req, res, next) => { next() })
      app.use('/a', (req, res, next) => { next() })
      other.Router().use('/other', (req: unknown, res: unknown, next: () => void) => { next() })
    } finally {
      Reflect.deleteProperty(Router, 'use')
    }
    assert.deepEqual(seen, ['/r', '/a'])
    await request(app).get('/').expect(200, 'app')
  })

  it('is exported by the kernel too, without a framework', async () => {
    const router = kernelRouter()
    router.get('/', (req, res) => { res.end('kernel router') })
    const app = minimal()
    app.use(router)
    await request(app).get('/').expect(200, 'kernel router')
  })

  it('is callable as middleware: (req, res, next), calling next when nothing matched', async () => {
    const router = minimal.Router()
    router.get('/hit', (req, res) => { res.end('router hit') })
    const app = minimal()
    app.use((req, res, next) => { router(req, res, next) })
    app.use((req, res) => { res.end('after router') })
    await request(app).get('/hit').expect(200, 'router hit')
    await request(app).get('/miss').expect(200, 'after router')
  })

  it('returns the router from use, METHOD, all and param, and a Route from route', () => {
    const router = minimal.Router()
    const fn = (req: unknown, res: unknown, next: () => void) => { next() }
    assert.equal(router.use(fn), router)
    assert.equal(router.get('/', fn), router)
    assert.equal(router.all('/', fn), router)
    assert.equal(router.param('id', (req, res, next) => { next() }), router)
    assert.equal(router.route('/r').path, '/r')
  })

  it('has a method for every lowercase http.METHODS entry', () => {
    const router = minimal.Router()
    for (const m of ['get', 'post', 'put', 'delete', 'patch', 'options', 'head', 'propfind', 'm-search', 'all']) {
      assert.equal(typeof (router as unknown as MethodTable)[m], 'function', m)
    }
  })

  it('runs middleware added through it for any router mounted on a matching path', async () => {
    const outer = minimal.Router()
    const inner = minimal.Router()
    outer.use((req, res, next) => { res.setHeader('X-Outer', 'ran'); next() })
    inner.get('/thing', (req, res) => { res.end('thing') })
    outer.use('/inner', inner)
    const app = minimal()
    app.use('/outer', outer)
    await request(app).get('/outer/inner/thing').expect('X-Outer', 'ran').expect(200, 'thing')
  })

  describe('options.caseSensitive', () => {
    it('is off by default: /Foo and /foo are the same', async () => {
      const router = minimal.Router()
      router.get('/Foo', (req, res) => { res.end('foo') })
      const app = minimal()
      app.use(router)
      await request(app).get('/foo').expect(200, 'foo')
      await request(app).get('/FOO').expect(200, 'foo')
    })

    it('when true, /Foo and /foo are different, for routes and use()', async () => {
      const router = minimal.Router({ caseSensitive: true })
      router.get('/Foo', (req, res) => { res.end('Foo') })
      router.use('/Mount', (req, res) => { res.end('Mount') })
      const app = minimal()
      app.use(router)
      await request(app).get('/Foo').expect(200, 'Foo')
      await request(app).get('/foo').expect(404)
      await request(app).get('/Mount/x').expect(200, 'Mount')
      await request(app).get('/mount/x').expect(404)
    })

    it('comes from the app setting "case sensitive routing"', async () => {
      const app = minimal()
      app.enable('case sensitive routing')
      app.get('/Foo', (req, res) => { res.end('Foo') })
      await request(app).get('/Foo').expect(200)
      await request(app).get('/foo').expect(404)
    })
  })

  describe('options.strict', () => {
    it('is off by default: /foo and /foo/ are the same', async () => {
      const router = minimal.Router()
      router.get('/foo', (req, res) => { res.end('foo') })
      const app = minimal()
      app.use(router)
      await request(app).get('/foo').expect(200, 'foo')
      await request(app).get('/foo/').expect(200, 'foo')
    })

    it('when true, /foo and /foo/ are different', async () => {
      const router = minimal.Router({ strict: true })
      router.get('/foo', (req, res) => { res.end('no slash') })
      router.get('/bar/', (req, res) => { res.end('slash') })
      const app = minimal()
      app.use(router)
      await request(app).get('/foo').expect(200, 'no slash')
      await request(app).get('/foo/').expect(404)
      await request(app).get('/bar/').expect(200, 'slash')
      await request(app).get('/bar').expect(404)
    })

    it('does not apply to use(): a mount path still matches with a trailing slash', async () => {
      const router = minimal.Router({ strict: true })
      router.use('/m', (req, res) => { res.end(req.url) })
      const app = minimal()
      app.use(router)
      await request(app).get('/m/').expect(200, '/')
    })

    it('comes from the app setting "strict routing"', async () => {
      const app = minimal()
      app.enable('strict routing')
      app.get('/foo', (req, res) => { res.end('foo') })
      await request(app).get('/foo').expect(200)
      await request(app).get('/foo/').expect(404)
    })
  })

  describe('options.mergeParams', () => {
    it('is off by default: the parent\'s params are not visible', async () => {
      const router = minimal.Router()
      router.get('/', (req, res) => { res.end(JSON.stringify(req.params)) })
      const app = minimal()
      app.use('/user/:id', router)
      await request(app).get('/user/7').expect(200, '{}')
    })

    it('when true, keeps the parent\'s params', async () => {
      const router = minimal.Router({ mergeParams: true })
      router.get('/posts/:post', (req, res) => { res.end(JSON.stringify(req.params)) })
      const app = minimal()
      app.use('/user/:id', router)
      await request(app).get('/user/7/posts/9').expect(200, '{"id":"7","post":"9"}')
    })

    it('lets the child\'s value win on a name conflict', async () => {
      const router = minimal.Router({ mergeParams: true })
      router.get('/:id', (req, res) => { res.end(req.params.id) })
      const app = minimal()
      app.use('/user/:id', router)
      await request(app).get('/user/parent/child').expect(200, 'child')
    })

    it('numbers the child\'s regexp captures after the parent\'s', async () => {
      const router = minimal.Router({ mergeParams: true })
      router.get(/^\/(\d+)$/, (req, res) => { res.end(JSON.stringify(req.params)) })
      const app = minimal()
      app.use(/^\/(\w+)/, router)
      await request(app).get('/abc/42').expect(200, '{"0":"abc","1":"42"}')
    })

    it('restores the parent\'s params after the router', async () => {
      const router = minimal.Router({ mergeParams: true })
      router.use('/:inner', (req, res, next) => { next() })
      const app = minimal()
      app.use('/:outer', router, (req, res) => { res.end(JSON.stringify(req.params)) })
      await request(app).get('/a/b').expect(200, '{"outer":"a"}')
    })
  })
})
