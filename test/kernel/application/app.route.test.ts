import { describe, it } from 'node:test'
import assert from 'node:assert/strict'
import request from 'supertest'
import minimal from '../../../presets/minimal'
import { Route, type NextFunction, type Request, type Response } from '../../../kernel'

describe('app.route(path)', () => {
  it('returns a Route for the path', () => {
    const app = minimal()
    const route = app.route('/users')
    assert.ok(route instanceof Route)
    assert.equal(route.path, '/users')
  })

  it('chains method handlers on one path', async () => {
    const app = minimal()
    app.route('/book')
      .get((req, res) => { res.end('get book') })
      .post((req, res) => { res.end('post book') })
      .put((req, res) => { res.end('put book') })
      .delete((req, res) => { res.end('delete book') })
    await request(app).get('/book').expect(200, 'get book')
    await request(app).post('/book').expect(200, 'post book')
    await request(app).put('/book').expect(200, 'put book')
    await request(app).delete('/book').expect(200, 'delete book')
    await request(app).patch('/book').expect(404)
  })

  it('supports all(), running before the method handlers registered after it', async () => {
    const app = minimal()
    app.route('/item')
      .all((req: Request, res: Response, next: NextFunction) => { res.setHeader('X-All', 'yes'); next() })
      .get((req, res) => { res.end('item') })
    await request(app).get('/item').expect('X-All', 'yes').expect(200, 'item')
  })

  it('passes path params to the handlers', async () => {
    const app = minimal()
    app.route('/users/:id').get((req, res) => { res.end(`user ${req.params.id}`) })
    await request(app).get('/users/7').expect(200, 'user 7')
  })

  it('orders routes by creation, not by when handlers are added', async () => {
    const app = minimal()
    const first = app.route('/x')
    app.get('/x', (req, res) => { res.end('second route') })
    first.get((req, res) => { res.end('first route') })
    await request(app).get('/x').expect(200, 'first route')
  })

  it('continues to the next route on next()', async () => {
    const app = minimal()
    app.route('/x').get((req, res, next) => { next() })
    app.route('/x').get((req, res) => { res.end('next route') })
    await request(app).get('/x').expect(200, 'next route')
  })
})
