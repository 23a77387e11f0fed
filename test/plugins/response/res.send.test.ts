import { describe, it } from 'node:test'
import assert from 'node:assert/strict'
import request from 'supertest'
import etag from 'etag'
import framework from '../../../presets/default'
import { expectWarnings } from '../../support/expected-warnings'

function sending (fn: (req: any, res: any) => void) {
  const app = framework()
  app.use((req, res) => { fn(req, res) })
  return app
}

describe('res.send()', () => {
  it('sends an empty body without Content-Type', async () => {
    const r = await request(sending((req, res) => res.send())).get('/').expect(200, '')
    assert.equal(r.headers['content-type'], undefined)
  })

  it('sends an empty body for null', async () => {
    await request(sending((req, res) => res.send(null))).get('/').expect('Content-Length', '0').expect(200, '')
  })
})

describe('res.send(string)', () => {
  it('sends HTML in UTF-8 with its byte length', async () => {
    await request(sending((req, res) => res.send('<i>é</i>'))).get('/')
      .expect('Content-Type', 'text/html; charset=utf-8')
      .expect('Content-Length', '9')
      .expect(200, '<i>é</i>')
  })

  it('keeps a type already set, forcing its charset to utf-8', async () => {
    await request(sending((req, res) => res.type('text/csv; charset=latin1').send('a,b'))).get('/')
      .expect('Content-Type', 'text/csv; charset=utf-8').expect(200, 'a,b')
  })

  it('is chainable', async () => {
    await request(sending((req, res) => { assert.equal(res.send('x'), res) })).get('/').expect(200, 'x')
  })
})

describe('res.send(Buffer)', () => {
  it('sends application/octet-stream unless a type is set, charset untouched', async () => {
    const r = await request(sending((req, res) => res.send(Buffer.from([1, 2, 3])))).get('/')
      .expect('Content-Type', 'application/octet-stream').expect('Content-Length', '3').expect(200)
    assert.deepEqual([...r.body], [1, 2, 3])
    await request(sending((req, res) => res.type('text/plain; charset=latin1').send(Buffer.from('ok')))).get('/')
      .expect('Content-Type', 'text/plain; charset=latin1').expect(200, 'ok')
  })
})

describe('res.send(object)', () => {
  it('sends objects, arrays and booleans as JSON', async () => {
    await request(sending((req, res) => res.send({ a: 1 }))).get('/')
      .expect('Content-Type', 'application/json; charset=utf-8').expect(200, '{"a":1}')
    await request(sending((req, res) => res.send([true]))).get('/').expect(200, '[true]')
    await request(sending((req, res) => res.send(false))).get('/')
      .expect('Content-Type', 'application/json; charset=utf-8').expect(200, 'false')
  })
})

describe('res.send(status) (deprecated)', () => {
  expectWarnings(['ristretto deprecated res.send(status): Use res.sendStatus(status) instead'])

  it('sets the status and sends its message as text', async () => {
    await request(sending((req, res) => res.send(410))).get('/')
      .expect('Content-Type', 'text/plain; charset=utf-8').expect(410, 'Gone')
  })
})

describe('res.send(status, body) and res.send(body, status) (deprecated)', () => {
  expectWarnings([
    'ristretto deprecated res.send(status, body): Use res.status(status).send(body) instead',
    'ristretto deprecated res.send(body, status): Use res.status(status).send(body) instead'
  ])

  it('sets the status and sends the body', async () => {
    await request(sending((req, res) => res.send(201, 'made'))).get('/').expect(201, 'made')
    await request(sending((req, res) => res.send('made', 202))).get('/').expect(202, 'made')
    await request(sending((req, res) => res.send(200, 7))).get('/')
      .expect('Content-Type', 'application/json; charset=utf-8').expect(200, '7')
  })
})

describe('res.send(body) and HTTP semantics', () => {
  it('sends headers only to HEAD', async () => {
    const r = await request(sending((req, res) => res.send('hello'))).head('/')
      .expect('Content-Length', '5').expect(200)
    assert.ok(!r.text)
  })

  it('strips body and body headers for 204 and 304', async () => {
    for (const code of [204, 304]) {
      const r = await request(sending((req, res) => res.status(code).set('Transfer-Encoding', 'chunked').send('gone')))
        .get('/').expect(code)
      assert.equal(r.headers['content-type'], undefined)
      assert.equal(r.headers['content-length'], undefined)
      assert.equal(r.headers['transfer-encoding'], undefined)
      assert.ok(!r.text)
    }
  })

  it('sends an empty body with Content-Length 0 for 205', async () => {
    const r = await request(sending((req, res) => res.status(205).send('reset'))).get('/')
      .expect('Content-Length', '0').expect(205)
    assert.ok(!r.text)
  })

  it('answers 304 when the client copy is fresh', async () => {
    const app = sending((req, res) => res.send('cached body'))
    const first = await request(app).get('/').expect(200)
    const tag = String(first.headers.etag)
    await request(app).get('/').set('If-None-Match', tag).expect(304, '')
  })

  it('does not answer 304 for an error status', async () => {
    const app = sending((req, res) => res.status(500).send('oops'))
    const first = await request(app).get('/').expect(500)
    await request(app).get('/').set('If-None-Match', String(first.headers.etag)).expect(500, 'oops')
  })

  it('tags a long non-ASCII string by its UTF-8 bytes, as etag does with the Buffer Express makes', async () => {
    const body = 'caf\u00e9 \u2603 \ud83d\ude00 '.repeat(120)
    const r = await request(sending((req, res) => res.send(body))).get('/').expect(200, body)
    assert.equal(r.headers.etag, etag(Buffer.from(body, 'utf8'), { weak: true }))
    assert.equal(r.headers['content-length'], String(Buffer.byteLength(body)))
  })
})
