import { describe, it } from 'node:test'
import assert from 'node:assert/strict'
import http from 'node:http'
import request from 'supertest'
import framework from '../../../presets/default'
import { inlineMiddleware, Layer } from '../../../kernel'

type Next = (err?: unknown) => void

describe('inlineMiddleware', () => {
  it('is middleware with the given name: its body, then next()', () => {
    const calls: string[] = []
    const mw = inlineMiddleware('stamp', (req: { stamped?: boolean }) => { calls.push('body'); req.stamped = true })
    assert.equal(mw.name, 'stamp')
    assert.equal(mw.length, 3)
    const req: { stamped?: boolean } = {}
    mw(req, {}, () => { calls.push('next') })
    assert.deepEqual(calls, ['body', 'next'])
    assert.equal(req.stamped, true)
  })

  it('gives its body the next it was called with', () => {
    let seen: unknown
    const mw = inlineMiddleware('keep', (req, res, next) => { seen = next })
    const next = () => {}
    mw({}, {}, next)
    assert.equal(seen, next)
  })

  it('marks the layers made of it, and only those', () => {
    const body = () => {}
    const inline = new Layer('/', { end: false }, inlineMiddleware('inline', body))
    const plain = new Layer('/', { end: false }, (req: unknown, res: unknown, next: Next) => { next() })
    assert.equal(inline.inlineBody, body)
    assert.equal(inline.inlineOf, inline.handle)
    assert.equal(plain.inlineBody, undefined)
  })
})

describe('the app router\'s first layers', () => {
  it('still set req.query, req.res, res.req, res.locals, req.next and X-Powered-By', async () => {
    const app = framework()
    app.get('/', (req, res) => {
      res.json({
        query: req.query,
        links: req.res === res && res.req === req,
        locals: typeof res.locals === 'object' && Object.getPrototypeOf(res.locals) === null,
        next: typeof req.next === 'function'
      })
    })
    const res = await request(app).get('/?a=1&b[c]=2').expect(200)
    assert.deepEqual(res.body, { query: { a: '1', b: { c: '2' } }, links: true, locals: true, next: true })
    assert.equal(res.headers['x-powered-by'], 'Express')
  })

  it('give req.next the router\'s next, which a handler calling it reaches the following route with', async () => {
    const app = framework()
    app.get('/', (req, res) => { (req.next as Next)() })
    app.get('/', (req, res) => { res.send('second') })
    await request(app).get('/').expect(200, 'second')
  })

  it('run in place, without a trip through the layers\' handle_request', async () => {
    const app = framework()
    app.get('/', (req, res) => { res.send('ok') })
    const called: string[] = []
    for (const layer of app._router!.stack.slice(0, 2)) {
      const own = layer.handle_request.bind(layer)
      layer.handle_request = (req, res, next) => { called.push(layer.name); own(req, res, next) }
    }
    await request(app).get('/').expect(200, 'ok')
    assert.deepEqual(called, [])
  })

  it('run through a handle a tool put in their place, on every request', async () => {
    const app = framework()
    app.get('/', (req, res) => { res.send(String(req.query.n)) })
    const seen: string[] = []
    for (const layer of app._router!.stack.slice(0, 2)) {
      const original = layer.handle
      layer.handle = function traced (req: unknown, res: unknown, next: Next) {
        seen.push(layer.name)
        original(req, res, next)
      }
    }
    await request(app).get('/?n=1').expect(200, '1')
    await request(app).get('/?n=2').expect(200, '2')
    assert.deepEqual(seen, ['query', 'expressInit', 'query', 'expressInit'])
  })

  it('run after a layer put before them, in stack order', async () => {
    const app = framework()
    app.get('/', (req, res) => { res.send(res.get('X-Powered-By') + ' ' + String(res.get('X-First'))) })
    const first = new Layer('/', { end: false }, (req: unknown, res: { setHeader (n: string, v: string): void }, next: Next) => {
      res.setHeader('X-First', 'yes')
      next()
    })
    app._router!.stack.unshift(first)
    await request(app).get('/').expect(200, 'Express yes')
  })

  it('hand a query parser\'s throw to the error middleware, skipping the init layer', async () => {
    const app = framework()
    app.set('query parser', () => { throw new Error('bad query') })
    app.get('/', (req, res) => { res.send('unreached') })
    app.use((err: Error, req: unknown, res: { statusCode: number, end (s: string): void, getHeader (n: string): unknown }, next: Next) => {
      res.statusCode = 418
      res.end(err.message + ' ' + String(res.getHeader('X-Powered-By')))
    })
    await request(app).get('/?x=1').expect(418, 'bad query undefined')
  })

  it('run for every method and path, in a mounted app too', async () => {
    const sub = framework()
    sub.options('/item', (req, res) => { res.json({ query: req.query, app: req.app === sub, baseUrl: req.baseUrl }) })
    const app = framework()
    app.use('/sub', sub)
    const res = await request(app).options('/sub/item?q=1').expect(200)
    assert.deepEqual(res.body, { query: { q: '1' }, app: true, baseUrl: '/sub' })
  })

  it('include framework.query() at the start of a router\'s own stack', async () => {
    const router = framework.Router()
    router.use(framework.query({ depth: 0 }))
    router.get('/list', (req, res) => { res.end(JSON.stringify(req.query)) })
    const server = http.createServer((req, res) => {
      router(req, res, () => { res.statusCode = 404; res.end() })
    })
    const res = await request(server).get('/list?page=3&a[b]=1').expect(200)
    assert.deepEqual(JSON.parse(res.text), { page: '3', 'a[b]': '1' })
  })
})

describe('a URL without a path', () => {
  it('ends at the final handler before the first layers run, as through next()', async () => {
    const app = framework()
    app.use((req, res) => { res.send('unreached') })
    const sent: { status?: number, headers?: Record<string, unknown> } = {}
    await new Promise<void>((resolve) => {
      const req = Object.assign(Object.create(app.request), { url: '?a=1', method: 'GET', headers: {} })
      const res = Object.create(app.response)
      Object.defineProperty(res, 'setHeader', { value () { throw new Error('the init layer ran') } })
      app.handle(req, res, (err?: unknown) => {
        sent.status = err === undefined ? 404 : 500
        resolve()
      })
    })
    assert.equal(sent.status, 404)
  })
})
