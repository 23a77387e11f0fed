import { describe, it } from 'node:test'
import assert from 'node:assert/strict'
import http from 'node:http'
import request from 'supertest'
import minimal from '../../../presets/minimal'
import framework from '../../../presets/default'
import { Layer, Route } from '../../../kernel'

describe('app._router.stack', () => {
  it('starts with the layers named query and expressInit in the default preset', () => {
    const app = framework()
    app.get('/', (req, res) => { res.end() })
    const names = app._router!.stack.map((layer) => layer.name)
    assert.deepEqual(names.slice(0, 2), ['query', 'expressInit'])
  })

  it('starts with expressInit alone in the minimal preset', () => {
    const app = minimal()
    app.use(function custom (req, res, next) { next() })
    assert.deepEqual(app._router!.stack.map((layer) => layer.name), ['expressInit', 'custom'])
  })

  it('holds Layers with Express 4\'s shape for middleware', () => {
    const app = minimal()
    function logger (req: unknown, res: unknown, next: () => void) { next() }
    app.use(logger)
    app.use('/admin/:section', logger)
    const [, root, admin] = app._router!.stack
    assert.ok(root instanceof Layer)
    assert.equal(root.handle, logger)
    assert.equal(root.name, 'logger')
    assert.equal(root.route, undefined)
    assert.deepEqual(root.keys, [])
    assert.ok(root.regexp instanceof RegExp)
    assert.equal(root.regexp.fast_slash, true, 'use("/") matches without a regexp')
    assert.equal(root.regexp.fast_star, false)
    assert.equal(admin.regexp.fast_slash, false)
    assert.deepEqual(admin.keys.map((k) => [k.name, k.optional]), [['section', false]])
    assert.ok(admin.regexp.test('/admin/users'))
    assert.ok(admin.regexp.test('/admin/users/list'), 'use() layers match prefixes')
  })

  it('names anonymous handlers <anonymous>', () => {
    const app = minimal()
    app.use((() => (req: unknown, res: unknown, next: () => void) => { next() })())
    const last = app._router!.stack[app._router!.stack.length - 1]
    assert.equal(last.name, '<anonymous>')
  })

  it('holds route layers named "bound dispatch" carrying the route', () => {
    const app = minimal()
    function show (req: unknown, res: unknown) {}
    app.get('/users/:id', show)
    app.post('/users/:id', show)
    app.all('*', show)
    const [, getLayer, postLayer, star] = app._router!.stack
    assert.equal(getLayer.name, 'bound dispatch')
    assert.equal(getLayer.handle.name, 'bound dispatch')
    assert.equal(typeof getLayer.handle, 'function')
    assert.ok(getLayer.route instanceof Route)
    assert.equal(getLayer.route!.path, '/users/:id')
    assert.deepEqual(getLayer.route!.methods, { get: true })
    assert.deepEqual(postLayer.route!.methods, { post: true })
    assert.equal(getLayer.route!.stack.length, 1)
    assert.equal(getLayer.route!.stack[0].handle, show)
    assert.equal(getLayer.route!.stack[0].method, 'get')
    assert.deepEqual(getLayer.keys.map((k) => k.name), ['id'])
    assert.ok(getLayer.regexp.test('/users/1'))
    assert.ok(!getLayer.regexp.test('/users/1/more'), 'route layers match the whole path')
    assert.equal(star.regexp.fast_star, true)
    assert.equal(star.route!.stack.length, http.METHODS.length, 'app.all adds one handler per method')
    assert.equal(star.route!.methods.purge, true)
  })

  it('records params and path on the layer that matched last', async () => {
    const app = minimal()
    app.get('/users/:id', (req, res) => { res.end() })
    const layer = app._router!.stack[1]
    assert.equal(layer.params, undefined)
    assert.equal(layer.path, undefined)
    await request(app).get('/users/42').expect(200)
    assert.deepEqual(layer.params, { id: '42' })
    assert.equal(layer.path, '/users/42')
  })

  it('exposes a standalone router\'s stack the same way', () => {
    const router = minimal.Router()
    router.route('/a').get((req, res) => { res.end() }).put((req, res) => { res.end() })
    assert.equal(router.stack.length, 1)
    assert.deepEqual(router.stack[0].route!.methods, { get: true, put: true })
    assert.deepEqual(router.stack[0].route!.stack.map((l) => l.method), ['get', 'put'])
  })

  it('runs a wrapped route layer handle, as instrumentation wraps it, also for a one-handler route', async () => {
    const app = minimal()
    app.get('/users/:id', (req, res) => { res.end(`user ${(req.params as { id: string }).id}`) })
    const layer = app._router!.stack[1]
    const seen: string[] = []
    const original = layer.handle
    layer.handle = function traced (req: any, res: any, next: (err?: unknown) => void) {
      seen.push(req.url)
      return original(req, res, next)
    }
    await request(app).get('/users/7').expect(200, 'user 7')
    assert.deepEqual(seen, ['/users/7'])
  })

  it('calls a replaced Route dispatch, on the prototype or on one route', async () => {
    const app = minimal()
    app.get('/a', (req, res) => { res.end('a') })
    app.get('/b', (req, res) => { res.end('b') })
    const routeB = app._router!.stack[2].route!
    const seen: string[] = []
    const dispatch = Route.prototype.dispatch
    Route.prototype.dispatch = function counted (this: Route, req: any, res: any, done: (err?: unknown) => void) {
      seen.push(`prototype ${req.url}`)
      dispatch.call(this, req, res, done)
    }
    try {
      routeB.dispatch = function own (this: Route, req: any, res: any, done: (err?: unknown) => void) {
        seen.push(`own ${req.url}`)
        dispatch.call(this, req, res, done)
      }
      await request(app).get('/a').expect(200, 'a')
      await request(app).get('/b').expect(200, 'b')
    } finally {
      Route.prototype.dispatch = dispatch
    }
    assert.deepEqual(seen, ['prototype /a', 'own /b'])
  })

  it('runs only the handlers of the request method, also when route.methods was edited by hand', async () => {
    const app = minimal()
    const route = app.route('/x').get((req, res) => { res.end('get') })
    route.methods.post = true
    await request(app).get('/x').expect(200, 'get')
    await request(app).post('/x').expect(404)
  })
})
