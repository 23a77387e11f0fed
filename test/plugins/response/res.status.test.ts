import { describe, it } from 'node:test'
import assert from 'node:assert/strict'
import request from 'supertest'
import framework from '../../../presets/default'
import { expectWarnings } from '../../support/expected-warnings'

describe('res.status(code)', () => {
  expectWarnings([
    'ristretto deprecated res.status("202"): use res.status(202) instead',
    'ristretto deprecated res.status(404.7): use res.status(404) instead'
  ])

  it('sets the status code and is chainable', async () => {
    const app = framework()
    app.use((req, res) => { assert.equal(res.status(418), res); res.end('teapot') })
    await request(app).get('/').expect(418, 'teapot')
  })

  it('accepts a numeric string (deprecated)', async () => {
    const app = framework()
    app.use((req, res) => { res.status('202' as unknown as number).end() })
    await request(app).get('/').expect(202)
  })

  it('floors a fractional code (deprecated)', async () => {
    const app = framework()
    app.use((req, res) => { res.status(404.7).end() })
    await request(app).get('/').expect(404)
  })

  for (const bad of [0, 99, 1000, -200, undefined, null]) {
    it(`refuses ${String(bad)} with a RangeError answered as 500`, async () => {
      const app = framework()
      let caught: unknown
      app.use((req, res) => { res.status(bad as number).end() })
      app.use((err: unknown, req: any, res: any, next: any) => { caught = err; next(err) })
      await request(app).get('/').expect(500, /Invalid status code/)
      assert.ok(caught instanceof RangeError)
    })
  }
})
