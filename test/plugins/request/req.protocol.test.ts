import { describe, it } from 'node:test'
import assert from 'node:assert/strict'
import request from 'supertest'
import framework from '../../../presets/default'
import { answering, fakeRequest } from './support'

describe('req.protocol', () => {
  it('is http on a plain connection', async () => {
    await request(answering((req) => req.protocol)).get('/').expect(200, '"http"')
  })

  it('is https on a TLS connection', () => {
    const req = fakeRequest(framework(), { socket: { encrypted: true, remoteAddress: '127.0.0.1' } })
    assert.equal(req.protocol, 'https')
  })

  describe('when "trust proxy" trusts the peer', () => {
    const trusted = (app: ReturnType<typeof framework>) => { app.set('trust proxy', true) }

    it('uses X-Forwarded-Proto', async () => {
      const app = answering((req) => req.protocol, trusted)
      await request(app).get('/').set('X-Forwarded-Proto', 'https').expect(200, '"https"')
    })

    it('uses the first of several values, trimmed', async () => {
      const app = answering((req) => req.protocol, trusted)
      await request(app).get('/').set('X-Forwarded-Proto', ' https , http').expect(200, '"https"')
      await request(app).get('/').set('X-Forwarded-Proto', ['https', 'http'] as unknown as string).expect(200, '"https"') // two header lines
    })

    it('falls back to the connection when the header is absent or empty', async () => {
      const app = answering((req) => req.protocol, trusted)
      await request(app).get('/').expect(200, '"http"')
      await request(app).get('/').set('X-Forwarded-Proto', '').expect(200, '"http"')
    })

    it('uses it with a hop count', async () => {
      const app = answering((req) => req.protocol, (a) => a.set('trust proxy', 1))
      await request(app).get('/').set('X-Forwarded-Proto', 'https').expect(200, '"https"')
    })

    it('ignores it when the peer is not in the trusted list', async () => {
      const app = answering((req) => req.protocol, (a) => a.set('trust proxy', '10.0.0.1'))
      await request(app).get('/').set('X-Forwarded-Proto', 'https').expect(200, '"http"')
    })
  })

  it('ignores X-Forwarded-Proto when "trust proxy" is off', async () => {
    const app = answering((req) => req.protocol)
    await request(app).get('/').set('X-Forwarded-Proto', 'https').expect(200, '"http"')
  })
})
