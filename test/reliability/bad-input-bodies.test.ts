// Bad bodies against the full-stack app: invalid JSON, charsets, codings, lengths, limits, huge and nested forms.
import assert from 'node:assert/strict'
import net from 'node:net'
import zlib from 'node:zlib'
import { after, before, describe, it } from 'node:test'
import express from 'express'
import { BODY_LIMIT, createFullStackApp, PARAMETER_LIMIT, UPLOAD_LIMIT } from './full-stack-app'
import { assertHealthy, delay, parseResponses, rawExchange, rawRequest, sendOne, startServer, type TestServer } from './support'
import { json, runBadInputCases, text, type BadInputCase } from './bad-input-cases'

const JSON_TYPE = 'application/json'
const FORM_TYPE = 'application/x-www-form-urlencoded'

function post (target: string, headers: Record<string, string>, body: string | Buffer): Buffer {
  return rawRequest('POST', target, headers, body)
}

/** An `/api` answer: `{ status, type }` as the error handler writes it. */
function apiError (status: number, type: string | null) {
  return (res: Parameters<NonNullable<BadInputCase['check']>>[0]) => {
    const body = json(res)
    assert.equal(body.status, status)
    assert.equal(body.type, type)
  }
}

const over = 'x'.repeat(BODY_LIMIT + 10)
const DEEP_BODY = '['.repeat(500000) + ']'.repeat(500000)

/** The status express@4 answers the deep body with on this runtime, from the full-stack app's `/deep` route. */
async function expressStatusForDeepBody (): Promise<number> {
  const app = express()
  app.post('/deep', express.json({ limit: UPLOAD_LIMIT }), (req, res) => { res.json({ body: req.body }) })
  const server = await startServer(app)
  try {
    return (await sendOne(server.port, post('/deep', { 'Content-Type': JSON_TYPE }, DEEP_BODY))).statusCode
  } finally {
    await server.close()
  }
}
const gzipBomb = zlib.gzipSync(Buffer.alloc(4 * 1024 * 1024, 0x20))

