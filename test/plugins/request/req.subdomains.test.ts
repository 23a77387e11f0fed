import { describe, it } from 'node:test'
import request from 'supertest'
import { answering } from './support'

describe('req.subdomains', () => {
  it('lists the labels before the domain, nearest first', async () => {
    const app = answering((req) => req.subdomains)
    await request(app).get('/').set('Host', 'tobi.ferrets.example.com').expect(200, JSON.stringify(['ferrets', 'tobi']))
  })

  it('is empty for a bare domain, an IP address or no host', async () => {
    const app = answering((req) => req.subdomains)
    await request(app).get('/').set('Host', 'example.com').expect(200, '[]')
    await request(app).get('/').set('Host', '127.0.0.1').expect(200, '[]')
    await request(app).get('/').set('Host', '[::1]:80').expect(200, '[]')
    await request(app).get('/').set('Host', '').expect(200, '[]')
  })

  it('follows a trusted X-Forwarded-Host', async () => {
    const app = answering((req) => req.subdomains, (a) => a.set('trust proxy', true))
    await request(app).get('/').set('X-Forwarded-Host', 'a.b.example.org').expect(200, JSON.stringify(['b', 'a']))
  })

  describe('with "subdomain offset"', () => {
    it('0 keeps the whole host, and an IP address whole', async () => {
      const app = answering((req) => req.subdomains, (a) => a.set('subdomain offset', 0))
      await request(app).get('/').set('Host', 'tobi.sub.example.com').expect(200, JSON.stringify(['com', 'example', 'sub', 'tobi']))
      await request(app).get('/').set('Host', '10.0.0.1').expect(200, JSON.stringify(['10.0.0.1']))
      await request(app).get('/').set('Host', '[::1]').expect(200, JSON.stringify(['[::1]']))
    })

    it('3 drops three labels', async () => {
      const app = answering((req) => req.subdomains, (a) => a.set('subdomain offset', 3))
      await request(app).get('/').set('Host', 'tobi.ferrets.sub.example.com').expect(200, JSON.stringify(['ferrets', 'tobi']))
      await request(app).get('/').set('Host', 'sub.example.com').expect(200, '[]')
    })

    it('defaults to 2', async () => {
      const app = answering((req) => req.app.get('subdomain offset'))
      await request(app).get('/').expect(200, '2')
    })
  })
})
