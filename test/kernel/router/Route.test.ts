import { describe, it } from 'node:test'
import assert from 'node:assert/strict'
import http from 'node:http'
import minimal from '../../../presets/minimal'
import { Route } from '../../../kernel'

/** Route methods by name (the types list them one by one). */
type MethodTable = Record<string, (...args: unknown[]) => unknown>

type Req = { method: string, order?: string[], route?: unknown }
type Next = (err?: unknown) => void

/** Dispatches a fake request through a route; resolves with what `done` received. */
function dispatch (route: Route, req: Req): Promise<unknown> {
  return new Promise((resolve) => { route.dispatch(req, {}, (err?: unknown) => resolve(err)) })
}

function push (name: string) {
  return function step (req: Req, res: unknown, next: Next) { (req.order ??= []).push(name); next() }
}

describe('new Route(path)', () => {
  it('is framework.Route, with a path, an empty stack and no methods', () => {
    assert.equal(minimal.Route, Route)
    const route = new Route('/users')
    assert.equal(route.path, '/users')
    assert.deepEqual(route.stack, [])
    assert.deepEqual(route.methods, {})
  })

  it('has a method for every lowercase http.METHODS entry, returning the route', () => {
    const route = new Route('/')
    for (const method of http.METHODS.map((m) => m.toLowerCase())) {
      assert.equal((route as unknown as MethodTable)[method](push(method)), route, method)
    }
    assert.equal(route.methods.get, true)
    assert.equal(route.methods['m-search'], true)
  })

  describe('route.METHOD(...handlers)', () => {
    it('records the method and adds one layer per handler, flattening arrays', () => {
      const route = new Route('/')
      route.get(push('a'), [push('b'), [push('c')]])
      assert.deepEqual(route.methods, { get: true })
      assert.equal(route.stack.length, 3)
      assert.deepEqual(route.stack.map((l) => l.method), ['get', 'get', 'get'])
    })

    it('throws for a handler that is not a function, naming the method and the type', () => {
      const route = new Route('/')
      const get = route.get as (...args: unknown[]) => unknown
      const post = route.post as (...args: unknown[]) => unknown
      assert.throws(() => get.call(route, 'x'), { name: 'TypeError', message: 'Route.get() requires a callback function but got a [object String]' })
      assert.throws(() => post.call(route, {}), { message: 'Route.post() requires a callback function but got a [object Object]' })
      assert.throws(() => get.call(route, [null]), { message: 'Route.get() requires a callback function but got a [object Null]' })
    })
  })

  describe('route.all(...handlers)', () => {
    it('handles every method', async () => {
      const route = new Route('/')
      route.all(push('all'))
      assert.equal(route.methods._all, true)
      for (const method of ['GET', 'POST', 'PURGE']) {
        const req: Req = { method }
        await dispatch(route, req)
        assert.deepEqual(req.order, ['all'], method)
      }
    })

    it('throws for a handler that is not a function', () => {
      const route = new Route('/')
      const all = route.all as (...args: unknown[]) => unknown
      assert.throws(() => all.call(route, 1), { name: 'TypeError', message: 'Route.all() requires a callback function but got a [object Number]' })
    })
  })

  describe('route._handles_method(method)', () => {
    it('is true for recorded methods, case-insensitively', () => {
      const route = new Route('/').post(push('p'))
      assert.equal(route._handles_method('POST'), true)
      assert.equal(route._handles_method('post'), true)
      assert.equal(route._handles_method('GET'), false)
    })

    it('lets HEAD fall back to GET', () => {
      assert.equal(new Route('/').get(push('g'))._handles_method('HEAD'), true)
      assert.equal(new Route('/').post(push('p'))._handles_method('HEAD'), false)
    })

    it('is true for anything after all()', () => {
      assert.equal(new Route('/').all(push('a'))._handles_method('DELETE'), true)
    })
  })

  describe('route._options()', () => {
    it('lists the methods uppercase, adding HEAD for GET', () => {
      assert.deepEqual(new Route('/').get(push('g')).put(push('p'))._options(), ['GET', 'PUT', 'HEAD'])
    })

    it('does not add HEAD twice', () => {
      assert.deepEqual(new Route('/').head(push('h')).get(push('g'))._options(), ['HEAD', 'GET'])
    })
  })

  describe('route.dispatch(req, res, done)', () => {
    it('runs the handlers of the request method in order, and sets req.route', async () => {
      const route = new Route('/')
      route.get(push('g1')).post(push('p')).all(push('all')).get(push('g2'))
      const req: Req = { method: 'GET' }
      assert.equal(await dispatch(route, req), undefined)
      assert.deepEqual(req.order, ['g1', 'all', 'g2'])
      assert.equal(req.route, route)
    })

    it('runs GET handlers for HEAD when there are no HEAD handlers', async () => {
      const route = new Route('/').get(push('get'))
      const req: Req = { method: 'HEAD' }
      await dispatch(route, req)
      assert.deepEqual(req.order, ['get'])
    })

    it('calls done right away with an empty stack', async () => {
      const req: Req = { method: 'GET' }
      assert.equal(await dispatch(new Route('/'), req), undefined)
      assert.equal(req.route, undefined)
    })

    it('passes errors to four-argument handlers, then to done', async () => {
      const route = new Route('/')
      const failure = new Error('fail')
      route.get(() => { throw failure }, push('skipped'), (err: Error, req: Req, res: unknown, next: Next) => { (req.order ??= []).push('handled ' + err.message); next(err) })
      const req: Req = { method: 'GET' }
      assert.equal(await dispatch(route, req), failure)
      assert.deepEqual(req.order, ['handled fail'])
    })

    it("ends with done() on next('route') and done('router') on next('router')", async () => {
      const toRoute = new Route('/').get((req: Req, res: unknown, next: Next) => { next('route') }, push('skipped'))
      const req1: Req = { method: 'GET' }
      assert.equal(await dispatch(toRoute, req1), undefined)
      assert.equal(req1.order, undefined)
      const toRouter = new Route('/').get((req: Req, res: unknown, next: Next) => { next('router') })
      assert.equal(await dispatch(toRouter, { method: 'GET' }), 'router')
    })
  })
})
