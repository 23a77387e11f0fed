import { describe, it } from 'node:test'
import assert from 'node:assert/strict'
import http from 'node:http'
import net from 'node:net'
import request from 'supertest'
import minimal from '../../presets/minimal'
import type { Application } from '../../kernel'
import { captureConsoleError, rawRequest } from './support'

/** Express 4's error page around an (already escaped) message. */
function page (escaped: string): string {
  return '<!DOCTYPE html>\n<html lang="en">\n<head>\n<meta charset="utf-8">\n<title>Error</title>\n</head>\n<body>\n' +
    `<pre>${escaped}</pre>\n</body>\n</html>\n`
}

/** An app in `env` whose every request fails with `err`. */
function failing (err: unknown, env = 'test'): Application {
  const app = minimal()
  app.set('env', env)
  app.use((req, res, next) => { next(err) })
  return app
}

describe('the final handler', () => {
  describe('when nothing answered', () => {
    it('replies 404 with the "Cannot METHOD /path" HTML page', async () => {
      const app = minimal()
      app.get('/', (req, res) => { res.end() })
      const res = await request(app).get('/missing?x=1')
        .expect('Content-Type', 'text/html; charset=utf-8')
        .expect(404)
      assert.equal(res.text, page('Cannot GET /missing'))
      assert.equal(res.headers['content-length'], String(Buffer.byteLength(page('Cannot GET /missing'))))
    })

    it('names the method', async () => {
      const res = await request(minimal()).post('/form').expect(404)
      assert.equal(res.text, page('Cannot POST /form'))
    })

    it('uses the original URL, not the one rewritten by mounting', async () => {
      const app = minimal()
      const sub = minimal()
      sub.get('/x', (req, res) => { res.end() })
      app.use('/sub', sub)
      const res = await request(app).get('/sub/nothing').expect(404)
      assert.equal(res.text, page('Cannot GET /sub/nothing'))
    })

    it('encodes the path and escapes it for HTML', async () => {
      const res = await rawRequest(minimal() as unknown as http.RequestListener, { path: '/a&b/<script>' })
      assert.equal(res.status, 404)
      assert.equal(res.body, page('Cannot GET /a&amp;b/%3Cscript%3E'))
    })

    it('keeps valid percent-escapes as they are', async () => {
      const res = await request(minimal()).get('/caf%C3%A9').expect(404)
      assert.equal(res.text, page('Cannot GET /caf%C3%A9'))
    })

    it('sends the security headers', async () => {
      await request(minimal()).get('/')
        .expect('Content-Security-Policy', "default-src 'none'")
        .expect('X-Content-Type-Options', 'nosniff')
        .expect(404)
    })

    it('answers HEAD without a body', async () => {
      const res = await rawRequest(minimal() as unknown as http.RequestListener, { method: 'HEAD', path: '/missing' })
      assert.equal(res.status, 404)
      assert.equal(res.body, '')
      assert.equal(res.headers['content-type'], 'text/html; charset=utf-8')
    })
  })

  describe('when an error escaped', () => {
    it('replies 500 by default', async () => {
      await request(failing(new Error('boom'))).get('/').expect(500)
    })

    it('uses err.status', async () => {
      await request(failing(Object.assign(new Error('gone'), { status: 410 }))).get('/').expect(410)
    })

    it('uses err.statusCode', async () => {
      await request(failing(Object.assign(new Error('nope'), { statusCode: 403 }))).get('/').expect(403)
    })

    it('prefers err.status over err.statusCode', async () => {
      await request(failing(Object.assign(new Error('x'), { status: 418, statusCode: 403 }))).get('/').expect(418)
    })

    it('ignores a status outside 400-599, keeping an error status already on the response', async () => {
      await request(failing(Object.assign(new Error('x'), { status: 200 }))).get('/').expect(500)
      await request(failing(Object.assign(new Error('x'), { status: 600 }))).get('/').expect(500)
      const app = minimal()
      app.set('env', 'test')
      app.use((req, res, next) => { res.statusCode = 503; next(new Error('down')) })
      await request(app).get('/').expect(503)
    })

    it('sets err.headers when the error carries a status', async () => {
      const err = Object.assign(new Error('slow down'), { status: 429, headers: { 'Retry-After': '120', 'X-Limit': '10' } })
      await request(failing(err)).get('/').expect('Retry-After', '120').expect('X-Limit', '10').expect(429)
    })

    it('ignores err.headers when the error has no status', async () => {
      const err = Object.assign(new Error('plain'), { headers: { 'X-Leak': 'yes' } })
      const res = await request(failing(err)).get('/').expect(500)
      assert.equal(res.headers['x-leak'], undefined)
    })

    it('shows the escaped stack outside production', async () => {
      const err = new Error('bad <input> & more')
      await captureConsoleError(async () => {
        const res = await request(failing(err, 'development')).get('/').expect(500)
        assert.match(res.text, /<pre>Error: bad &lt;input&gt; &amp; more<br> &nbsp; &nbsp;at /)
        assert.doesNotMatch(res.text, /<input>/)
      })
    })

    it('shows the error text when there is no stack', async () => {
      const res = await request(failing('just a string')).get('/').expect(500)
      assert.equal(res.text, page('just a string'))
    })

    it('shows only the status message in production', async () => {
      await captureConsoleError(async () => {
        const res = await request(failing(new Error('secret detail'), 'production')).get('/').expect(500)
        assert.equal(res.text, page('Internal Server Error'))
        const res404 = await request(failing(Object.assign(new Error('secret'), { status: 404 }), 'production')).get('/').expect(404)
        assert.equal(res404.text, page('Not Found'))
      })
    })

    it('shows "undefined" in production for a status without a reason phrase, as Express 4 does', async () => {
      await captureConsoleError(async () => {
        const res = await request(failing(Object.assign(new Error('secret'), { status: 599 }), 'production')).get('/').expect(599)
        assert.equal(res.text, page('undefined'))
      })
    })

    it('sends the security headers and drops content headers set before the error', async () => {
      const app = minimal()
      app.set('env', 'test')
      app.use((req, res, next) => {
        res.setHeader('Content-Encoding', 'gzip')
        res.setHeader('Content-Language', 'fr')
        res.setHeader('Content-Range', 'bytes 0-1/2')
        next(new Error('after headers were set'))
      })
      const res = await request(app).get('/')
        .expect('Content-Security-Policy', "default-src 'none'")
        .expect('X-Content-Type-Options', 'nosniff')
        .expect('Content-Type', 'text/html; charset=utf-8')
        .expect(500)
      assert.equal(res.headers['content-encoding'], undefined)
      assert.equal(res.headers['content-language'], undefined)
      assert.equal(res.headers['content-range'], undefined)
    })

    it('answers HEAD without a body', async () => {
      const res = await rawRequest(failing(new Error('head')) as unknown as http.RequestListener, { method: 'HEAD', path: '/' })
      assert.equal(res.status, 500)
      assert.equal(res.body, '')
    })

    it('logs the stack to stderr outside the test env', async () => {
      const err = new Error('log me')
      const calls = await captureConsoleError(() => request(failing(err, 'development')).get('/').expect(500))
      assert.equal(calls.length, 1)
      assert.equal(calls[0][0], err.stack)
    })

    it('does not log in the test env', async () => {
      const calls = await captureConsoleError(() => request(failing(new Error('quiet'), 'test')).get('/').expect(500))
      assert.deepEqual(calls, [])
    })

    it('does not log a 404 without error', async () => {
      const app = minimal()
      app.set('env', 'development')
      const calls = await captureConsoleError(() => request(app).get('/').expect(404))
      assert.deepEqual(calls, [])
    })

    it('destroys the socket when headers were already sent', async () => {
      const app = minimal()
      app.set('env', 'test')
      app.use((req, res, next) => {
        res.writeHead(200, { 'Content-Type': 'text/plain' })
        res.write('partial ')
        next(new Error('too late'))
      })
      const res = await rawRequest(app as unknown as http.RequestListener, { path: '/' })
      assert.equal(res.status, 200)
      assert.equal(res.complete, false, 'the client sees a cut response, not a complete one')
    })
  })
})

