// http-proxy-middleware on the default preset: a front app proxying to a second ristretto app on an ephemeral port.
import { describe, it, before, after } from 'node:test'
import assert from 'node:assert/strict'
import http from 'node:http'
import type { AddressInfo } from 'node:net'
import request from 'supertest'
import { createProxyMiddleware, fixRequestBody } from 'http-proxy-middleware'
import express = require('../../presets/default')

/** The upstream: echoes what it received, so the tests see what the proxy forwarded. */
function upstreamApp () {
  const app = express()
  app.use(express.json())
  app.all('/api/*', (req, res) => {
    res.set('X-Upstream', 'yes').json({
      method: req.method,
      url: req.originalUrl,
      host: req.get('host'),
      forwardedFor: req.get('x-forwarded-for') ?? null,
      body: req.body ?? null
    })
  })
  app.get('/teapot', (req, res) => { res.status(418).send('short and stout') })
  app.get('/redirect', (req, res) => { res.redirect('/api/landed') })
  return app
}

describe('http-proxy-middleware', () => {
  let server: http.Server
  let target = ''

  before(async () => {
    server = http.createServer(upstreamApp())
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
    target = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
  })
  after(async () => {
    server.closeAllConnections()
    await new Promise((resolve) => server.close(resolve))
  })

  it('proxies a mounted path, keeping the base path through the target URL', async () => {
    const app = express()
    app.use('/api', createProxyMiddleware({ target: `${target}/api`, changeOrigin: true }))
    app.get('/local', (req, res) => { res.send('local') })
    const r = await request(app).get('/api/users/1?fields=name').expect('X-Upstream', 'yes').expect(200)
    assert.equal(r.body.method, 'GET')
    assert.equal(r.body.url, '/api/users/1?fields=name')
    assert.equal(r.body.host, target.replace('http://', ''))
    await request(app).get('/local').expect(200, 'local')
  })

  it('streams a request body it did not parse', async () => {
    const app = express()
    app.use('/api', createProxyMiddleware({ target: `${target}/api` }))
    const r = await request(app).post('/api/items').send({ name: 'espresso' }).expect(200)
    assert.deepEqual(r.body.body, { name: 'espresso' })
    assert.equal(r.body.method, 'POST')
  })

  it('forwards a body already parsed by express.json with fixRequestBody', async () => {
    const app = express()
    app.use(express.json())
    app.use('/api', createProxyMiddleware({ target: `${target}/api`, on: { proxyReq: fixRequestBody } }))
    const r = await request(app).put('/api/items/2').send({ size: 'double' }).expect(200)
    assert.deepEqual(r.body.body, { size: 'double' })
    assert.equal(r.body.method, 'PUT')
  })

  it('filters with pathFilter and rewrites paths', async () => {
    const app = express()
    app.use(createProxyMiddleware({ target, pathFilter: '/v1', pathRewrite: { '^/v1': '/api' }, xfwd: true }))
    app.get('/other', (req, res) => { res.send('not proxied') })
    const r = await request(app).get('/v1/orders').expect(200)
    assert.equal(r.body.url, '/api/orders')
    assert.match(r.body.forwardedFor, /127\.0\.0\.1/)
    await request(app).get('/other').expect(200, 'not proxied')
  })

  it('passes upstream statuses, headers and redirects through', async () => {
    const app = express()
    app.use(createProxyMiddleware({ target, pathFilter: ['/teapot', '/redirect'] }))
    await request(app).get('/teapot').expect(418, 'short and stout')
    await request(app).get('/redirect').expect('Location', '/api/landed').expect(302)
  })

  it('answers 504 when the upstream refuses the connection', async () => {
    const closed = http.createServer()
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve))
    const port = (closed.address() as AddressInfo).port
    await new Promise((resolve) => closed.close(resolve))
    const app = express()
    app.use('/api', createProxyMiddleware({ target: `http://127.0.0.1:${port}` }))
    await request(app).get('/api/x').expect(504, /Error occurred while trying to proxy/)
  })
})
