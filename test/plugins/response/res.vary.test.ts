import { describe, it } from 'node:test'
import assert from 'node:assert/strict'
import request from 'supertest'
import framework from '../../../presets/default'

describe('res.vary(field)', () => {
  it('adds a field', async () => {
    const app = framework()
    app.use((req, res) => { res.vary('Origin').end() })
    await request(app).get('/').expect('Vary', 'Origin')
  })

  it('adds each field of an array, once each', async () => {
    const app = framework()
    app.use((req, res) => { res.vary(['Accept', 'Origin']).vary('accept').vary('User-Agent').end() })
    await request(app).get('/').expect('Vary', 'Accept, Origin, User-Agent')
  })

  describe('without a field', () => {
    it('leaves Vary unset', async () => {
      const app = framework()
      app.use((req, res) => { (res.vary as (f?: unknown) => unknown)(); res.vary([]); res.end() })
      const r = await request(app).get('/').expect(200)
      assert.equal(r.headers.vary, undefined)
    })
  })
})
