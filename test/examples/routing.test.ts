import { describe, it } from 'node:test'
import assert from 'node:assert/strict'
import request from 'supertest'
import app from '../../examples/routing'

describe('examples/routing', () => {
  it('GET / links the routes', async () => {
    const res = await request(app).get('/').expect(200)
    assert.match(res.text, /href="\/users"/)
  })

  describe('the /users router', () => {
    it('lists the users with links under its mount path', async () => {
      const res = await request(app).get('/users').expect(200)
      assert.match(res.text, /<a href="\/users\/1">loki<\/a>/)
    })

    it('loads :user through the param callback', async () => {
      await request(app).get('/users/2').expect(200, /<h1>jane<\/h1><p>Role: member<\/p>/)
    })

    it('takes an optional :post', async () => {
      await request(app).get('/users/0/posts').expect(200, 'tobi: all posts')
      await request(app).get('/users/0/posts/7').expect(200, 'tobi: post 7')
    })

    it("uses next('route') to send members to the next route", async () => {
      await request(app).get('/users/0/admin').expect(200, 'tobi is an admin')
      await request(app).get('/users/1/admin').expect(403, 'loki is not an admin')
    })
  })

  it('matches a wildcard path into params[0]', async () => {
    await request(app).get('/files/docs/guide.txt').expect('Content-Type', /text\/plain/).expect(200, 'file: docs/guide.txt')
  })

  it('matches a regular-expression route with capture groups', async () => {
    await request(app).get('/commits/71dbb9c').expect(200, 'commit 71dbb9c')
    await request(app).get('/commits/71dbb9c..4c084f9').expect(200, 'commit range 71dbb9c..4c084f9')
  })

  it('chains GET and POST on /books with app.route', async () => {
    await request(app).get('/books').expect(200, ['Dune', 'Emma'])
    await request(app).post('/books').send({ title: ' Ulysses ' }).expect(201, ['Dune', 'Emma', 'Ulysses'])
  })

  describe('bad input', () => {
    it('a non-numeric :user is a 400 from the param callback', async () => {
      await request(app).get('/users/abc').expect('Content-Type', /text\/plain/).expect(400, '400: Invalid user id "abc"')
    })

    it('an unknown :user is a 404', async () => {
      await request(app).get('/users/99').expect(404, '404: User 99 not found')
    })

    it('the param callback runs for every route using :user', async () => {
      await request(app).get('/users/x/posts/1').expect(400)
      await request(app).get('/users/42/admin').expect(404)
    })

    it('an unknown route is a 404 text page', async () => {
      await request(app).get('/nowhere?x=1').expect(404, '404: No route for GET /nowhere?x=1')
      await request(app).delete('/books').expect(404)
    })

    it('a book without a title is a 400, malformed JSON a 400', async () => {
      await request(app).post('/books').send({ name: 'x' }).expect(400, '400: A book needs a "title" string')
      await request(app).post('/books').type('json').send('{"title":').expect(400, /^400: /)
      await request(app).post('/books').send({ title: 'x'.repeat(201) }).expect(400, '400: Titles are at most 200 characters')
    })

    it('a badly encoded parameter is a 400', async () => {
      await request(app).get('/users/%E0%A4%A').expect(400)
    })
  })
})
