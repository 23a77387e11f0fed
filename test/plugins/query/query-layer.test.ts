import { describe, it } from 'node:test'
import assert from 'node:assert/strict'
import request from 'supertest'
import qs from 'qs'
import framework from '../../../presets/default'

/** Counts calls of `qs.parse` (the extended parser's engine) until `restore()`. */
function countQsParse () {
  const original = qs.parse
  const calls = { count: 0, restore () { qs.parse = original } }
  qs.parse = function countingParse (this: unknown, ...args: Parameters<typeof qs.parse>) {
    calls.count++
    return original.apply(this, args)
  } as typeof qs.parse
  return calls
}

describe('the query layer', () => {
  it('is the first layer of every app router, named query', () => {
    const app = framework()
    app.get('/', (req, res) => { res.end() })
    assert.equal(app._router!.stack[0].name, 'query')
  })

  it('runs a user parser for every request, read or not, as Express does', async () => {
    let calls = 0
    const app = framework()
    app.set('query parser', () => { calls++; return {} })
    app.use((req, res) => { res.end('ok') })
    await request(app).get('/?a=1').expect(200, 'ok')
    assert.equal(calls, 1)
  })

  it('sends a user parser\'s error to the error handlers before any middleware', async () => {
    const app = framework()
    app.set('query parser', () => { throw new Error('parser failed') })
    app.use((req, res) => { res.end('not reached') })
    app.use((err: Error, req: unknown, res: import('node:http').ServerResponse, next: unknown) => { res.end('caught ' + err.message) })
    await request(app).get('/?a=1').expect(200, 'caught parser failed')
  })

  it('parses with a built-in parser on first read only, once, through an own enumerable property', async () => {
    const calls = countQsParse()
    try {
      const app = framework()
      app.use((req, res) => {
        const descriptor = Object.getOwnPropertyDescriptor(req, 'query')!
        const before = calls.count
        const first = req.query
        res.end(JSON.stringify([typeof descriptor.get, descriptor.enumerable, before, first === req.query, calls.count, first]))
      })
      await request(app).get('/?a=1').expect(200, JSON.stringify(['function', true, 0, true, 1, { a: '1' }]))
    } finally {
      calls.restore()
    }
  })

  it('never parses a query string nobody reads', async () => {
    const calls = countQsParse()
    try {
      const app = framework()
      app.use((req, res) => { res.end('ok') })
      await request(app).get('/?' + 'a[b]'.repeat(1000) + '=1').expect(200, 'ok')
      assert.equal(calls.count, 0)
    } finally {
      calls.restore()
    }
  })

  it('lets req.query be deleted, as a plain property would', async () => {
    const app = framework()
    app.use((req, res) => {
      delete (req as { query?: unknown }).query
      res.end(String(req.query))
    })
    await request(app).get('/?a=1').expect(200, 'undefined')
  })

  it('parses again in a mounted app after req.query was deleted', async () => {
    const app = framework()
    const child = framework()
    child.set('query parser', 'simple')
    child.use((req, res) => { res.end(JSON.stringify(req.query)) })
    app.use((req, res, next) => { delete (req as { query?: unknown }).query; next() })
    app.use('/child', child)
    await request(app).get('/child?a[b]=1').expect(200, JSON.stringify({ 'a[b]': '1' }))
  })
})
