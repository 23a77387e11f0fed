import { describe, it } from 'node:test'
import assert from 'node:assert/strict'
import request from 'supertest'
import app from '../../examples/trimmed-build'
import full from '../../presets/default'

describe('examples/trimmed-build', () => {
  it('is built from the chosen plugins only', async () => {
    await request(app).get('/').expect(200, { plugins: ['fetch', 'query', 'request', 'response', 'body-json'], keys: '/keys' })
  })

  it('has the helpers of its plugins and none of the others', () => {
    const res = app.response as unknown as Record<string, unknown>
    assert.equal(typeof res.json, 'function')
    assert.equal(typeof res.render, 'undefined')
    assert.equal(typeof res.sendFile, 'undefined')
    assert.equal(typeof (full.response as unknown as Record<string, unknown>).render, 'function')
    // Settings come with their plugins: no views plugin, no `views` default.
    assert.equal(app.get('views'), undefined)
    assert.equal(typeof full().get('views'), 'string')
    assert.equal(app.get('etag'), 'weak')
  })

  it('stores, reads, lists and deletes keys', async () => {
    await request(app).put('/keys/color').send({ value: 'teal' }).expect(201, { key: 'color', value: 'teal' })
    await request(app).put('/keys/color').send({ value: ['teal', 'red'] }).expect(200, { key: 'color', value: ['teal', 'red'] })
    await request(app).get('/keys/color').expect(200, { key: 'color', value: ['teal', 'red'] })
    await request(app).get('/keys?prefix=col').expect(200, ['color'])
    await request(app).delete('/keys/color').expect(204)
    await request(app).get('/keys/color').expect(404, { error: 'No key "color"' })
  })

  describe('bad input, answered as JSON', () => {
    it('malformed JSON is a 400', async () => {
      const res = await request(app).put('/keys/a').type('json').send('{"value":').expect(400)
      assert.equal(typeof res.body.error, 'string')
    })

    it('a body without a value, or not JSON, is a 400', async () => {
      await request(app).put('/keys/a').send({ other: 1 }).expect(400, { error: 'Send a JSON object with a "value"' })
      await request(app).put('/keys/a').type('form').send('value=1').expect(400)
      await request(app).put('/keys/a').type('json').send('null').expect(400)
    })

    it('a body over 4kb is a 413', async () => {
      await request(app).put('/keys/a').send({ value: 'x'.repeat(5000) }).expect(413)
    })

    it('a bad key is a 400', async () => {
      await request(app).get('/keys/' + 'k'.repeat(65)).expect(400)
      await request(app).get('/keys/a%20b').expect(400)
      await request(app).get('/keys/%E0%A4%A').expect(400)
    })

    it('an unknown route is a JSON 404', async () => {
      await request(app).get('/nope').expect(404, { error: 'Cannot GET /nope' })
      await request(app).delete('/keys/never-set').expect(404)
    })
  })
})
