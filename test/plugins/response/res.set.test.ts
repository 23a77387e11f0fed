import { describe, it } from 'node:test'
import assert from 'node:assert/strict'
import request from 'supertest'
import framework from '../../../presets/default'

describe('res.set(field, value)', () => {
  it('sets a header, coercing the value to a string', async () => {
    const app = framework()
    // The types take strings (as @types/express's); JavaScript callers pass numbers too.
    app.use((req, res) => { res.set('X-Count', 12 as unknown as string).end() })
    await request(app).get('/').expect('X-Count', '12').expect(200)
  })

  it('sets several values from an array, each coerced', async () => {
    const app = framework()
    app.use((req, res) => { res.set('X-Id', [1, 'b'] as unknown as string[]); res.end(JSON.stringify(res.get('X-Id'))) })
    await request(app).get('/').expect(200, '["1","b"]')
  })

  it('adds a charset to a text Content-Type', async () => {
    const app = framework()
    app.use((req, res) => { res.set('content-type', 'text/css').end() })
    await request(app).get('/').expect('Content-Type', 'text/css; charset=utf-8')
  })

  it('keeps an explicit charset and leaves binary types alone', async () => {
    const app = framework()
    app.use((req, res) => {
      res.set('Content-Type', 'image/png')
      const png = res.get('Content-Type')
      res.set('Content-Type', 'text/plain; charset=latin1')
      res.end(String(png))
    })
    await request(app).get('/').expect('Content-Type', 'text/plain; charset=latin1').expect(200, 'image/png')
  })

  it('throws a TypeError for an array Content-Type', async () => {
    const app = framework()
    let caught: unknown
    app.use((req, res) => { res.set('Content-Type', ['text/html', 'text/plain']) })
    app.use((err: unknown, req: any, res: any, next: any) => { caught = err; res.status(500).end('refused') })
    await request(app).get('/').expect(500, 'refused')
    assert.ok(caught instanceof TypeError)
    assert.match(String(caught), /Content-Type cannot be set to an Array/)
  })

  it('refuses a value holding CR/LF with an error, not a crash or a split header', async () => {
    const app = framework()
    let caught: any
    app.use((req, res) => { res.set('X-Evil', 'a\r\nSet-Cookie: owned=1').end() })
    app.use((err: unknown, req: any, res: any, next: any) => { caught = err; res.status(500).end() })
    const r = await request(app).get('/').expect(500)
    assert.equal(r.headers['set-cookie'], undefined)
    assert.equal(caught.code, 'ERR_INVALID_CHAR')
  })
})

describe('res.set(object)', () => {
  it('sets every field of the object', async () => {
    const app = framework()
    app.use((req, res) => { res.set({ 'X-A': 'a', 'X-B': 2, 'Content-Type': 'text/plain' }).end() })
    await request(app).get('/')
      .expect('X-A', 'a').expect('X-B', '2')
      .expect('Content-Type', 'text/plain; charset=utf-8')
  })
})

describe('res.header(field, value)', () => {
  it('is an alias of res.set', async () => {
    const app = framework()
    app.use((req, res) => { assert.equal(res.header, res.set); res.header('X-H', 'h').end() })
    await request(app).get('/').expect('X-H', 'h')
  })
})
