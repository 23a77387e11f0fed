import { describe, it } from 'node:test'
import assert from 'node:assert/strict'
import request from 'supertest'
import minimal from '../../presets/minimal'

describe('Router()', () => {
  it('routes by method and path, decoding params', async () => {
    const app = minimal()
    app.get('/users/:id', (req, res) => { res.end(`user ${req.params.id}`) })
    await request(app).get('/users/a%20b').expect(200, 'user a b')
  })

  it('gives 400 for a param that cannot be decoded', async () => {
    const app = minimal()
    app.get('/users/:id', (req, res) => { res.end('never') })
    await request(app).get('/users/%zz').expect(400, /Failed to decode param/)
  })

  it('survives thousands of synchronous next() calls', async () => {
    const app = minimal()
    for (let i = 0; i < 5000; i++) app.use((req, res, next) => { next() })
    app.get('/', (req, res) => { res.end('deep') })
    await request(app).get('/').expect(200, 'deep')
  })
})
