import { describe, it } from 'node:test'
import request from 'supertest'
import { answering, UNDEFINED } from './support'

const NONE = JSON.stringify(UNDEFINED)

describe('req.hostname', () => {
  it('is the Host header without its port', async () => {
    const app = answering((req) => req.hostname)
    await request(app).get('/').set('Host', 'example.com').expect(200, '"example.com"')
    await request(app).get('/').set('Host', 'example.com:3000').expect(200, '"example.com"')
  })

  it('keeps an IPv6 literal whole', async () => {
    const app = answering((req) => req.hostname)
    await request(app).get('/').set('Host', '[::1]').expect(200, '"[::1]"')
    await request(app).get('/').set('Host', '[::1]:3000').expect(200, '"[::1]"')
  })

  it('is undefined without a host', async () => {
    const app = answering((req) => { req.headers.host = undefined; return req.hostname })
    await request(app).get('/').expect(200, NONE)
    await request(answering((req) => req.hostname)).get('/').set('Host', '').expect(200, NONE)
  })

  it('survives an unclosed IPv6 bracket', async () => {
    const app = answering((req) => req.hostname)
    await request(app).get('/').set('Host', '[::1').expect(200, '"["')
  })

  describe('when "trust proxy" trusts the peer', () => {
    const trusted = (app: import('../../../kernel').Application) => { app.set('trust proxy', true) }

    it('uses X-Forwarded-Host', async () => {
      const app = answering((req) => req.hostname, trusted)
      await request(app).get('/').set('Host', 'localhost').set('X-Forwarded-Host', 'example.com:8080').expect(200, '"example.com"')
    })

    it('uses the first of several values, without the whitespace around the comma', async () => {
      const app = answering((req) => req.hostname, trusted)
      await request(app).get('/').set('X-Forwarded-Host', 'one.example  , two.example').expect(200, '"one.example"')
      await request(app).get('/').set('X-Forwarded-Host', ['[fe80::1]:81', 'two.example'] as unknown as string).expect(200, '"[fe80::1]"') // two header lines
    })

    it('falls back to Host without X-Forwarded-Host', async () => {
      const app = answering((req) => req.hostname, trusted)
      await request(app).get('/').set('Host', 'example.com').expect(200, '"example.com"')
    })

    it('gives undefined for an empty first value', async () => {
      const app = answering((req) => req.hostname, trusted)
      await request(app).get('/').set('X-Forwarded-Host', ', two').expect(200, NONE)
    })

    it('ignores X-Forwarded-Host when the peer is not trusted', async () => {
      const app = answering((req) => req.hostname, (a) => a.set('trust proxy', '10.0.0.1'))
      await request(app).get('/').set('Host', 'example.com').set('X-Forwarded-Host', 'evil.example').expect(200, '"example.com"')
    })
  })

  it('ignores X-Forwarded-Host when "trust proxy" is off', async () => {
    const app = answering((req) => req.hostname)
    await request(app).get('/').set('Host', 'example.com').set('X-Forwarded-Host', 'evil.example').expect(200, '"example.com"')
  })
})
