import { describe, it } from 'node:test'
import assert from 'node:assert/strict'
import request from 'supertest'
import framework from '../../../presets/default'
import { answering, fakeRequest } from './support'

describe('req.secure', () => {
  it('is false on a plain connection', async () => {
    await request(answering((req) => req.secure)).get('/').expect(200, 'false')
  })

  it('is true on a TLS connection', () => {
    assert.equal(fakeRequest(framework(), { socket: { encrypted: true } }).secure, true)
  })

  it('follows a trusted X-Forwarded-Proto', async () => {
    const app = answering((req) => req.secure, (a) => a.set('trust proxy', true))
    await request(app).get('/').set('X-Forwarded-Proto', 'https').expect(200, 'true')
    await request(app).get('/').set('X-Forwarded-Proto', 'http, https').expect(200, 'false')
  })

  it('ignores X-Forwarded-Proto without trust', async () => {
    const app = answering((req) => req.secure)
    await request(app).get('/').set('X-Forwarded-Proto', 'https').expect(200, 'false')
  })
})
