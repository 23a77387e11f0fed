import { describe, it } from 'node:test'
import assert from 'node:assert/strict'
import http from 'node:http'
import net from 'node:net'
import { setTimeout } from 'node:timers/promises'
import parser from '../../../plugins/parser'
import { standaloneServer, post, gzip, abortedRequest } from '../body-reader/support'

/** What a parser saw when it called `next`, and the status line the client got. */
interface EarlyError { status: number, completeAtNext: boolean, statusLine: string }

/**
 * Sends a chunked, gzip-encoded text body whose inflated size is over the parser's 1000-byte limit,
 * with the request head lines `headLines`, and holds back the body's last chunk until the parser
 * has called `next` or 100 ms have passed. `prepare` runs on each request before the parser.
 */
function overLimitWhileSending (headLines: string, prepare: (req: http.IncomingMessage, res: http.ServerResponse) => void): Promise<EarlyError> {
  return new Promise((resolve, reject) => {
    let calledNext: () => void = () => {}
    const nextCalled = new Promise<void>((resolve) => { calledNext = resolve })
    let seen: { status: number, completeAtNext: boolean } | undefined
    const textParser = parser.text({ limit: 1000 })
    const server = http.createServer(function handle (req, res) {
      prepare(req, res)
      textParser(req, res, function done (err?: any) {
        seen = { status: err ? err.status : 200, completeAtNext: req.complete }
        calledNext()
        res.statusCode = seen.status
        res.end()
      })
    })
    server.listen(0, function connect () {
      const { port } = server.address() as net.AddressInfo
      const body = gzip('z'.repeat(5000))
      const socket = net.connect(port, '127.0.0.1', function send () {
        socket.write('POST / HTTP/1.1\r\nHost: x\r\nContent-Type: text/plain\r\nContent-Encoding: gzip\r\n' +
          'Transfer-Encoding: chunked\r\n' + headLines + '\r\n')
        socket.write(body.length.toString(16) + '\r\n')
        socket.write(body)
        socket.write('\r\n')
        Promise.race([nextCalled, setTimeout(100)]).then(function endBody () { socket.write('0\r\n\r\n') })
      })
      let received = ''
      socket.setEncoding('latin1')
      socket.on('data', function answer (data: string) {
        received += data
        const end = received.indexOf('\r\n')
        if (end === -1 || !seen) return
        socket.destroy()
        server.close()
        resolve({ ...seen, statusLine: received.slice(0, end) })
      })
      socket.on('error', reject)
    })
  })
}

