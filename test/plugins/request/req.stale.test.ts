import { describe, it } from 'node:test'
import request from 'supertest'
import framework from '../../../presets/default'

describe('req.stale', () => {
  it('is the opposite of req.fresh', async () => {
    const app = framework()
    app.use((req, res) => {
      res.setHeader('ETag', '"v1"')
      res.end(JSON.stringify([req.fresh, req.stale]))
    })
    await request(app).get('/').set('If-None-Match', '"v1"').expect(200, '[true,false]')
    await request(app).get('/').set('If-None-Match', '"v0"').expect(200, '[false,true]')
    await request(app).get('/').expect(200, '[false,true]')
  })
})