const cases: BadInputCase[] = [
  // JSON
  { title: 'truncated JSON is 400 entity.parse.failed', request: post('/api/echo', { 'Content-Type': JSON_TYPE }, '{"a":'), status: 400, check: apiError(400, 'entity.parse.failed') },
  { title: 'a JSON primitive in strict mode is 400 entity.parse.failed', request: post('/api/echo', { 'Content-Type': JSON_TYPE }, 'true'), status: 400, check: apiError(400, 'entity.parse.failed') },
  { title: 'invalid UTF-8 outside a JSON string is 400', request: post('/api/echo', { 'Content-Type': JSON_TYPE }, Buffer.from([0x7b, 0xff, 0xfe, 0x7d])), status: 400, check: apiError(400, 'entity.parse.failed') },
  {
    title: 'invalid UTF-8 inside a JSON string becomes U+FFFD',
    request: post('/api/echo', { 'Content-Type': JSON_TYPE }, Buffer.concat([Buffer.from('{"a":"'), Buffer.from([0xff]), Buffer.from('"}')])),
    status: 200,
    check (res) { assert.deepEqual(json(res), { body: { a: '\ufffd' } }) }
  },
  { title: 'an unknown charset is 415 charset.unsupported', request: post('/api/echo', { 'Content-Type': JSON_TYPE + '; charset=klingon' }, '{}'), status: 415, check: apiError(415, 'charset.unsupported') },
  { title: 'a non-Unicode charset for JSON is 415 charset.unsupported', request: post('/api/echo', { 'Content-Type': JSON_TYPE + '; charset=iso-8859-1' }, '{}'), status: 415, check: apiError(415, 'charset.unsupported') },
  {
    title: 'UTF-16 JSON is decoded',
    request: post('/api/echo', { 'Content-Type': JSON_TYPE + '; charset=utf-16le' }, Buffer.from('{"a":"é"}', 'utf16le')),
    status: 200,
    check (res) { assert.deepEqual(json(res), { body: { a: 'é' } }) }
  },
  {
    title: 'a malformed Content-Type is not parsed: req.body stays {}',
    request: post('/api/echo', { 'Content-Type': 'application/json; charset' }, '{"a":1}'),
    status: 200,
    check (res) { assert.deepEqual(json(res), { body: {} }) }
  },
  { title: 'a JSON body over the limit is 413 entity.too.large', request: post('/api/echo', { 'Content-Type': JSON_TYPE }, `{"a":"${over}"}`), status: 413, check: apiError(413, 'entity.too.large') },
  { title: 'a JSON body over the limit without an /api handler is 413', request: post('/echo', { 'Content-Type': JSON_TYPE }, `{"a":"${over}"}`), status: 413 },
  {
    // Whether JSON.stringify overflows on this nesting is the runtime's doing (a RangeError, so
    // a 500, on node 20 to 24; node 26 stringifies it): the answer is Express's on this runtime.
    title: 'a 1 MB deeply nested JSON body parses, and echoing it answers as Express does, not a crash',
    request: post('/deep', { 'Content-Type': JSON_TYPE }, DEEP_BODY),
    status: () => expressStatusForDeepBody()
  },

  // Content codings
  { title: 'a bogus Content-Encoding is 415 encoding.unsupported', request: post('/api/echo', { 'Content-Type': JSON_TYPE, 'Content-Encoding': 'bogus' }, '{}'), status: 415, check: apiError(415, 'encoding.unsupported') },
  { title: 'br is refused by the built-in parsers (415)', request: post('/api/echo', { 'Content-Type': JSON_TYPE, 'Content-Encoding': 'br' }, zlib.brotliCompressSync('{}')), status: 415, check: apiError(415, 'encoding.unsupported') },
  { title: 'a list of codings is 415', request: post('/api/echo', { 'Content-Type': JSON_TYPE, 'Content-Encoding': 'gzip, gzip' }, zlib.gzipSync(zlib.gzipSync('{}'))), status: 415, check: apiError(415, 'encoding.unsupported') },
  { title: 'gzip that is not gzip is 400', request: post('/api/echo', { 'Content-Type': JSON_TYPE, 'Content-Encoding': 'gzip' }, 'not gzip at all'), status: 400 },
  { title: 'a truncated gzip stream is 400', request: post('/api/echo', { 'Content-Type': JSON_TYPE, 'Content-Encoding': 'gzip' }, zlib.gzipSync('{"a":1}').subarray(0, 12)), status: 400 },
  {
    title: `a gzip bomb (${gzipBomb.length} bytes inflating to 4 MB) is 413 once the limit is passed`,
    request: post('/api/echo', { 'Content-Type': JSON_TYPE, 'Content-Encoding': 'gzip' }, gzipBomb),
    status: 413,
    check: apiError(413, 'entity.too.large')
  },
  {
    title: 'valid gzip JSON is inflated',
    request: post('/api/echo', { 'Content-Type': JSON_TYPE, 'Content-Encoding': 'GZIP' }, zlib.gzipSync('{"a":1}')),
    status: 200,
    check (res) { assert.deepEqual(json(res), { body: { a: 1 } }) }
  },

  // Lengths and framing (node's parser answers what it cannot frame)
  { title: 'a non-numeric Content-Length is 400', request: Buffer.from('POST /echo HTTP/1.1\r\nHost: x\r\nConnection: close\r\nContent-Length: abc\r\n\r\n{}'), status: 400 },
  { title: 'two different Content-Lengths are 400', request: Buffer.from('POST /echo HTTP/1.1\r\nHost: x\r\nConnection: close\r\nContent-Length: 2\r\nContent-Length: 3\r\n\r\n{}'), status: 400 },
  { title: 'Content-Length with Transfer-Encoding is 400', request: Buffer.from('POST /echo HTTP/1.1\r\nHost: x\r\nConnection: close\r\nContent-Type: application/json\r\nContent-Length: 2\r\nTransfer-Encoding: chunked\r\n\r\n2\r\n{}\r\n0\r\n\r\n'), status: 400 },
  { title: 'a bad chunk size is 400', request: Buffer.from('POST /echo HTTP/1.1\r\nHost: x\r\nConnection: close\r\nContent-Type: application/json\r\nTransfer-Encoding: chunked\r\n\r\nzz\r\n{}\r\n0\r\n\r\n'), status: 400 },
  { title: 'an unknown Expect is 417', request: post('/echo', { 'Content-Type': JSON_TYPE, Expect: 'the-unexpected' }, '{}'), status: 417 },
  { title: 'Expect: 100-continue with a body over the limit is 413 after the interim 100', request: post('/api/echo', { 'Content-Type': JSON_TYPE, Expect: '100-continue' }, `{"a":"${over}"}`), status: 413 },

  // Forms
  { title: `a form with more than ${PARAMETER_LIMIT} parameters is 413 parameters.too.many`, request: post('/api/echo', { 'Content-Type': FORM_TYPE }, Array.from({ length: PARAMETER_LIMIT + 1 }, (_, i) => `k${i}=1`).join('&')), status: 413, check: apiError(413, 'parameters.too.many') },
  { title: 'a form nested deeper than 32 levels is 400', request: post('/api/echo', { 'Content-Type': FORM_TYPE }, 'a' + '[a]'.repeat(40) + '=1'), status: 400, check: apiError(400, 'querystring.parse.rangeError') },
  { title: 'a form over the limit is 413', request: post('/api/echo', { 'Content-Type': FORM_TYPE }, 'a=' + over), status: 413, check: apiError(413, 'entity.too.large') },
  { title: 'a form in UTF-16 is 415 (the built-in reads UTF-8 only)', request: post('/api/echo', { 'Content-Type': FORM_TYPE + '; charset=utf-16' }, Buffer.from('a=1', 'utf16le')), status: 415, check: apiError(415, 'charset.unsupported') },
  {
    title: 'a form with bad escapes keeps them as sent',
    request: post('/api/echo', { 'Content-Type': FORM_TYPE }, 'a=%E0%A4%A&b=%&c[=1&d]=2&=3'),
    status: 200,
    check (res) { assert.equal(json(res).body.a, '%E0%A4%A') }
  },
  {
    title: 'a form index far past arrayLimit makes an object, not a sparse array',
    request: post('/api/echo', { 'Content-Type': FORM_TYPE }, 'a[999999999]=1'),
    status: 200,
    check (res) { assert.deepEqual(json(res).body, { a: { 999999999: '1' } }) }
  },

  // Text and raw
  { title: 'text in an unknown charset is 415', request: post('/api/echo', { 'Content-Type': 'text/plain; charset=klingon' }, 'hi'), status: 415, check: apiError(415, 'charset.unsupported') },
  { title: 'text over the limit is 413', request: post('/api/echo', { 'Content-Type': 'text/plain' }, over), status: 413 },
  { title: 'raw over the limit is 413', request: post('/api/echo', { 'Content-Type': 'application/octet-stream' }, over), status: 413 },
  {
    title: 'latin1 text is decoded',
    request: post('/api/echo', { 'Content-Type': 'text/plain; charset=latin1' }, Buffer.from('caf\xe9', 'latin1')),
    status: 200,
    check (res) { assert.deepEqual(json(res), { body: 'café' }) }
  }
]

