import { describe, it, after } from 'node:test'
import assert from 'node:assert/strict'
import request from 'supertest'
import app from '../../examples/error-pages'

describe('examples/error-pages', () => {
  it('GET / links the failing pages', async () => {
    await request(app).get('/').expect(200, /<a href="\/500">/)
  })

  describe('the 404 page', () => {
    it('is an HTML view naming the URL, escaped', async () => {
      const res = await request(app).get('/missing?q=<b>').expect('Content-Type', /text\/html/).expect(404)
      assert.match(res.text, /<h1>404: nothing at \/missing\?q=%3Cb%3E<\/h1>/)
    })

    it('is JSON or text by Accept', async () => {
      await request(app).get('/missing').set('Accept', 'application/json').expect(404, { error: 'Not found' })
      await request(app).get('/missing').set('Accept', 'image/png').expect('Content-Type', /text\/plain/).expect(404, 'Not found')
    })

    it('answers every method', async () => {
      await request(app).delete('/').expect(404)
      await request(app).post('/missing').send({ a: 1 }).expect(404)
    })
  })

  describe('the error page', () => {
    it('keeps the status of an error that has one', async () => {
      const res = await request(app).get('/403').expect(403)
      assert.match(res.text, /<h1>Error 403<\/h1>/)
      assert.match(res.text, /You may not see this page/)
    })

    it('hides the message and stack of a 500 unless verbose', async () => {
      const res = await request(app).get('/500').expect(500)
      assert.match(res.text, /<p>Internal Server Error<\/p>/)
      assert.doesNotMatch(res.text, /Something broke|<pre>/)
    })

    it('catches a rejected promise', async () => {
      await request(app).get('/async').set('Accept', 'application/json').expect(500, { error: 'Internal Server Error', status: 500 })
    })

    describe('with verbose errors', () => {
      after(() => { app.disable('verbose errors') })

      it('shows the message and the stack', async () => {
        app.enable('verbose errors')
        const res = await request(app).get('/500').expect(500)
        assert.match(res.text, /<p>Something broke in a handler<\/p>/)
        assert.match(res.text, /<pre>Error: Something broke in a handler\n\s+at /)
      })
    })
  })

  describe('bad input', () => {
    it('a malformed URL encoding is an error page, not a crash', async () => {
      await request(app).get('/%E0%A4%A').expect(404)
    })

    it('a garbled Accept header still gets an answer', async () => {
      const res = await request(app).get('/500').set('Accept', ',,;q=;/')
      assert.equal(res.status, 500)
    })
  })
})
