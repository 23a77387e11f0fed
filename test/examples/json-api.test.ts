import { describe, it } from 'node:test'
import assert from 'node:assert/strict'
import request from 'supertest'
import app from '../../examples/json-api'

const KEY = { 'X-Api-Key': 'foo' }

describe('examples/json-api', () => {
  it('GET / describes the API', async () => {
    const res = await request(app).get('/').expect('Content-Type', /application\/json/).expect(200)
    assert.ok(Array.isArray(res.body.endpoints))
  })

  it('lists, creates, reads, updates and deletes todos', async () => {
    const list = await request(app).get('/api/todos').set(KEY).expect(200)
    assert.ok(list.body.length >= 2)

    const created = await request(app).post('/api/todos').set(KEY).send({ title: '  Ship it ' }).expect(201)
    assert.equal(created.body.title, 'Ship it')
    assert.equal(created.body.done, false)
    assert.equal(created.headers.location, `/api/todos/${created.body.id}`)

    await request(app).get(`/api/todos/${created.body.id}`).query({ 'api-key': 'bar' }).expect(200, created.body)
    await request(app).patch(`/api/todos/${created.body.id}`).set(KEY).send({ done: true })
      .expect(200, { ...created.body, done: true })
    const done = await request(app).get('/api/todos?done=true').set(KEY).expect(200)
    assert.ok(done.body.some((t: { id: number }) => t.id === created.body.id))
    await request(app).delete(`/api/todos/${created.body.id}`).set(KEY).expect(204)
    await request(app).get(`/api/todos/${created.body.id}`).set(KEY).expect(404)
  })

  describe('bad input, answered as JSON errors', () => {
    it('no API key is a 401, an unknown one too', async () => {
      await request(app).get('/api/todos').expect('Content-Type', /json/)
        .expect(401, { error: { status: 401, message: 'An API key is required' } })
      await request(app).get('/api/todos').set('X-Api-Key', 'nope')
        .expect(401, { error: { status: 401, message: 'Invalid API key' } })
      await request(app).get('/api/todos?api-key[]=foo').expect(401)
    })

    it('an unknown route is a JSON 404', async () => {
      await request(app).get('/nope').expect('Content-Type', /json/)
        .expect(404, { error: { status: 404, message: 'Cannot GET /nope' } })
    })

    it('an unknown or malformed id is a 404', async () => {
      await request(app).get('/api/todos/9999').set(KEY).expect(404, { error: { status: 404, message: 'No todo with id "9999"' } })
      await request(app).delete('/api/todos/-1').set(KEY).expect(404)
    })

    it('malformed JSON is a 400', async () => {
      const res = await request(app).post('/api/todos').set(KEY).type('json').send('{"title": "x"').expect(400)
      assert.equal(res.body.error.status, 400)
      assert.equal(typeof res.body.error.message, 'string')
    })

    it('a body that is not JSON is a 415', async () => {
      await request(app).post('/api/todos').set(KEY).type('form').send('title=x')
        .expect(415, { error: { status: 415, message: 'Send a JSON body (Content-Type: application/json)' } })
    })

    it('a body that is too large is a 413', async () => {
      const res = await request(app).post('/api/todos').set(KEY).send({ title: 'x'.repeat(20 * 1024) }).expect(413)
      assert.equal(res.body.error.status, 413)
    })

    it('invalid fields are a 422, a non-object body a 400', async () => {
      await request(app).post('/api/todos').set(KEY).send({ title: 42 })
        .expect(422, { error: { status: 422, message: '"title" must be a non-empty string' } })
      await request(app).post('/api/todos').set(KEY).send({ title: 'ok', done: 'yes' }).expect(422)
      await request(app).patch('/api/todos/2').set(KEY).send({ title: 'x'.repeat(201) }).expect(422)
      await request(app).post('/api/todos').set(KEY).send([1, 2]).expect(400)
      await request(app).post('/api/todos').set(KEY).type('json').send('null').expect(400)
    })

    it('an unsupported Content-Encoding is a 415', async () => {
      await request(app).post('/api/todos').set(KEY).type('json').set('Content-Encoding', 'nope').send('{}').expect(415)
    })
  })
})
