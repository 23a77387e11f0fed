import { describe, it } from 'node:test'
import assert from 'node:assert/strict'
import request from 'supertest'
import framework from '../../../presets/default'
import { expectWarnings } from '../../support/expected-warnings'

describe('res.clearCookie(name)', () => {
  it('sets an empty cookie that expired at the epoch', async () => {
    const app = framework()
    app.use((req, res) => { res.clearCookie('sid').end() })
    const r = await request(app).get('/').expect(200)
    assert.deepEqual(r.headers['set-cookie'], ['sid=; Path=/; Expires=Thu, 01 Jan 1970 00:00:00 GMT'])
  })
})

describe('res.clearCookie(name, options)', () => {
  expectWarnings(['ristretto deprecated res.clearCookie: Passing "options.expires" is deprecated. In v5.0.0 of Express, this option will be ignored, as res.clearCookie will automatically set cookies to expire immediately. Please update your code to omit this option.'])

  it('keeps the attributes the cookie was set with', async () => {
    const app = framework()
    app.use((req, res) => { res.clearCookie('sid', { path: '/admin', domain: 'example.com', secure: true }).end() })
    const r = await request(app).get('/').expect(200)
    assert.deepEqual(r.headers['set-cookie'], ['sid=; Domain=example.com; Path=/admin; Expires=Thu, 01 Jan 1970 00:00:00 GMT; Secure'])
  })

  it('still honours expires passed in (deprecated, as Express 4)', async () => {
    const when = new Date(Date.UTC(2001, 1, 3))
    const app = framework()
    app.use((req, res) => { res.clearCookie('sid', { expires: when }).end() })
    const r = await request(app).get('/').expect(200)
    assert.deepEqual(r.headers['set-cookie'], ['sid=; Path=/; Expires=Sat, 03 Feb 2001 00:00:00 GMT'])
  })
})
