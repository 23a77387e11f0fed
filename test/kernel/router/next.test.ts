import { describe, it } from 'node:test'
import assert from 'node:assert/strict'
import request from 'supertest'
import minimal from '../../../presets/minimal'
import type { NextFunction, Request, Response } from '../../../kernel'

/** Error middleware that answers with the error's message. */
function report (err: Error, req: Request, res: Response, next: NextFunction) {
  res.end(`error: ${err.message}`)
}

describe('next()', () => {
  it('continues with the next matching middleware or route', async () => {
    const app = minimal()
    const order: string[] = []
    app.use((req, res, next) => { order.push('use'); next() })
    app.get('/', (req, res, next) => { order.push('route 1'); next() })
    app.get('/other', (req, res) => { order.push('wrong route'); res.end() })
    app.get('/', (req, res) => { order.push('route 2'); res.end('done') })
    await request(app).get('/').expect(200, 'done')
    assert.deepEqual(order, ['use', 'route 1', 'route 2'])
  })

  it('reaches the final 404 when nothing answers', async () => {
    const app = minimal()
    app.use((req, res, next) => { next() })
    await request(app).get('/').expect(404)
  })

  it('may be called asynchronously', async () => {
    const app = minimal()
    app.use((req, res, next) => { setTimeout(next, 5) })
    app.use((req, res, next) => { setImmediate(() => next()) })
    app.get('/', (req, res) => { res.end('late') })
    await request(app).get('/').expect(200, 'late')
  })

  it('survives 5000 synchronous next() calls without overflowing the stack', async () => {
    const app = minimal()
    let count = 0
    for (let i = 0; i < 5000; i++) app.use((req, res, next) => { count++; next() })
    app.get('/', (req, res) => { res.end(`deep ${count}`) })
    await request(app).get('/').expect(200, 'deep 5000')
  })

  it('survives 5000 synchronous next() calls inside one route', async () => {
    const app = minimal()
    const handlers = Array.from({ length: 5000 }, () => (req: Request, res: Response, next: NextFunction) => { next() })
    app.get('/', handlers, (req: Request, res: Response) => { res.end('route deep') })
    await request(app).get('/').expect(200, 'route deep')
  })
})

describe('next(err)', () => {
  it('skips ordinary middleware and routes to the next error middleware', async () => {
    const app = minimal()
    const order: string[] = []
    app.use((req, res, next) => { next(new Error('first')) })
    app.use((req, res, next) => { order.push('skipped use'); next() })
    app.get('/', (req, res) => { order.push('skipped route'); res.end() })
    app.use(report)
    await request(app).get('/').expect(200, 'error: first')
    assert.deepEqual(order, [])
  })

  it('is what a thrown error becomes', async () => {
    const app = minimal()
    app.get('/', () => { throw new Error('thrown') })
    app.use(report)
    await request(app).get('/').expect(200, 'error: thrown')
  })

  it('accepts non-Error values', async () => {
    const app = minimal()
    app.use((req, res, next) => { next({ message: 'plain object' }) })
    app.use(report)
    await request(app).get('/').expect(200, 'error: plain object')
  })
})

describe("next('route')", () => {
  it('skips the remaining callbacks of the route and continues with the next route', async () => {
    const app = minimal()
    const order: string[] = []
    app.get('/', (req, res, next) => { order.push('a'); next('route') }, (req, res) => { order.push('skipped'); res.end() })
    app.get('/', (req, res) => { order.push('b'); res.end('next route') })
    await request(app).get('/').expect(200, 'next route')
    assert.deepEqual(order, ['a', 'b'])
  })

  it('in plain middleware just continues', async () => {
    const app = minimal()
    app.use((req, res, next) => { next('route') })
    app.get('/', (req, res) => { res.end('continued') })
    await request(app).get('/').expect(200, 'continued')
  })
})

describe("next('router')", () => {
  it('leaves the current router, continuing after it in the parent', async () => {
    const router = minimal.Router()
    const order: string[] = []
    router.use((req, res, next) => { order.push('router 1'); next('router') })
    router.use((req, res) => { order.push('router 2'); res.end('inside') })
    const app = minimal()
    app.use(router)
    app.use((req, res) => { order.push('app'); res.end('outside') })
    await request(app).get('/').expect(200, 'outside')
    assert.deepEqual(order, ['router 1', 'app'])
  })

  it('from a route handler leaves the router too', async () => {
    const router = minimal.Router()
    router.get('/', (req, res, next) => { next('router') }, (req, res) => { res.end('same route') })
    router.get('/', (req, res) => { res.end('next route') })
    const app = minimal()
    app.use(router)
    app.use((req, res) => { res.end('after router') })
    await request(app).get('/').expect(200, 'after router')
  })

  it('is not an error: no error middleware runs', async () => {
    const router = minimal.Router()
    let errorSeen = false
    router.use((req, res, next) => { next('router') })
    const app = minimal()
    app.use(router)
    app.use((err: unknown, req: Request, res: Response, next: NextFunction) => { errorSeen = true; next(err) })
    app.use((req, res) => { res.end('fine') })
    await request(app).get('/').expect(200, 'fine')
    assert.equal(errorSeen, false)
  })
})
