import { describe, it } from 'node:test'
import assert from 'node:assert/strict'
import request from 'supertest'
import framework from '../../../presets/default'

describe('res.type(type)', () => {
  const cases: Array<[string, string]> = [
    ['json', 'application/json; charset=utf-8'],
    ['.html', 'text/html; charset=utf-8'],
    ['photo.png', 'image/png'],
    ['no-such-extension-xyz', 'application/octet-stream'],
    ['application/vnd.custom+json', 'application/vnd.custom+json'],
    ['text/x-mine', 'text/x-mine; charset=utf-8']
  ]
  for (const [input, expected] of cases) {
    it(`maps ${input} to ${expected}`, async () => {
      const app = framework()
      app.use((req, res) => { res.type(input).end() })
      await request(app).get('/').expect('Content-Type', expected).expect(200)
    })
  }
})

describe('res.contentType(type)', () => {
  it('is an alias of res.type', async () => {
    const app = framework()
    app.use((req, res) => { assert.equal(res.contentType, res.type); res.contentType('txt').end() })
    await request(app).get('/').expect('Content-Type', 'text/plain; charset=utf-8')
  })
})
