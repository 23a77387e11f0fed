import { describe, it } from 'node:test'
import request from 'supertest'
import app from '../../examples/multi-router'

describe('examples/multi-router', () => {
  it('GET / lists the mounted routers', async () => {
    await request(app).get('/').expect(200, { versions: ['/api/v1', '/api/v2'], admin: '/admin' })
  })

  it('serves two API versions from two routers', async () => {
    await request(app).get('/api/v1/authors').expect(200, ['tobi', 'loki'])
    await request(app).get('/api/v2/authors').expect(200, [
      { name: 'tobi', posts: '/api/v2/authors/tobi/posts' },
      { name: 'loki', posts: '/api/v2/authors/loki/posts' }
    ])
  })

  it('gives the nested router the parent params (mergeParams)', async () => {
    await request(app).get('/api/v2/authors/loki/posts').expect(200, [{ id: 3, author: 'loki', title: 'Tails, chased' }])
    await request(app).get('/api/v2/authors/tobi/posts/2').expect(200, { id: 2, author: 'tobi', title: 'More naps' })
  })

  it('lets the admin router in with the token', async () => {
    await request(app).get('/admin/stats').set('Authorization', 'Bearer letmein').expect(200, { authors: 2, posts: 3 })
  })

  describe('bad input', () => {
    it('the admin router refuses a missing or wrong token with a 401', async () => {
      await request(app).get('/admin/stats').expect('WWW-Authenticate', 'Bearer')
        .expect(401, { error: 'The admin API needs a bearer token' })
      await request(app).get('/admin/stats').set('Authorization', 'Bearer nope').expect(401)
    })

    it('the admin guard does not run outside /admin', async () => {
      await request(app).get('/api/v1/authors').expect(200)
    })

    it('unknown authors, posts and routes are JSON 404s', async () => {
      await request(app).get('/api/v2/authors/nobody/posts').expect(404, { error: 'No author "nobody"' })
      await request(app).get('/api/v2/authors/tobi/posts/3').expect(404, { error: 'No post 3 by tobi' })
      await request(app).get('/api/v1/authors/tobi/posts').expect(404, { error: 'Nothing at /api/v1/authors/tobi/posts' })
      await request(app).get('/api/v3/authors').expect(404)
      await request(app).post('/api/v1/authors').send({}).expect(404)
    })

    it('a malformed parameter encoding is a 400', async () => {
      await request(app).get('/api/v2/authors/%E0%A4%A/posts').expect(400)
    })
  })
})