// One test per row of the spec's "Body parser errors" table, through the standalone parsers.
describe('body parser errors', () => {
  it('415 encoding.unsupported when a Content-Encoding is sent and inflate is false, with encoding only', async () => {
    const res = await post(standaloneServer(parser.json({ inflate: false })),
      { 'Content-Type': 'application/json', 'Content-Encoding': 'gzip' }, gzip('{}')).expect(415)
    assert.deepEqual(res.body.error, {
      status: 415, statusCode: 415, expose: true, type: 'encoding.unsupported',
      message: 'content encoding unsupported', encoding: 'gzip', isError: true
    })
  })

  it('415 encoding.unsupported for an unknown Content-Encoding, with encoding', async () => {
    const res = await post(standaloneServer(parser.text()),
      { 'Content-Type': 'text/plain', 'Content-Encoding': 'Compress' }, 'abc').expect(415)
    assert.deepEqual(res.body.error, {
      status: 415, statusCode: 415, expose: true, type: 'encoding.unsupported',
      message: 'unsupported content encoding "compress"', encoding: 'compress', isError: true
    })
  })

  it('400 entity.parse.failed when the entity cannot be parsed, with body', async () => {
    const res = await post(standaloneServer(parser.json()), { 'Content-Type': 'application/json' }, '{"a":').expect(400)
    assert.equal(res.body.error.type, 'entity.parse.failed')
    assert.equal(res.body.error.expose, true)
    assert.equal(res.body.error.body, '{"a":')
    assert.equal(res.body.error.isError, true)
  })

  it('403 entity.verify.failed when verify throws, with the raw body', async () => {
    const verify = () => { throw new Error('signature mismatch') }
    const res = await post(standaloneServer(parser.raw({ verify })), { 'Content-Type': 'application/octet-stream' }, 'abc').expect(403)
    assert.deepEqual(res.body.error, {
      status: 403, statusCode: 403, expose: true, type: 'entity.verify.failed',
      message: 'signature mismatch', body: { hex: '616263' }, isError: true
    })
  })

  it('verify errors keep their own status and type', async () => {
    const verify = () => { throw Object.assign(new Error('nope'), { status: 401, type: 'auth.failed' }) }
    const res = await post(standaloneServer(parser.text({ verify })), { 'Content-Type': 'text/plain' }, 'x').expect(401)
    assert.equal(res.body.error.type, 'auth.failed')
  })

  it('verify may throw anything: a non-Error becomes a 403 Error without crashing', async () => {
    for (const thrown of ['plain string', 42, null]) {
      const verify = () => { throw thrown }
      const res = await post(standaloneServer(parser.text({ verify })), { 'Content-Type': 'text/plain' }, 'x').expect(403)
      assert.equal(res.body.error.message, String(thrown))
      assert.equal(res.body.error.isError, true)
    }
  })

  it('400 request.aborted when the client goes away, with received and expected', async () => {
    const err = await abortedRequest(parser.json(),
      'POST / HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 100', Buffer.from('{"a":'))
    assert.equal(err.status, 400)
    assert.equal(err.type, 'request.aborted')
    assert.equal(err.received, 5)
    assert.equal(err.expected, 100)
  })

  it('400 request.aborted also while inflating', async () => {
    const partial = gzip(JSON.stringify({ text: 'x'.repeat(5000) })).subarray(0, 20)
    const err = await abortedRequest(parser.json(),
      'POST / HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Encoding: gzip\r\nContent-Length: 500', partial)
    assert.equal(err.status, 400)
    assert.equal(err.type, 'request.aborted')
  })

  it('413 entity.too.large for a declared Content-Length over the limit, decided before reading', async () => {
    const body = 'x'.repeat(2048)
    const res = await post(standaloneServer(parser.text({ limit: '1kb' })),
      { 'Content-Type': 'text/plain', 'Content-Length': String(body.length) }, body).expect(413)
    assert.equal(res.body.error.type, 'entity.too.large')
    assert.equal(res.body.error.limit, 1024)
    assert.equal(res.body.error.length, 2048)
    assert.equal(res.body.error.received, undefined)
  })

  it('413 entity.too.large while streaming a chunked body, with limit and received', async () => {
    const res = await post(standaloneServer(parser.text({ limit: 1000 })),
      { 'Content-Type': 'text/plain', 'Transfer-Encoding': 'chunked' }, 'y'.repeat(3000)).expect(413)
    assert.equal(res.body.error.type, 'entity.too.large')
    assert.equal(res.body.error.limit, 1000)
    assert.ok(res.body.error.received > 1000)
  })

  it('413 entity.too.large when the inflated body is over the limit', async () => {
    const res = await post(standaloneServer(parser.text({ limit: 1000 })),
      { 'Content-Type': 'text/plain', 'Content-Encoding': 'gzip' }, gzip('z'.repeat(50000))).expect(413)
    assert.equal(res.body.error.type, 'entity.too.large')
  })

  it('400 request.size.invalid when the body length differs from Content-Length', async () => {
    const lie = (req: any) => { req.headers['content-length'] = '20' }
    const res = await post(standaloneServer(parser.text(), lie), { 'Content-Type': 'text/plain' }, 'short').expect(400)
    assert.equal(res.body.error.type, 'request.size.invalid')
    assert.equal(res.body.error.message, 'request size did not match content length')
  })

  it('500 stream.encoding.set when req.setEncoding was called', async () => {
    const res = await post(standaloneServer(parser.text(), (req) => req.setEncoding('utf8')),
      { 'Content-Type': 'text/plain' }, 'abc').expect(500)
    assert.equal(res.body.error.type, 'stream.encoding.set')
    assert.equal(res.body.error.expose, false)
  })

  it('500 stream.not.readable when the stream is no longer readable but not finished', async () => {
    const res = await post(standaloneServer(parser.text(), (req) => { (req as any).readable = false }),
      { 'Content-Type': 'text/plain' }, 'abc').expect(500)
    assert.equal(res.body.error.type, 'stream.not.readable')
  })

  it('413 parameters.too.many over parameterLimit', async () => {
    const res = await post(standaloneServer(parser.urlencoded({ parameterLimit: 2 })),
      { 'Content-Type': 'application/x-www-form-urlencoded' }, 'a=1&b=2&c=3').expect(413)
    assert.deepEqual(res.body.error, {
      status: 413, statusCode: 413, expose: true, type: 'parameters.too.many',
      message: 'too many parameters', body: 'a=1&b=2&c=3', isError: true
    })
  })

  it('415 charset.unsupported for an unsupported charset, named in the message and in charset', async () => {
    const res = await post(standaloneServer(parser.text()), { 'Content-Type': 'text/plain; charset=x-nope' }, 'abc').expect(415)
    assert.deepEqual(res.body.error, {
      status: 415, statusCode: 415, expose: true, type: 'charset.unsupported',
      message: 'unsupported charset "X-NOPE"', charset: 'x-nope', isError: true
    })
  })

  it('400 when nesting exceeds depth (urlencoded, extended)', async () => {
    const res = await post(standaloneServer(parser.urlencoded({ extended: true, depth: 2 })),
      { 'Content-Type': 'application/x-www-form-urlencoded' }, 'a[b][c][d]=1').expect(400)
    assert.equal(res.body.error.type, 'querystring.parse.rangeError')
    assert.equal(res.body.error.message, 'The input exceeded the depth')
  })

  it('drains the request after an error, so a keep-alive connection answers the next request', async () => {
    const server = standaloneServer(parser.json({ limit: 10 })).listen(0)
    const { port } = server.address() as net.AddressInfo
    const agent = new http.Agent({ keepAlive: true, maxSockets: 1 })
    const send = (body: string) => new Promise<{ status: number, reused: boolean }>((resolve, reject) => {
      const req = http.request({ port, method: 'POST', agent, headers: { 'Content-Type': 'application/json' } }, (res) => {
        res.resume()
        res.on('end', () => resolve({ status: res.statusCode!, reused: req.reusedSocket }))
      })
      req.on('error', reject)
      req.end(body)
    })
    try {
      assert.deepEqual(await send(JSON.stringify({ big: 'x'.repeat(5000) })), { status: 413, reused: false })
      assert.deepEqual(await send('{}'), { status: 200, reused: true })
    } finally {
      agent.destroy()
      server.close()
    }
  })

  it('answers a request that asks to close only once it is read, whatever res.shouldKeepAlive says', async () => {
    // Bun 1.x reports res.shouldKeepAlive true for an HTTP/1.1 `Connection: close` request, then
    // closes after the answer: answering while the client still sends would lose the answer.
    const seen = await overLimitWhileSending('Connection: close\r\n', (req, res) => { res.shouldKeepAlive = true })
    assert.deepEqual(seen, { status: 413, completeAtNext: true, statusLine: 'HTTP/1.1 413 Payload Too Large' })
  })

  it('answers only once the request is read when the response already says Connection: close', async () => {
    const seen = await overLimitWhileSending('', (req, res) => { res.setHeader('Connection', 'close') })
    assert.deepEqual(seen, { status: 413, completeAtNext: true, statusLine: 'HTTP/1.1 413 Payload Too Large' })
  })

  it('answers a keep-alive request at once, while it is still sending', async () => {
    const seen = await overLimitWhileSending('', () => {})
    assert.deepEqual(seen, { status: 413, completeAtNext: false, statusLine: 'HTTP/1.1 413 Payload Too Large' })
  })
})
