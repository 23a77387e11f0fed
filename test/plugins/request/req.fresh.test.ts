import { describe, it } from 'node:test'
import assert from 'node:assert/strict'
import http from 'node:http'
import type { AddressInfo } from 'node:net'
import request from 'supertest'
import framework from '../../../presets/default'
import type { Application } from '../../../kernel'

/** An app answering `req.fresh` as text, after setting the response headers and status the request asks for. */
function freshApp (): Application {
  const app = framework()
  app.use((req, res) => {
    const etag = req.get('X-Test-ETag')
    const modified = req.get('X-Test-Modified')
    const status = req.get('X-Test-Status')
    if (etag) res.setHeader('ETag', etag)
    if (modified) res.setHeader('Last-Modified', modified)
    if (status) res.statusCode = Number(status)
    res.setHeader('X-Fresh', String(req.fresh))
    res.end()
  })
  return app
}

describe('req.fresh', () => {
  it('is true when If-None-Match matches the response ETag', async () => {
    await request(freshApp()).get('/').set('If-None-Match', '"abc"').set('X-Test-ETag', '"abc"').expect('X-Fresh', 'true')
  })

  it('is false when the ETag differs', async () => {
    await request(freshApp()).get('/').set('If-None-Match', '"abc"').set('X-Test-ETag', '"xyz"').expect('X-Fresh', 'false')
  })

  it('is false without validators on the response', async () => {
    await request(freshApp()).get('/').set('If-None-Match', '"abc"').expect('X-Fresh', 'false')
  })

  it('compares If-Modified-Since with Last-Modified', async () => {
    const app = freshApp()
    await request(app).get('/').set('If-Modified-Since', 'Sat, 01 Jan 2000 00:00:00 GMT')
      .set('X-Test-Modified', 'Fri, 31 Dec 1999 00:00:00 GMT').expect('X-Fresh', 'true')
    await request(app).get('/').set('If-Modified-Since', 'Sat, 01 Jan 2000 00:00:00 GMT')
      .set('X-Test-Modified', 'Sun, 02 Jan 2000 00:00:00 GMT').expect('X-Fresh', 'false')
  })

  it('is false when the client sends Cache-Control: no-cache', async () => {
    await request(freshApp()).get('/').set('If-None-Match', '"abc"').set('X-Test-ETag', '"abc"')
      .set('Cache-Control', 'no-cache').expect('X-Fresh', 'false')
  })

  it('holds for 2xx and 304 only', async () => {
    const app = freshApp()
    for (const [status, expected] of [[200, 'true'], [299, 'true'], [304, 'true'], [301, 'false'], [404, 'false']] as const) {
      await request(app).get('/').set('If-None-Match', '"a"').set('X-Test-ETag', '"a"').set('X-Test-Status', String(status))
        .expect(status).expect('X-Fresh', expected)
    }
  })

  it('holds for GET, HEAD and QUERY only', async () => {
    const app = freshApp()
    const server = http.createServer(app).listen(0)
    try {
      const { port } = server.address() as AddressInfo
      const answers: Record<string, string | undefined> = {}
      for (const method of ['GET', 'HEAD', 'QUERY', 'POST', 'PUT', 'DELETE', 'OPTIONS']) {
        answers[method] = await new Promise((resolve, reject) => {
          const r = http.request({ port, method, headers: { 'If-None-Match': '"a"', 'X-Test-ETag': '"a"' } }, (res) => {
            res.resume()
            res.on('end', () => resolve(res.headers['x-fresh'] as string | undefined))
          })
          r.on('error', reject)
          r.end()
        })
      }
      assert.deepEqual(answers, { GET: 'true', HEAD: 'true', QUERY: 'true', POST: 'false', PUT: 'false', DELETE: 'false', OPTIONS: 'false' })
    } finally {
      server.close()
    }
  })
})
