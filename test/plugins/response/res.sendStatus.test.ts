import { describe, it } from 'node:test'
import request from 'supertest'
import framework from '../../../presets/default'

describe('res.sendStatus(code)', () => {
  it('sends the standard message as text/plain', async () => {
    const app = framework()
    app.use((req, res) => { res.sendStatus(404) })
    await request(app).get('/')
      .expect('Content-Type', 'text/plain; charset=utf-8')
      .expect(404, 'Not Found')
  })

  it('sends the number itself for a code without a message', async () => {
    const app = framework()
    app.use((req, res) => { res.sendStatus(599) })
    await request(app).get('/').expect(599, '599')
  })

  it('answers 500 for an impossible code', async () => {
    const app = framework()
    app.use((req, res) => { res.sendStatus(42) })
    await request(app).get('/').expect(500, /Invalid status code/)
  })
})