describe('bad bodies: parse errors, charsets, codings, framing, limits', () => {
  runBadInputCases(cases)
})

/** What an upload saw: bytes written before the answer started, and the answer's raw bytes. */
interface EarlyAnswer {
  sentBeforeAnswer: number
  answer: string
  socket: net.Socket
}

/**
 * Opens a keep-alive connection, writes `head`, then keeps writing `chunk()` every few ms until
 * the answer's head arrives (or `maxBytes` were written). Leaves the socket open.
 */
function uploadUntilAnswered (port: number, head: string, chunk: () => Buffer, maxBytes: number): Promise<EarlyAnswer> {
  return new Promise((resolve, reject) => {
    const socket = net.connect(port, '127.0.0.1')
    let sent = 0
    let answer = ''
    let answeredAt = -1
    socket.on('error', reject)
    socket.on('data', (data) => {
      if (answeredAt === -1) answeredAt = sent
      answer += data.toString('latin1')
      if (answer.includes('\r\n\r\n')) resolve({ sentBeforeAnswer: answeredAt, answer, socket })
    })
    socket.write(head)
    const pump = (): void => {
      if (answeredAt !== -1 || socket.destroyed) return
      if (sent >= maxBytes) { reject(new Error(`no answer after ${sent} bytes`)); return }
      const piece = chunk()
      sent += piece.length
      socket.write(piece)
      setTimeout(pump, 2)
    }
    pump()
  })
}

/** Writes `data` and resolves with everything read until `marker` appears in it. */
function readUntil (socket: net.Socket, data: string | Buffer, marker: string): Promise<string> {
  return new Promise((resolve, reject) => {
    let got = ''
    const onData = (chunk: Buffer): void => {
      got += chunk.toString('latin1')
      if (got.includes(marker)) { socket.removeListener('data', onData); resolve(got) }
    }
    socket.on('data', onData)
    socket.once('error', reject)
    socket.write(data)
  })
}

