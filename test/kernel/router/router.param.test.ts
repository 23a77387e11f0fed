import { describe, it } from 'node:test'
import assert from 'node:assert/strict'
import request from 'supertest'
import minimal from '../../../presets/minimal'
import type { NextFunction, Request, Response } from '../../../kernel'

function report (err: Error, req: Request, res: Response, next: NextFunction) {
  res.end(`error: ${err.message}`)
}

describe('router.param(name, callback)', () => {
  it('runs once per request for a value, even when several routes use it', async () => {
    const router = minimal.Router()
    let calls = 0
    router.param('id', (req, res, next) => { calls++; next() })
    router.get('/user/:id', (req, res, next) => { next() })
    router.get('/user/:id', (req, res, next) => { next() })
    router.get('/user/:id', (req, res) => { res.end(`calls ${calls}`) })
    const app = minimal()
    app.use(router)
    await request(app).get('/user/1').expect(200, 'calls 1')
    await request(app).get('/user/2').expect(200, 'calls 2')
  })

  it('runs again when a later route gives the param a different value', async () => {
    const router = minimal.Router()
    const values: string[] = []
    router.param('id', (req, res, next, value) => { values.push(String(value)); next() })
    router.use('/:id', (req, res, next) => { next() })
    router.get('/:x/:id', (req, res) => { res.end(values.join(',')) })
    const app = minimal()
    app.use(router)
    await request(app).get('/a/b').expect(200, 'a,b')
  })

  it('runs several callbacks of one name in registration order', async () => {
    const router = minimal.Router()
    const order: string[] = []
    router.param('id', (req, res, next) => { order.push('first'); next() })
    router.param('id', (req, res, next) => { order.push('second'); next() })
    router.get('/:id', (req, res) => { res.end(order.join(',')) })
    const app = minimal()
    app.use(router)
    await request(app).get('/1').expect(200, 'first,second')
  })

  it('runs the params of one path in the order they appear', async () => {
    const router = minimal.Router()
    const order: string[] = []
    router.param('b', (req, res, next) => { order.push('b'); next() })
    router.param('a', (req, res, next) => { order.push('a'); next() })
    router.get('/:a/:b', (req, res) => { res.end(order.join(',')) })
    const app = minimal()
    app.use(router)
    await request(app).get('/1/2').expect(200, 'a,b')
  })

  it('also runs for use() paths', async () => {
    const router = minimal.Router()
    router.param('lang', (req, res, next, value) => { res.setHeader('X-Lang', String(value)); next() })
    router.use('/:lang', (req, res) => { res.end('used') })
    const app = minimal()
    app.use(router)
    await request(app).get('/fr/page').expect('X-Lang', 'fr').expect(200, 'used')
  })

  it('is local to its router: the app\'s routes do not trigger it', async () => {
    const router = minimal.Router()
    let calls = 0
    router.param('id', (req, res, next) => { calls++; next() })
    const app = minimal()
    app.use(router)
    app.get('/:id', (req, res) => { res.end('app route') })
    await request(app).get('/5').expect(200, 'app route')
    assert.equal(calls, 0)
  })

  it('passes next(err) to the error middleware, skipping the route', async () => {
    const router = minimal.Router()
    let routeRan = false
    router.param('id', (req, res, next) => { next(new Error('param failed')) })
    router.get('/:id', (req, res) => { routeRan = true; res.end() })
    const app = minimal()
    app.use(router)
    app.use(report)
    await request(app).get('/1').expect(200, 'error: param failed')
    assert.equal(routeRan, false)
  })

  it('turns a thrown error into next(err)', async () => {
    const router = minimal.Router()
    router.param('id', () => { throw new Error('param threw') })
    router.get('/:id', (req, res) => { res.end() })
    const app = minimal()
    app.use(router)
    app.use(report)
    await request(app).get('/1').expect(200, 'error: param threw')
  })

  it("with next('route') skips to the next matching route", async () => {
    const router = minimal.Router()
    router.param('id', (req, res, next, value) => { if (value === 'skip') next('route'); else next() })
    router.get('/item/:id', (req, res) => { res.end(`item ${req.params.id}`) })
    router.get('/item/*', (req, res) => { res.end('fallback') })
    const app = minimal()
    app.use(router)
    await request(app).get('/item/1').expect(200, 'item 1')
    await request(app).get('/item/skip').expect(200, 'fallback')
  })

  it('does not run for an optional param that is absent', async () => {
    const router = minimal.Router()
    let calls = 0
    router.param('page', (req, res, next) => { calls++; next() })
    router.get('/list/:page?', (req, res) => { res.end('list') })
    const app = minimal()
    app.use(router)
    await request(app).get('/list').expect(200, 'list')
    assert.equal(calls, 0)
  })
})
