import { describe, it } from 'node:test'
import assert from 'node:assert/strict'
import request from 'supertest'
import { unsign } from 'cookie-signature'
import framework from '../../../presets/default'

function cookiesOf (fn: (req: any, res: any) => void) {
  const app = framework()
  app.use((req, res) => { fn(req, res); res.end() })
  app.use((err: any, req: any, res: any, next: any) => { res.status(500).end(`${err.name}: ${err.message}`) })
  return request(app).get('/')
}

describe('res.cookie(name, value)', () => {
  it('sets an encoded cookie with Path=/', async () => {
    const r = await cookiesOf((req, res) => res.cookie('greeting', 'hi there;')).expect(200)
    assert.deepEqual(r.headers['set-cookie'], ['greeting=hi%20there%3B; Path=/'])
  })

  it('serialises objects as j: + JSON and coerces other values', async () => {
    const r = await cookiesOf((req, res) => { res.cookie('obj', { a: [1] }); res.cookie('n', 7) }).expect(200)
    assert.deepEqual(r.headers['set-cookie'], ['obj=j%3A%7B%22a%22%3A%5B1%5D%7D; Path=/', 'n=7; Path=/'])
  })

  it('refuses a name outside the cookie grammar with a TypeError', async () => {
    await cookiesOf((req, res) => res.cookie('bad name', 'v')).expect(500, 'TypeError: argument name is invalid')
  })

  it('refuses a value an encoder leaves invalid with a TypeError', async () => {
    await cookiesOf((req, res) => res.cookie('k', 'a b', { encode: (v: string) => v + '\r\n' }))
      .expect(500, 'TypeError: argument val is invalid')
  })
})

describe('res.cookie(name, value, options)', () => {
  it('writes every attribute', async () => {
    const expires = new Date(Date.UTC(2030, 0, 2, 3, 4, 5))
    const r = await cookiesOf((req, res) => res.cookie('id', 'x', {
      domain: 'example.com', path: '/app', expires, httpOnly: true, secure: true,
      partitioned: true, priority: 'high', sameSite: 'lax'
    })).expect(200)
    assert.deepEqual(r.headers['set-cookie'], [
      'id=x; Domain=example.com; Path=/app; Expires=Wed, 02 Jan 2030 03:04:05 GMT; HttpOnly; Secure; Partitioned; Priority=High; SameSite=Lax'
    ])
  })

  it('turns maxAge (ms) into Max-Age (s) and Expires, without touching the options', async () => {
    const options = { maxAge: 90500 }
    const before = Date.now()
    const r = await cookiesOf((req, res) => res.cookie('t', '1', options)).expect(200)
    const after = Date.now()
    assert.deepEqual(options, { maxAge: 90500 })
    const line = String(r.headers['set-cookie'])
    assert.match(line, /^t=1; Max-Age=90; Path=\/; Expires=/)
    // Set while the request was served, 90.5 s ahead (the date has whole seconds).
    const expires = Date.parse(line.split('Expires=')[1])
    assert.ok(expires > before + 90500 - 1000 && expires <= after + 90500, `${expires - before - 90500} ms off`)
  })

  it('ignores a null maxAge and refuses a non-numeric one', async () => {
    const r = await cookiesOf((req, res) => res.cookie('t', '1', { maxAge: null })).expect(200)
    assert.deepEqual(r.headers['set-cookie'], ['t=1; Path=/'])
    await cookiesOf((req, res) => res.cookie('t', '1', { maxAge: 'soon' })).expect(500, /option maxAge is invalid/)
  })

  it('refuses invalid expires and priority', async () => {
    await cookiesOf((req, res) => res.cookie('t', '1', { expires: new Date('nope') })).expect(500, /option expires is invalid/)
    await cookiesOf((req, res) => res.cookie('t', '1', { priority: 'urgent' })).expect(500, /option priority is invalid/)
  })

  describe('signed', () => {
    it('signs the value with req.secret', async () => {
      const r = await cookiesOf((req, res) => { req.secret = 'keyboard cat'; res.cookie('sess', { u: 1 }, { signed: true }) }).expect(200)
      const raw = decodeURIComponent(String(r.headers['set-cookie']).split(';')[0].split('=')[1])
      assert.ok(raw.startsWith('s:'))
      assert.equal(unsign(raw.slice(2), 'keyboard cat'), 'j:{"u":1}')
    })

    it('throws a clear error without a secret', async () => {
      await cookiesOf((req, res) => res.cookie('sess', 'v', { signed: true }))
        .expect(500, 'Error: cookieParser("secret") required for signed cookies')
    })
  })
})
