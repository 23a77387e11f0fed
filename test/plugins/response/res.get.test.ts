import { describe, it } from 'node:test'
import request from 'supertest'
import framework from '../../../presets/default'

describe('res.get(field)', () => {
  it('reads a response header case-insensitively', async () => {
    const app = framework()
    app.use((req, res) => {
      res.setHeader('X-Thing', 'value')
      res.end(`${res.get('x-thing')}|${res.get('X-THING')}|${String(res.get('X-Missing'))}`)
    })
    await request(app).get('/').expect(200, 'value|value|undefined')
  })
})
