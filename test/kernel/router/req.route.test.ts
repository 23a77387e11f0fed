import { describe, it } from 'node:test'
import assert from 'node:assert/strict'
import request from 'supertest'
import minimal from '../../../presets/minimal'
import { Route } from '../../../kernel'

describe('req.route', () => {
  it('is the route currently matched', async () => {
    const app = minimal()
    let seen: unknown
    app.get('/user/:id', (req, res) => { seen = req.route; res.end(String(req.route!.path)) })
    await request(app).get('/user/12').expect(200, '/user/:id')
    assert.ok(seen instanceof Route)
    assert.deepEqual((seen as Route).methods, { get: true })
  })

  it('is undefined in middleware before any route', async () => {
    const app = minimal()
    app.use((req, res) => { res.end(String(req.route)) })
    await request(app).get('/').expect(200, 'undefined')
  })

  it('changes as the request moves from route to route', async () => {
    const app = minimal()
    const paths: unknown[] = []
    app.get('/a*', (req, res, next) => { paths.push(req.route!.path); next() })
    app.get('/ab', (req, res) => { paths.push(req.route!.path); res.end() })
    await request(app).get('/ab').expect(200)
    assert.deepEqual(paths, ['/a*', '/ab'])
  })
})
