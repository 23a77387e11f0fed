import { describe, it } from 'node:test'
import assert from 'node:assert/strict'
import request from 'supertest'
import minimal from '../../../presets/minimal'
import type { NextFunction, ParamHandler, Request, Response } from '../../../kernel'
import { captureDeprecations } from '../support'

describe('app.param(name, callback)', () => {
  it('returns the app', () => {
    const app = minimal()
    assert.equal(app.param('id', (req, res, next) => { next() }), app)
  })

  it('runs before the route handlers with (req, res, next, value, name)', async () => {
    const app = minimal()
    const calls: unknown[] = []
    app.param('user', (req, res, next, value, name) => {
      calls.push([value, name])
      ;(req as Request & { greeting?: string }).greeting = `user-${String(value)}`
      next()
    })
    app.get('/users/:user', (req, res) => { res.end((req as Request & { greeting?: string }).greeting) })
    await request(app).get('/users/tj').expect(200, 'user-tj')
    assert.deepEqual(calls, [['tj', 'user']])
  })

  it('can rewrite the param value seen by handlers', async () => {
    const app = minimal()
    app.param('n', (req, res, next, value) => { req.params.n = String(Number(value) * 2); next() })
    app.get('/double/:n', (req, res) => { res.end(req.params.n) })
    await request(app).get('/double/21').expect(200, '42')
  })

  it('does not run for routes without the param', async () => {
    const app = minimal()
    let calls = 0
    app.param('id', (req, res, next) => { calls++; next() })
    app.get('/plain', (req, res) => { res.end('plain') })
    await request(app).get('/plain').expect(200, 'plain')
    assert.equal(calls, 0)
  })

  it('accepts an array of names, running the callback for each', async () => {
    const app = minimal()
    const seen: string[] = []
    app.param(['from', 'to'], (req, res, next, value, name) => { seen.push(`${name}=${String(value)}`); next() })
    app.get('/route/:from/:to', (req, res) => { res.end('ok') })
    await request(app).get('/route/a/b').expect(200, 'ok')
    assert.deepEqual(seen, ['from=a', 'to=b'])
  })

  it('passes an error to the error handlers', async () => {
    const app = minimal()
    app.param('id', (req, res, next, value) => { next(new Error(`bad id ${String(value)}`)) })
    app.get('/items/:id', (req, res) => { res.end('not reached') })
    app.use((err: Error, req: Request, res: Response, next: NextFunction) => { res.end(err.message) })
    await request(app).get('/items/9').expect(200, 'bad id 9')
  })

  it('throws for a callback that is not a function', () => {
    const app = minimal()
    const param = app.param as (...args: unknown[]) => unknown
    assert.throws(() => param.call(app, 'id', 'nope'), { message: 'invalid param() call for id, got nope' })
  })

  describe('with a leading colon (deprecated)', () => {
    it('works as the name without the colon, with a deprecation', async () => {
      const app = minimal()
      const messages = await captureDeprecations(() => {
        app.param(':slug', (req, res, next, value) => { req.params.slug = String(value).toUpperCase(); next() })
      })
      assert.equal(messages.length, 1)
      assert.match(messages[0], /router\.param\(":slug", fn\): Use router\.param\("slug", fn\) instead/)
      app.get('/posts/:slug', (req, res) => { res.end(req.params.slug) })
      await request(app).get('/posts/hello').expect(200, 'HELLO')
    })
  })
})

describe('app.param(callback) (deprecated)', () => {
  it('customises what later app.param(name, arg) calls register', async () => {
    const app = minimal()
    const messages = await captureDeprecations(() => {
      app.param((name: string, pattern: unknown): ParamHandler | void => {
        if (!(pattern instanceof RegExp)) return
        return (req, res, next, value) => {
          if (pattern.test(String(value))) next()
          else next('route')
        }
      })
    })
    assert.equal(messages.length, 1)
    assert.match(messages[0], /router\.param\(fn\)/)
    ;(app.param as (name: string, arg: unknown) => unknown)('id', /^\d+$/)
    app.get('/user/:id', (req, res) => { res.end(`number ${req.params.id}`) })
    app.get('/user/:name', (req, res) => { res.end(`name ${req.params.name}`) })
    await request(app).get('/user/42').expect(200, 'number 42')
    await request(app).get('/user/tj').expect(200, 'name tj')
  })

  it('leaves ordinary callbacks alone when the customiser returns nothing', async () => {
    const app = minimal()
    await captureDeprecations(() => { app.param(() => undefined) })
    app.param('id', (req, res, next) => { req.params.id = 'seen'; next() })
    app.get('/:id', (req, res) => { res.end(req.params.id) })
    await request(app).get('/x').expect(200, 'seen')
  })
})
