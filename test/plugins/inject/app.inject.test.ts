import { describe, it } from 'node:test'
import assert from 'node:assert/strict'
import net from 'node:net'
import { PassThrough, Readable } from 'node:stream'
import modern from '../../../presets/modern'
import { inject } from '../../../plugins/inject'
import type { Request, Response } from '../../../kernel'

/** An app answering with what it received: method, url, headers, body bytes (base64), protocol and ip. */
function echoApp () {
  const app = modern()
  app.all('*', (req: Request, res: Response) => {
    const chunks: Buffer[] = []
    req.on('data', (c: Buffer) => chunks.push(c))
    req.on('end', () => {
      res.json({
        method: req.method,
        url: req.url,
        httpVersion: req.httpVersion,
        headers: req.headers,
        rawHeaders: req.rawHeaders,
        body: Buffer.concat(chunks).toString('base64'),
        protocol: req.protocol,
        ip: req.ip,
        hostname: req.hostname
      })
    })
  })
  return app
}

interface Echo {
  method: string
  url: string
  httpVersion: string
  headers: Record<string, string | string[]>
  rawHeaders: string[]
  body: string
  protocol: string
  ip: string
  hostname: string
}

const echo = async (req: Parameters<typeof inject>[1]) => (await echoApp().inject(req)).json<Echo>()
const bodyOf = (e: Echo) => Buffer.from(e.body, 'base64').toString('utf8')

