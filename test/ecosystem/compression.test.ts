// compression on the default preset: gzip/deflate of res.send, res.json, static files and streamed writes.
import { describe, it } from 'node:test'
import assert from 'node:assert/strict'
import fs from 'node:fs'
import path from 'node:path'
import zlib from 'node:zlib'
import http from 'node:http'
import type { AddressInfo } from 'node:net'
import request from 'supertest'
import compression from 'compression'
import express = require('../../presets/default')

const BIG = 'ristretto '.repeat(500)

interface RawResponse { status: number, headers: http.IncomingHttpHeaders, body: Buffer }

/** One GET on a fresh server, body kept as the (still compressed) bytes: supertest would inflate it. */
async function getRaw (app: http.RequestListener, url: string, encoding: string): Promise<RawResponse> {
  const server = http.createServer(app)
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  try {
    return await new Promise<RawResponse>((resolve, reject) => {
      const port = (server.address() as AddressInfo).port
      http.get({ host: '127.0.0.1', port, path: url, headers: { 'accept-encoding': encoding, connection: 'close' } }, (res) => {
        const chunks: Buffer[] = []
        res.on('data', (c: Buffer) => chunks.push(c))
        res.on('end', () => resolve({ status: res.statusCode!, headers: res.headers, body: Buffer.concat(chunks) }))
      }).on('error', reject)
    })
  } finally {
    server.close()
  }
}

describe('compression', () => {
  it('gzips a large res.send body when the client accepts it', async () => {
    const app = express()
    app.use(compression())
    app.get('/', (req, res) => { res.send(BIG) })
    const r = await getRaw(app, '/', 'gzip')
    assert.equal(r.status, 200)
    assert.equal(r.headers['content-encoding'], 'gzip')
    assert.equal(r.headers.vary, 'Accept-Encoding')
    assert.equal(r.headers['content-length'], undefined)
    assert.equal(zlib.gunzipSync(r.body).toString(), BIG)
  })

  it('deflates res.json when deflate is preferred', async () => {
    const app = express()
    app.use(compression())
    const data = { list: Array.from({ length: 300 }, (_, i) => ({ i, name: 'item' + i })) }
    app.get('/', (req, res) => { res.json(data) })
    const r = await getRaw(app, '/', 'deflate')
    assert.equal(r.status, 200)
    assert.equal(r.headers['content-encoding'], 'deflate')
    assert.equal(r.headers['content-type'], 'application/json; charset=utf-8')
    assert.deepEqual(JSON.parse(zlib.inflateSync(r.body).toString()), data)
  })

  it('leaves a body under the threshold alone, with its Content-Length', async () => {
    const app = express()
    app.use(compression())
    app.get('/', (req, res) => { res.send('small') })
    const r = await request(app).get('/').set('Accept-Encoding', 'gzip').expect('Content-Length', '5').expect(200, 'small')
    assert.equal(r.headers['content-encoding'], undefined)
  })

  it('sends identity when the client accepts no compression', async () => {
    const app = express()
    app.use(compression())
    app.get('/', (req, res) => { res.send(BIG) })
    const r = await request(app).get('/').set('Accept-Encoding', 'identity').expect(200, BIG)
    assert.equal(r.headers['content-encoding'], undefined)
  })

  it('compresses files served by express.static and res.sendFile', async () => {
    const root = path.join(__dirname, '..', 'fixtures', 'ecosystem')
    const app = express()
    app.use(compression({ threshold: 0, filter: () => true }))
    app.use(express.static(root))
    app.get('/file', (req, res) => { res.sendFile(path.join(root, 'favicon.ico')) })
    const ico = fs.readFileSync(path.join(root, 'favicon.ico'))
    for (const url of ['/favicon.ico', '/file']) {
      const r = await getRaw(app, url, 'gzip')
      assert.equal(r.status, 200)
      assert.equal(r.headers['content-encoding'], 'gzip')
      assert.deepEqual(zlib.gunzipSync(r.body), ico)
    }
  })

  it('compresses a streamed response and offers res.flush', async () => {
    const app = express()
    app.use(compression({ threshold: 0 }))
    app.get('/', (req, res) => {
      res.type('text')
      res.write('part one, ')
      assert.equal(typeof res.flush, 'function')
      res.flush()
      res.end('part two')
    })
    const r = await getRaw(app, '/', 'gzip')
    assert.equal(r.status, 200)
    assert.equal(r.headers['content-encoding'], 'gzip')
    assert.equal(zlib.gunzipSync(r.body).toString(), 'part one, part two')
  })

  it('does not compress a HEAD response body nor a 304', async () => {
    const app = express()
    app.use(compression())
    app.get('/', (req, res) => { res.send(BIG) })
    const head = await request(app).head('/').set('Accept-Encoding', 'gzip').expect(200)
    assert.equal(head.text, undefined)
    const first = await request(app).get('/').expect(200)
    await request(app).get('/').set('Accept-Encoding', 'gzip').set('If-None-Match', first.headers.etag).expect(304, '')
  })
})
