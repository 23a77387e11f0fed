import { describe, it } from 'node:test'
import assert from 'node:assert/strict'
import http from 'node:http'
import { EventEmitter } from 'node:events'
import request from 'supertest'
import minimal from '../../../presets/minimal'
import { rawRequest } from '../support'

describe('app(req, res[, next])', () => {
  it('is a function usable as an http request listener', async () => {
    const app = minimal()
    app.get('/', (req, res) => { res.end('from listener') })
    const res = await rawRequest(app as unknown as http.RequestListener, { path: '/' })
    assert.equal(res.status, 200)
    assert.equal(res.body, 'from listener')
  })

  it('works with a server made by http.createServer', async () => {
    const app = minimal()
    app.get('/', (req, res) => { res.end('created') })
    const server = http.createServer(app as unknown as http.RequestListener)
    await request(server).get('/').expect(200, 'created')
  })

  it('is usable as middleware of another app, calling next when it does not answer', async () => {
    const inner = minimal()
    inner.get('/inner', (req, res) => { res.end('inner') })
    const outer = minimal()
    outer.use((req, res, next) => { inner(req, res, next) })
    outer.use((req, res) => { res.end('outer') })
    await request(outer).get('/inner').expect(200, 'inner')
    await request(outer).get('/other').expect(200, 'outer')
  })

  it('passes its errors to the next of the caller', async () => {
    const inner = minimal()
    inner.use(() => { throw new Error('inner failed') })
    const outer = minimal()
    outer.use((req, res, next) => { inner(req, res, next) })
    outer.use((err: Error, req: http.IncomingMessage, res: http.ServerResponse, next: () => void) => { res.end('caught: ' + err.message) })
    await request(outer).get('/').expect(200, 'caught: inner failed')
  })

  it('answers 404 itself when it has no routes', async () => {
    const app = minimal()
    await request(app).get('/').expect(404)
  })

  it('is an event emitter', () => {
    const app = minimal()
    let received: unknown
    app.on('ping', (value: unknown) => { received = value })
    app.emit('ping', 42)
    assert.equal(received, 42)
    assert.equal(typeof app.once, 'function')
    assert.equal(app.listenerCount, EventEmitter.prototype.listenerCount)
  })

  it('has settings, cache and engines objects of its own', () => {
    const a = minimal()
    const b = minimal()
    assert.equal(typeof a.settings, 'object')
    assert.notEqual(a.settings, b.settings)
    assert.notEqual(a.cache, b.cache)
    assert.notEqual(a.engines, b.engines)
  })
})