describe('a body over the limit is refused before it is read', () => {
  let server: TestServer
  before(async () => { server = await startServer(createFullStackApp()) })
  after(async () => { await server.close() })

  const DECLARED = 8 * 1024 * 1024
  const PIECE = Buffer.alloc(16 * 1024, 0x61)

  for (const target of ['/api/echo', '/echo']) {
    it(`POST ${target} declaring ${DECLARED} bytes gets 413 while the client is still sending, on a connection that stays usable`, async () => {
      const { sentBeforeAnswer, answer, socket } = await uploadUntilAnswered(server.port,
        `POST ${target} HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: ${DECLARED}\r\n\r\n`, () => PIECE, DECLARED)
      try {
        assert.match(answer, /^HTTP\/1\.1 413 /)
        assert.ok(sentBeforeAnswer < DECLARED / 4, `answered only after ${sentBeforeAnswer} of ${DECLARED} bytes`)
        assert.equal(socket.destroyed, false)
        // The client may finish its upload; the same connection then serves the next request.
        let rest = DECLARED - sentBeforeAnswer
        while (rest > 0) {
          const n = Math.min(rest, 256 * 1024)
          socket.write(Buffer.alloc(n, 0x61))
          rest -= n
        }
        const next = await readUntil(socket, 'GET /health HTTP/1.1\r\nHost: x\r\n\r\n', '\r\n\r\nok')
        assert.match(next, /HTTP\/1\.1 200 /)
      } finally {
        socket.destroy()
      }
    })
  }

  it('POST /echo with an endless chunked body gets 413 without waiting for the end', async () => {
    const piece = Buffer.concat([Buffer.from(PIECE.length.toString(16) + '\r\n'), PIECE, Buffer.from('\r\n')])
    const { sentBeforeAnswer, answer, socket } = await uploadUntilAnswered(server.port,
      'POST /echo HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nTransfer-Encoding: chunked\r\n\r\n', () => piece, DECLARED)
    try {
      assert.match(answer, /^HTTP\/1\.1 413 /)
      assert.ok(sentBeforeAnswer < DECLARED / 4, `answered only after ${sentBeforeAnswer} bytes`)
      const next = await readUntil(socket, '0\r\n\r\nGET /health HTTP/1.1\r\nHost: x\r\n\r\n', '\r\n\r\nok')
      assert.match(next, /HTTP\/1\.1 200 /)
    } finally {
      socket.destroy()
    }
  })

  it('with Connection: close, the body is read off first so the close cannot reset the answer away', async () => {
    const body = Buffer.alloc(256 * 1024, 0x61)
    const ex = await rawExchange(server.port, [
      `POST /echo HTTP/1.1\r\nHost: x\r\nConnection: close\r\nContent-Type: application/json\r\nContent-Length: ${body.length}\r\n\r\n`,
      body.subarray(0, 64 * 1024), body.subarray(64 * 1024, 128 * 1024), body.subarray(128 * 1024)
    ], { interval: 20 })
    assert.equal(ex.error, undefined)
    assert.equal(ex.responses.length, 1)
    assert.equal(ex.responses[0].statusCode, 413)
  })
})

describe('Content-Length mismatches', () => {
  let server: TestServer
  before(async () => {
    // node's own guard against requests that never finish, made short for the test.
    server = await startServer(createFullStackApp(), { requestTimeout: 600, connectionsCheckingInterval: 100 })
  })
  after(async () => { await server.close() })

  it('a body longer than Content-Length: the extra bytes are a new (bad) request, answered 400 by node', async () => {
    const ex = await rawExchange(server.port, 'POST /api/echo HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 7\r\n\r\n{"a":1}garbage\r\n\r\n')
    assert.equal(ex.timedOut, false)
    // node parses ahead: the garbage may be refused before the first answer is written.
    const statuses = ex.responses.map((r) => r.statusCode)
    assert.ok(['400', '200,400'].includes(statuses.join()), `answers: ${statuses.join()}`)
    if (statuses.length === 2) assert.deepEqual(JSON.parse(ex.responses[0].body.toString()), { body: { a: 1 } })
    await assertHealthy(server.port)
  })

  it('a body shorter than Content-Length is waited for, then cut off by the server\'s requestTimeout (408)', async () => {
    const ex = await rawExchange(server.port, 'POST /api/echo HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 10\r\n\r\n{}', { timeout: 10000 })
    assert.equal(ex.timedOut, false, 'the connection was never released')
    assert.ok(ex.responses.length <= 1)
    if (ex.responses.length === 1) assert.equal(ex.responses[0].statusCode, 408)
    await assertHealthy(server.port)
  })

  it('a body shorter than Content-Length, then the client closes: no crash, the socket is released', async () => {
    const socket = net.connect(server.port, '127.0.0.1')
    await new Promise((resolve) => socket.once('connect', resolve))
    socket.write('POST /api/echo HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 10\r\n\r\n{}')
    await delay(50)
    const chunks: Buffer[] = []
    socket.on('data', (c) => chunks.push(c))
    const closed = new Promise((resolve) => socket.once('close', resolve))
    socket.end()
    await closed
    const { responses } = parseResponses(Buffer.concat(chunks), false, true)
    assert.ok(responses.length <= 1)
    if (responses.length === 1) assert.equal(responses[0].statusCode, 400)
    await assertHealthy(server.port)
  })
})

describe('text answers stay text', () => {
  it('a parse error page does not echo the body as markup', async () => {
    const server = await startServer(createFullStackApp())
    try {
      const ex = await rawExchange(server.port, post('/echo', { 'Content-Type': JSON_TYPE }, '{"<script>":'))
      assert.equal(ex.responses[0].statusCode, 400)
      assert.ok(!text(ex.responses[0]).includes('<script>'))
    } finally {
      await server.close()
    }
  })
})
