import { describe, it } from 'node:test'
import assert from 'node:assert/strict'
import request from 'supertest'
import minimal from '../../../presets/minimal'
import framework from '../../../presets/default'

/** A kernel-only app (no query layer of its own) using `framework.query(options)`. */
function appWith (middleware: ReturnType<typeof framework.query>) {
  const app = minimal()
  app.use(middleware)
  app.use((req, res) => { res.end(JSON.stringify(req.query)) })
  return app
}

describe('framework.query(options)', () => {
  it('is a middleware factory named query', () => {
    assert.equal(typeof framework.query, 'function')
    assert.equal(framework.query().name, 'query')
  })

  it('parses with qs and qs\'s own limits by default, keeping prototype-named keys', async () => {
    await request(appWith(framework.query())).get('/?a[b]=1&hasOwnProperty=x&c[21]=y')
      .expect(200, JSON.stringify({ a: { b: '1' }, hasOwnProperty: 'x', c: { 21: 'y' } }))
  })

  it('passes options to qs', async () => {
    await request(appWith(framework.query({ arrayLimit: 100 }))).get('/?c[21]=y').expect(200, '{"c":["y"]}')
    await request(appWith(framework.query({ allowPrototypes: false }))).get('/?hasOwnProperty=x&a=1').expect(200, '{"a":"1"}')
    await request(appWith(framework.query({ depth: 1 }))).get('/?a[b][c]=1').expect(200, JSON.stringify({ a: { b: { '[c]': '1' } } }))
  })

  it('uses a function as the parser', async () => {
    await request(appWith(framework.query((str) => ({ raw: str })))).get('/x?a=1').expect(200, '{"raw":"a=1"}')
    await request(appWith(framework.query((str) => ({ raw: str })))).get('/x').expect(200, '{"raw":null}')
  })

  it('leaves a req.query already set', async () => {
    const app = minimal()
    app.use((req, res, next) => { req.query = { preset: '1' }; next() })
    app.use(framework.query())
    app.use((req, res) => { res.end(JSON.stringify(req.query)) })
    await request(app).get('/?a=1').expect(200, '{"preset":"1"}')
  })

  it('passes a parser error to the error handlers', async () => {
    const app = minimal()
    app.use(framework.query(() => { throw new Error('bad query') }))
    app.use((req, res) => { res.end('not reached') })
    app.use((err: Error, req: unknown, res: import('node:http').ServerResponse, next: unknown) => { res.end('caught ' + err.message) })
    await request(app).get('/?a').expect(200, 'caught bad query')
  })
})