describe('final handler: an answer before the request body is read', () => {
  /**
   * The status line the client gets for a chunked POST that no route takes, sent as `connection`
   * asks, after `prepare` ran in a middleware; and whether it came before the body's last chunk.
   */
  function answerWhileSending (connection: string, prepare: (res: http.ServerResponse) => void): Promise<{ status: string, early: boolean }> {
    const app = minimal()
    app.use((req, res, next) => { prepare(res); next() })
    const server = http.createServer(app)
    return new Promise((resolve, reject) => {
      server.listen(0, '127.0.0.1', () => {
        const { port } = server.address() as { port: number }
        const socket = net.connect(port, '127.0.0.1')
        let ended = false
        let text = ''
        socket.setEncoding('latin1')
        socket.on('error', reject)
        socket.on('data', (data: string) => {
          if (text === '') {
            const early = !ended
            resolve({ status: data.split('\r\n')[0]!, early })
            socket.destroy()
            server.close()
          }
          text += data
        })
        socket.write(`POST /nowhere HTTP/1.1\r\nHost: x\r\nConnection: ${connection}\r\nTransfer-Encoding: chunked\r\n\r\n5\r\nhello\r\n`)
        setTimeout(() => { ended = true; socket.write('0\r\n\r\n') }, 100)
      })
    })
  }

  it('answers a request that asks to close once it is read, whatever res.shouldKeepAlive says', async () => {
    // Bun 1.x keeps res.shouldKeepAlive true for an HTTP/1.1 `Connection: close` request.
    assert.deepEqual(await answerWhileSending('close', (res) => { res.shouldKeepAlive = true }), { status: 'HTTP/1.1 404 Not Found', early: false })
  })

  it('answers a keep-alive request at once, while it is still sending', async () => {
    assert.deepEqual(await answerWhileSending('keep-alive', () => {}), { status: 'HTTP/1.1 404 Not Found', early: true })
  })
})
