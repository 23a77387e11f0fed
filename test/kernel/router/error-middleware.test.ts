import { describe, it } from 'node:test'
import assert from 'node:assert/strict'
import request from 'supertest'
import minimal from '../../../presets/minimal'
import type { NextFunction, Request, Response } from '../../../kernel'

describe('error middleware (err, req, res, next)', () => {
  it('is skipped while there is no error', async () => {
    const app = minimal()
    let ran = false
    app.use((err: unknown, req: Request, res: Response, next: NextFunction) => { ran = true; next() })
    app.get('/', (req, res) => { res.end('ok') })
    await request(app).get('/').expect(200, 'ok')
    assert.equal(ran, false)
  })

  it('needs exactly four parameters: three-parameter middleware never sees errors', async () => {
    const app = minimal()
    const seen: string[] = []
    app.use(() => { throw new Error('boom') })
    app.use((req: Request, res: Response, next: NextFunction) => { seen.push('three'); next() })
    app.use((err: Error, req: Request, res: Response, next: NextFunction) => { seen.push('four'); res.end(err.message) })
    await request(app).get('/').expect(200, 'boom')
    assert.deepEqual(seen, ['four'])
  })

  it('runs in order; next(err) passes the error on', async () => {
    const app = minimal()
    app.use(() => { throw new Error('origin') })
    app.use((err: Error, req: Request, res: Response, next: NextFunction) => { next(new Error(err.message + ' > first')) })
    app.use((err: Error, req: Request, res: Response, next: NextFunction) => { next(err) })
    app.use((err: Error, req: Request, res: Response, next: NextFunction) => { res.end(err.message + ' > last') })
    await request(app).get('/').expect(200, 'origin > first > last')
  })

  it('recovers with next(): ordinary middleware after it runs again', async () => {
    const app = minimal()
    app.use(() => { throw new Error('recoverable') })
    app.use((err: Error, req: Request, res: Response, next: NextFunction) => { res.setHeader('X-Recovered', err.message); next() })
    app.use((req, res) => { res.end('back on track') })
    await request(app).get('/').expect('X-Recovered', 'recoverable').expect(200, 'back on track')
  })

  it('catches an error thrown by error middleware', async () => {
    const app = minimal()
    app.use(() => { throw new Error('one') })
    app.use((err: Error, req: Request, res: Response, next: NextFunction) => { throw new Error('two') })
    app.use((err: Error, req: Request, res: Response, next: NextFunction) => { res.end(err.message) })
    await request(app).get('/').expect(200, 'two')
  })

  it('works inside a route, for errors of that route', async () => {
    const app = minimal()
    app.get('/', () => { throw new Error('in route') }, (err: Error, req: Request, res: Response, next: NextFunction) => { res.end('route caught ' + err.message) })
    await request(app).get('/').expect(200, 'route caught in route')
  })

  it('does not run for routes that do not match the path', async () => {
    const app = minimal()
    app.use(() => { throw new Error('x') })
    app.use('/elsewhere', (err: Error, req: Request, res: Response, next: NextFunction) => { res.end('wrong handler') })
    app.use((err: Error, req: Request, res: Response, next: NextFunction) => { res.end('right handler') })
    await request(app).get('/here').expect(200, 'right handler')
  })

  it('receives errors from a mounted router and sub-app', async () => {
    const app = minimal()
    const router = minimal.Router()
    const sub = minimal()
    router.get('/r', () => { throw new Error('router error') })
    sub.get('/s', () => { throw new Error('sub-app error') })
    app.use(router)
    app.use(sub)
    app.use((err: Error, req: Request, res: Response, next: NextFunction) => { res.end(err.message) })
    await request(app).get('/r').expect(200, 'router error')
    await request(app).get('/s').expect(200, 'sub-app error')
  })
})
