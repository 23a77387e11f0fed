import { describe, it } from 'node:test'
import request from 'supertest'
import { answering } from './support'

describe('req.ips', () => {
  it('lists the forwarded addresses, client first, when trusted', async () => {
    const app = answering((req) => req.ips, (a) => a.set('trust proxy', true))
    await request(app).get('/').set('X-Forwarded-For', '1.1.1.1, 2.2.2.2').expect(200, JSON.stringify(['1.1.1.1', '2.2.2.2']))
  })

  it('stops at the first untrusted address', async () => {
    const app = answering((req) => req.ips, (a) => a.set('trust proxy', 2))
    await request(app).get('/').set('X-Forwarded-For', '1.1.1.1, 2.2.2.2, 3.3.3.3').expect(200, JSON.stringify(['2.2.2.2', '3.3.3.3']))
  })

  it('is empty without trust', async () => {
    const app = answering((req) => req.ips)
    await request(app).get('/').set('X-Forwarded-For', '1.1.1.1, 2.2.2.2').expect(200, '[]')
  })

  it('is empty without X-Forwarded-For', async () => {
    const app = answering((req) => req.ips, (a) => a.set('trust proxy', true))
    await request(app).get('/').expect(200, '[]')
  })

  it('keeps unreadable entries as sent, drops empty ones, and never throws', async () => {
    const app = answering((req) => req.ips, (a) => a.set('trust proxy', true))
    await request(app).get('/').set('X-Forwarded-For', 'garbage, , 2.2.2.2').expect(200, JSON.stringify(['garbage', '2.2.2.2']))
  })
})