describe('app.inject(request)', { timeout: 20_000 }, () => {
  describe('the request', () => {
    it('is GET / with Host localhost over HTTP/1.1 by default, from 127.0.0.1', async () => {
      const e = await echo({})
      assert.equal(e.method, 'GET')
      assert.equal(e.url, '/')
      assert.equal(e.httpVersion, '1.1')
      assert.equal(e.headers.host, 'localhost')
      assert.equal(e.hostname, 'localhost')
      assert.equal(e.protocol, 'http')
      assert.equal(e.ip, '127.0.0.1')
      assert.equal(e.headers['content-length'], undefined)
    })

    it('takes a string as the URL of a GET', async () => {
      const e = await echo('/search?q=a%20b')
      assert.equal(e.method, 'GET')
      assert.equal(e.url, '/search?q=a%20b')
    })

    it('sends the method (any case), URL and headers as given, header case kept in rawHeaders', async () => {
      const e = await echo({ method: 'patch', url: '/a/b?c=d', headers: { 'X-Custom': 'yes', Accept: 'text/plain', 'X-Num': 42 } })
      assert.equal(e.method, 'PATCH')
      assert.equal(e.url, '/a/b?c=d')
      assert.equal(e.headers['x-custom'], 'yes')
      assert.equal(e.headers['x-num'], '42')
      assert.ok(e.rawHeaders.includes('X-Custom'))
    })

    it('combines repeated headers as node does', async () => {
      const e = await echo({ headers: { cookie: ['a=1', 'b=2'], 'x-list': ['one', 'two'] } })
      assert.equal(e.headers.cookie, 'a=1; b=2')
      assert.equal(e.headers['x-list'], 'one, two')
    })

    it('takes Host and the scheme from an absolute URL', async () => {
      const e = await echo({ url: 'https://example.com:8443/secure?x=1' })
      assert.equal(e.url, '/secure?x=1')
      assert.equal(e.headers.host, 'example.com:8443')
      assert.equal(e.hostname, 'example.com')
      assert.equal(e.protocol, 'https')
    })

    it('uses remoteAddress for the client address', async () => {
      assert.equal((await echo({ remoteAddress: '10.1.2.3' })).ip, '10.1.2.3')
    })

    it('needs no socket of the operating system and no port', async () => {
      const original = net.Server.prototype.listen
      let listens = 0
      net.Server.prototype.listen = function (this: net.Server, ...args: unknown[]) {
        listens++
        return (original as (...a: unknown[]) => net.Server).apply(this, args)
      } as typeof original
      try {
        const app = modern()
        app.get('/', (req, res) => { res.send(req.socket instanceof net.Socket ? 'net socket' : 'in memory') })
        assert.equal((await app.inject('/')).text, 'in memory')
      } finally {
        net.Server.prototype.listen = original
      }
      assert.equal(listens, 0)
    })
  })

  describe('the body', () => {
    it('sends a string as UTF-8 with its Content-Length', async () => {
      const e = await echo({ method: 'POST', body: 'héllo' })
      assert.equal(bodyOf(e), 'héllo')
      assert.equal(e.headers['content-length'], '6')
      assert.equal(e.headers['content-type'], undefined)
    })

    it('sends a Buffer or Uint8Array byte for byte', async () => {
      const bytes = Buffer.from([0, 255, 10, 13, 128])
      assert.equal((await echo({ method: 'PUT', body: bytes })).body, bytes.toString('base64'))
      const view = new Uint8Array([1, 2, 3, 4, 5]).subarray(1, 4)
      const e = await echo({ method: 'PUT', body: view })
      assert.deepEqual([...Buffer.from(e.body, 'base64')], [2, 3, 4])
      assert.equal(e.headers['content-length'], '3')
    })

    it('sends an object as JSON, with a JSON Content-Type unless one is given', async () => {
      const e = await echo({ method: 'POST', body: { a: [1, 2], b: 'x' } })
      assert.equal(bodyOf(e), '{"a":[1,2],"b":"x"}')
      assert.equal(e.headers['content-type'], 'application/json')
      const f = await echo({ method: 'POST', headers: { 'Content-Type': 'application/vnd.api+json' }, body: { a: 1 } })
      assert.equal(f.headers['content-type'], 'application/vnd.api+json')
    })

    it('streams a readable stream, chunked unless a Content-Length is given', async () => {
      const e = await echo({ method: 'POST', body: Readable.from([Buffer.from('one,'), 'two,', Buffer.from('three')]) })
      assert.equal(bodyOf(e), 'one,two,three')
      assert.equal(e.headers['transfer-encoding'], 'chunked')
      const f = await echo({ method: 'POST', headers: { 'content-length': '3' }, body: Readable.from(['abc']) })
      assert.equal(f.headers['content-length'], '3')
      assert.equal(f.headers['transfer-encoding'], undefined)
    })

    it('waits for a slow stream, honouring backpressure', async () => {
      const source = new PassThrough()
      const pending = echo({ method: 'POST', body: source })
      const big = Buffer.alloc(256 * 1024, 'x')
      source.write(big)
      setTimeout(() => { source.end('!') }, 20)
      const e = await pending
      assert.equal(Buffer.from(e.body, 'base64').length, big.length + 1)
    })

    it('sends Content-Length: 0 for a POST without body, as node\'s client does', async () => {
      assert.equal((await echo({ method: 'POST' })).headers['content-length'], '0')
      assert.equal((await echo({ method: 'DELETE' })).headers['content-length'], undefined)
    })
  })

  describe('the response', () => {
    it('has status, statusMessage, headers, rawHeaders, body as a Buffer, text and json()', async () => {
      const app = modern()
      app.get('/', (req, res) => {
        res.status(201).set('X-Thing', 'value').cookie('a', '1').cookie('b', '2').json({ ok: true })
      })
      const res = await app.inject('/')
      assert.equal(res.status, 201)
      assert.equal(res.statusCode, 201)
      assert.equal(res.statusMessage, 'Created')
      assert.equal(res.headers['x-thing'], 'value')
      assert.equal(res.headers['content-type'], 'application/json; charset=utf-8')
      assert.equal(res.headers['content-length'], '11')
      assert.deepEqual(res.headers['set-cookie'], ['a=1; Path=/', 'b=2; Path=/'])
      assert.ok(res.rawHeaders.includes('X-Thing'))
      assert.ok(Buffer.isBuffer(res.body))
      assert.equal(res.text, '{"ok":true}')
      assert.deepEqual(res.json(), { ok: true })
    })

    it('keeps binary bodies intact and json() throws on non-JSON', async () => {
      const bytes = Buffer.from([0xde, 0xad, 0xbe, 0xef, 0x00, 0xff])
      const app = modern()
      app.get('/', (req, res) => { res.type('bin').send(bytes) })
      const res = await app.inject('/')
      assert.deepEqual(res.body, bytes)
      assert.throws(() => res.json(), SyntaxError)
    })

    it('removes chunked transfer-coding and reads trailers', async () => {
      const app = modern()
      app.get('/', (req, res) => {
        res.setHeader('Trailer', 'X-Checksum')
        res.write('first ')
        setTimeout(() => {
          res.write('second')
          res.addTrailers({ 'X-Checksum': 'abc' })
          res.end()
        }, 5)
      })
      const res = await app.inject('/')
      assert.equal(res.headers['transfer-encoding'], 'chunked')
      assert.equal(res.text, 'first second')
      assert.deepEqual(res.trailers, { 'x-checksum': 'abc' })
    })

    it('has no body for HEAD, with the headers of GET', async () => {
      const app = modern()
      app.get('/', (req, res) => { res.send('a body') })
      const res = await app.inject({ method: 'HEAD', url: '/' })
      assert.equal(res.status, 200)
      assert.equal(res.headers['content-length'], '6')
      assert.equal(res.body.length, 0)
    })

    it('skips interim 1xx responses', async () => {
      const app = modern()
      app.get('/', (req, res) => {
        res.writeContinue()
        res.send('final')
      })
      const res = await app.inject('/')
      assert.equal(res.status, 200)
      assert.equal(res.text, 'final')
    })

    it('says Connection: close when the request asked for it', async () => {
      const app = modern()
      app.get('/', (req, res) => { res.send('x') })
      assert.equal((await app.inject({ headers: { connection: 'close' } })).headers.connection, 'close')
      assert.equal((await app.inject('/')).headers.connection, 'keep-alive')
    })

    it('resolves after the response closed, and the unread request body was drained', async () => {
      const app = modern()
      let closed = false
      let ended = false
      app.post('/', (req, res) => {
        res.on('close', () => { closed = true })
        req.on('end', () => { ended = true })
        res.send('not reading the body')
      })
      await app.inject({ method: 'POST', body: 'unread' })
      assert.equal(closed, true)
      assert.equal(ended, true)
    })
  })

  describe('failures', () => {
    it('rejects an unknown method, a target with spaces or controls, and invalid headers', async () => {
      const app = modern()
      await assert.rejects(app.inject({ method: 'BREW' }), TypeError)
      await assert.rejects(app.inject({ url: '/a b' }), TypeError)
      await assert.rejects(app.inject({ url: '/a\r\nX: y' }), TypeError)
      await assert.rejects(app.inject({ headers: { 'x-bad': 'a\nb' } }), TypeError)
      await assert.rejects(app.inject({ headers: { 'bad name': 'x' } }), TypeError)
    })

    it('rejects with ECONNRESET when the app destroys the connection', async () => {
      const app = modern()
      app.get('/', (req) => { req.socket.destroy() })
      await assert.rejects(app.inject('/'), { code: 'ECONNRESET', message: 'socket hang up' })
    })

    it('rejects with the error of a failing body stream', async () => {
      const app = modern()
      app.post('/', modern.text(), (req, res) => { res.send('never') })
      const source = new PassThrough()
      const pending = app.inject({ method: 'POST', headers: { 'content-type': 'text/plain' }, body: source })
      source.write('partial')
      setTimeout(() => { source.destroy(new Error('client went away')) }, 5)
      await assert.rejects(pending, /client went away/)
    })

    it('rejects when a plain listener throws', async () => {
      await assert.rejects(inject(() => { throw new Error('listener threw') }, '/'), /listener threw/)
    })
  })

  describe('inject(listener, request)', () => {
    it('works with any request listener', async () => {
      const res = await inject((req, res) => {
        res.setHeader('content-type', 'text/plain')
        res.end(`${req.method} ${req.url}`)
      }, { method: 'OPTIONS', url: '/any' })
      assert.equal(res.text, 'OPTIONS /any')
      assert.equal(res.headers['content-type'], 'text/plain')
    })
  })

  describe('with mounted sub-apps', () => {
    it('routes through the parent and on a sub-app alone', async () => {
      const app = modern()
      const sub = modern()
      sub.get('/hello', (req, res) => { res.send(`${req.baseUrl} ${req.originalUrl} ${req.url}`) })
      app.use('/sub', sub)
      assert.equal((await app.inject('/sub/hello?x=1')).text, '/sub /sub/hello?x=1 /hello?x=1')
      assert.equal((await sub.inject('/hello')).text, ' /hello /hello')
      assert.equal((await app.inject('/hello')).status, 404)
    })
  })
})
