import { describe, it } from 'node:test'
import assert from 'node:assert/strict'
import http from 'node:http'
import request from 'supertest'
import minimal from '../../../presets/minimal'
import { rawRequest } from '../support'

/** Route methods by name (the types list them one by one). */
type MethodTable = Record<string, (...args: unknown[]) => unknown>

const LOWERCASE_METHODS = http.METHODS.map((m) => m.toLowerCase())

describe('app.METHOD(path, ...callbacks)', () => {
  it('exists for every lowercase http.METHODS entry', () => {
    const app = minimal()
    for (const method of LOWERCASE_METHODS) assert.equal(typeof (app as unknown as MethodTable)[method], 'function', method)
    assert.equal(typeof app['m-search'], 'function')
  })

  it('returns the app', () => {
    const app = minimal()
    assert.equal(app.post('/', (req, res) => { res.end() }), app)
  })

  it('routes each method only to its own handlers', async () => {
    const app = minimal()
    // CONNECT is a tunnel in node's http client; every other method is sent as a plain request.
    const tested = LOWERCASE_METHODS.filter((m) => m !== 'connect')
    for (const method of tested) {
      (app as unknown as MethodTable)[method]('/m', (req: http.IncomingMessage, res: http.ServerResponse) => { res.end(`handled ${method}`) })
    }
    for (const method of tested) {
      const res = await rawRequest(app as unknown as http.RequestListener, { method: method.toUpperCase(), path: '/m' })
      assert.equal(res.status, 200, method)
      if (method !== 'head') assert.equal(res.body, `handled ${method}`, method)
    }
  })

  it('does not answer other methods', async () => {
    const app = minimal()
    app.post('/only-post', (req, res) => { res.end('posted') })
    await request(app).get('/only-post').expect(404)
    await request(app).put('/only-post').expect(404)
  })

  it('reaches methods with a dash through bracket notation', async () => {
    const app = minimal()
    app['m-search']('/', (req: http.IncomingMessage, res: http.ServerResponse) => { res.end('searched') })
    const res = await rawRequest(app as unknown as http.RequestListener, { method: 'M-SEARCH', path: '/' })
    assert.equal(res.body, 'searched')
  })

  it('accepts several callbacks and arrays of them', async () => {
    const app = minimal()
    app.put('/p', (req, res, next) => { res.setHeader('X-A', '1'); next() }, [(req, res, next) => { res.setHeader('X-B', '2'); next() }], (req, res) => { res.end('put') })
    await request(app).put('/p').expect('X-A', '1').expect('X-B', '2').expect(200, 'put')
  })

  it('ignores the query string when matching', async () => {
    const app = minimal()
    app.get('/search', (req, res) => { res.end(req.url) })
    await request(app).get('/search?q=tea&x').expect(200, '/search?q=tea&x')
  })

  it('throws for a non-function callback', () => {
    const app = minimal()
    const get = app.get as (...args: unknown[]) => unknown
    assert.throws(() => get.call(app, '/', 'nope'), { name: 'TypeError', message: 'Route.get() requires a callback function but got a [object String]' })
    const post = app.post as (...args: unknown[]) => unknown
    assert.throws(() => post.call(app, '/', undefined), { message: 'Route.post() requires a callback function but got a [object Undefined]' })
  })
})

describe('app.get(name) versus app.get(path, callback)', () => {
  it('reads a setting with one argument and routes with more', async () => {
    const app = minimal()
    app.set('/', 'a setting named like a path')
    assert.equal(app.get('/'), 'a setting named like a path')
    app.get('/', (req, res) => { res.end('a route') })
    await request(app).get('/').expect(200, 'a route')
  })
})
