import { describe, it } from 'node:test'
import assert from 'node:assert/strict'
import path from 'node:path'
import request from 'supertest'
import app from '../../examples/express5-migration'

const EXAMPLE = path.resolve(__dirname, '../../examples/express5-migration/index.ts')

describe('examples/express5-migration', () => {
  it('the Express 4 router reads path-to-regexp 0.1 paths: `:id?` and `*`', async () => {
    await request(app).get('/v4/books').expect(200, [{ id: '1', title: 'Dune' }, { id: '2', title: 'Emma' }])
    await request(app).get('/v4/books/2').expect(200, { id: '2', title: 'Emma' })
    await request(app).get('/v4/covers/2024/dune.jpg').expect(200, { file: '2024/dune.jpg' })
  })

  it('the Express 5 router reads path-to-regexp 8 paths: `{/:id}` and `*name`, as arrays of segments', async () => {
    await request(app).get('/v5/orders').expect(200, [{ id: 'a1', items: ['1'] }])
    await request(app).get('/v5/orders/a1').expect(200, { id: 'a1', items: ['1'] })
    await request(app).get('/v5/receipts/2024/a1.pdf').expect(200, { file: '2024/a1.pdf' })
  })

  it('each router keeps its own syntax: neither reads the other\'s spelling', async () => {
    // `{/:id}` is literal text to path-to-regexp 0.1; `:id?` and a bare `*` are refused by path-to-regexp 8.
    await request(app).get('/v4/books{/1}').expect(404)
    assert.throws(() => { require('../../presets/express5').Router().get('/books/:id?', () => {}) }, TypeError)
    assert.throws(() => { require('../../presets/express5').Router().get('/covers/*', () => {}) }, TypeError)
  })

  it('errors: the Express 5 router passes a rejected promise to the app\'s error handler', async () => {
    await request(app).post('/v5/orders').expect(503, { error: 'orders are closed' })
  })

  it('errors: a parameter that cannot be decoded is a 400 in both halves', async () => {
    await request(app).get('/v4/books/%E0%A4%A').expect(400, { error: 'Failed to decode param \'%E0%A4%A\'' })
    await request(app).get('/v5/orders/%E0%A4%A').expect(400, { error: 'Failed to decode param \'%E0%A4%A\'' })
  })

  it('the Express 4 half\'s `res.send(404)` still answers a 404', async () => {
    await request(app).get('/v4/books/9').expect(404, 'Not Found')
  })

  it('each router\'s handlers get their own version\'s helpers: res.send(number), req.host', async () => {
    const count = await request(app).get('/v5/orders/a1/count').expect(200).expect('Content-Type', /application\/json/)
    assert.equal(count.text, '1')
    await request(app).get('/v4/books/9').expect(404, 'Not Found')
    await request(app).get('/v5/origin').set('Host', 'shop.example:8080').expect(200, { host: 'shop.example:8080' })
    await request(app).get('/v4/origin').set('Host', 'shop.example:8080').expect(200, { host: 'shop.example' })
  })

  it('the migration report lists what the Express 4 half has left, and nothing of the Express 5 half', async () => {
    await request(app).get('/v4/books/9').expect(404)
    // The Express 5 router's calls run on Express 5's helpers: nothing to report there.
    await request(app).get('/v5/origin').expect(200)
    await request(app).get('/v5/orders/a1/count').expect(200)
    const report = app.migrationReport()
    assert.deepEqual(report.paths.map((p) => [p.fullPath, String(p.suggestion)]), [
      ['/v4/books/:id?', '/books{/:id}'],
      ['/v4/covers/*', '/covers/{*splat}']
    ])
    assert.ok(report.calls.some((c) => c.api === 'res.send(status)' && c.callSite.startsWith(EXAMPLE + ':') && c.requests.includes('GET /v4/books/9')))
    const text = (await request(app).get('/migration').expect(200).expect('Content-Type', /text\/plain/)).text
    assert.match(text, /GET \/v4\/books\/:id\?\n {4}invalid: path-to-regexp 8 rejects it/)
    assert.match(text, /write "\/covers\/\*" as "\/covers\/\{\*splat\}"/)
    assert.doesNotMatch(text, /\/v5\//)
  })
})
