// serve-favicon on the default preset: the icon from memory, with caching headers and method checks.
import { describe, it } from 'node:test'
import assert from 'node:assert/strict'
import fs from 'node:fs'
import path from 'node:path'
import request from 'supertest'
import favicon from 'serve-favicon'
import express = require('../../presets/default')

const ICON = path.join(__dirname, '..', 'fixtures', 'ecosystem', 'favicon.ico')

function appWithIcon () {
  const app = express()
  app.use(favicon(ICON))
  app.get('/', (req, res) => { res.send('Hello World!') })
  return app
}

/** supertest parser keeping the body as bytes. */
function bytes (res: any, cb: (err: Error | null, body: Buffer) => void) {
  const chunks: Buffer[] = []
  res.on('data', (c: Buffer) => chunks.push(c))
  res.on('end', () => cb(null, Buffer.concat(chunks)))
}

describe('serve-favicon', () => {
  it('serves /favicon.ico with its type, length and caching headers', async () => {
    const r = await request(appWithIcon()).get('/favicon.ico').buffer(true).parse(bytes)
      .expect('Content-Type', 'image/x-icon')
      .expect('Content-Length', String(fs.statSync(ICON).size))
      .expect('Cache-Control', 'public, max-age=31536000')
      .expect(200)
    assert.deepEqual(r.body, fs.readFileSync(ICON))
    assert.ok(r.headers.etag)
  })

  it('answers 304 to a matching If-None-Match', async () => {
    const app = appWithIcon()
    const first = await request(app).get('/favicon.ico').expect(200)
    await request(app).get('/favicon.ico').set('If-None-Match', first.headers.etag).expect(304)
  })

  it('lets other paths through to the routes', async () => {
    await request(appWithIcon()).get('/').expect(200, 'Hello World!')
  })

  it('answers OPTIONS with Allow and rejects other methods with 405', async () => {
    const app = appWithIcon()
    await request(app).options('/favicon.ico').expect('Allow', 'GET, HEAD, OPTIONS').expect(200)
    await request(app).post('/favicon.ico').expect('Allow', 'GET, HEAD, OPTIONS').expect(405)
  })

  it('serves the icon under a mount path too', async () => {
    const app = express()
    app.use('/static', favicon(ICON))
    await request(app).get('/static/favicon.ico').expect('Content-Type', 'image/x-icon').expect(200)
  })
})
