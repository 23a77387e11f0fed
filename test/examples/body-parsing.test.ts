import { describe, it } from 'node:test'
import assert from 'node:assert/strict'
import zlib from 'node:zlib'
import request from 'supertest'
import app from '../../examples/body-parsing'

describe('examples/body-parsing', () => {
  it('GET / explains the routes', async () => {
    await request(app).get('/').expect(200, /POST JSON to \/json/)
  })

  it('parses JSON', async () => {
    await request(app).post('/json').send({ user: { name: 'tobi' }, tags: [1, 2] })
      .expect(200, { type: 'json', body: { user: { name: 'tobi' }, tags: [1, 2] } })
  })

  it('parses gzipped JSON', async () => {
    // serialize: supertest would otherwise JSON-encode the Buffer, as the type is JSON.
    await request(app).post('/json').type('json').set('Content-Encoding', 'gzip')
      .serialize((body: Buffer) => body as unknown as string)
      .send(zlib.gzipSync('{"zipped":true}'))
      .expect(200, { type: 'json', body: { zipped: true } })
  })

  it('parses forms with nested keys', async () => {
    await request(app).post('/form').type('form').send('user[name]=tobi&user[age]=4&tag=a&tag=b')
      .expect(200, { type: 'urlencoded', body: { user: { name: 'tobi', age: '4' }, tag: ['a', 'b'] } })
  })

  it('parses text in the charset it names', async () => {
    await request(app).post('/text').set('Content-Type', 'text/plain; charset=iso-8859-1')
      .send(Buffer.from([0x63, 0x61, 0x66, 0xe9, 0x0a, 0x6f, 0x6b]))
      .expect(200, { type: 'text', length: 7, lines: 2, body: 'café\nok' })
  })

  it('keeps raw bytes as a Buffer', async () => {
    await request(app).post('/raw').set('Content-Type', 'application/octet-stream').send(Buffer.from([0xde, 0xad, 0xbe, 0xef, 0x01]))
      .expect(200, { type: 'raw', bytes: 5, first: 'deadbeef' })
  })

  describe('bad input, answered as JSON errors', () => {
    it('malformed JSON is a 400 entity.parse.failed', async () => {
      const res = await request(app).post('/json').type('json').send('{"a": 1,').expect(400)
      assert.equal(res.body.type, 'entity.parse.failed')
    })

    it('a JSON primitive is refused by strict mode', async () => {
      const res = await request(app).post('/json').type('json').send('"just a string"').expect(400)
      assert.equal(res.body.type, 'entity.parse.failed')
    })

    it('a body over the limit is a 413', async () => {
      const res = await request(app).post('/json').send({ big: 'x'.repeat(11 * 1024) }).expect(413)
      assert.equal(res.body.type, 'entity.too.large')
    })

    it('too many form fields are a 413', async () => {
      const fields = Array.from({ length: 60 }, (_, i) => `f${i}=1`).join('&')
      const res = await request(app).post('/form').type('form').send(fields).expect(413)
      assert.equal(res.body.type, 'parameters.too.many')
    })

    it('an unknown charset or Content-Encoding is a 415', async () => {
      const charset = await request(app).post('/text').set('Content-Type', 'text/plain; charset=klingon').send('x').expect(415)
      assert.equal(charset.body.type, 'charset.unsupported')
      const encoding = await request(app).post('/json').type('json').set('Content-Encoding', 'compress').send('{}').expect(415)
      assert.equal(encoding.body.type, 'encoding.unsupported')
    })

    it('a body of the wrong type, or none, is a 415', async () => {
      await request(app).post('/json').type('form').send('a=1').expect(415, { error: 'Expected a body of type json' })
      await request(app).post('/raw').type('json').send('{}').expect(415)
      await request(app).post('/text').expect(415)
    })

    it('corrupt gzip is a 400', async () => {
      const res = await request(app).post('/json').type('json').set('Content-Encoding', 'gzip').send(Buffer.from('not gzip')).expect(400)
      assert.equal(typeof res.body.error, 'string')
    })

    it('an unknown route is a JSON 404', async () => {
      await request(app).get('/json').expect(404, { error: 'Cannot GET /json' })
    })
  })
})
