import { describe, it } from 'node:test'
import assert from 'node:assert/strict'
import net from 'node:net'
import zlib from 'node:zlib'
import { once } from 'node:events'
import type { AddressInfo } from 'node:net'
import type { Framework } from '../../../kernel'
import { ErrorCode } from '../../../kernel'
import { hardened, plain } from './support'

// A body that stops sending before its Content-Length: the hardened plugin answers 408 (code
// RST_BODY_TIMEOUT) and closes the connection; without it the read waits for the rest.

/* eslint-disable @typescript-eslint/no-explicit-any -- handlers of frameworks built in the test */

/** An app with every body parser, answering the body it read or the error it got. */
function app (framework: Framework): any {
  const a: any = framework()
  a.post('/json', framework.json(), (req: any, res: any) => { res.json(req.body) })
  a.post('/raw', framework.raw(), (req: any, res: any) => { res.send(String(req.body.length)) })
  a.post('/text', framework.text(), (req: any, res: any) => { res.send(req.body) })
  a.post('/form', framework.urlencoded({ extended: false }), (req: any, res: any) => { res.json(req.body) })
  a.use((err: any, req: any, res: any, next: any) => { void next; res.status(err.status).json({ code: err.code, type: err.type }) })
  return a
}

/** Opens a connection to a listening `app`, returns it with the text it receives and a promise of its close. */
async function connect (a: any): Promise<{ socket: net.Socket, received: () => string, closed: Promise<void>, done: () => void }> {
  const server = a.listen(0, '127.0.0.1')
  await once(server, 'listening')
  const socket = net.connect((server.address() as AddressInfo).port, '127.0.0.1')
  let text = ''
  socket.setEncoding('latin1')
  socket.on('data', (chunk: string) => { text += chunk })
  const closed = once(socket, 'close').then(() => undefined)
  await once(socket, 'connect')
  return { socket, received: () => text, closed, done: () => { socket.destroy(); server.close() } }
}

function head (path: string, type: string, length: number, extra = ''): string {
  return `POST ${path} HTTP/1.1\r\nHost: x\r\nContent-Type: ${type}\r\nContent-Length: ${length}\r\n${extra}\r\n`
}

describe('hardened: idle request bodies', () => {
  for (const [path, type] of [['/json', 'application/json'], ['/raw', 'application/octet-stream'], ['/text', 'text/plain'], ['/form', 'application/x-www-form-urlencoded']]) {
    it(`${path}: a body short of its Content-Length gets a 408 with RST_BODY_TIMEOUT, then the connection closes`, async () => {
      const c = await connect(app(hardened({ bodyIdleTimeout: 50 })))
      c.socket.write(head(path, type, 100) + '{"a"')
      await c.closed
      const reply = c.received()
      assert.match(reply, /^HTTP\/1\.1 408 Request Timeout\r\n/)
      assert.match(reply, /\r\nConnection: close\r\n/i)
      assert.ok(reply.endsWith(JSON.stringify({ code: ErrorCode.BODY_TIMEOUT, type: 'request.timeout' })), reply)
      c.done()
    })
  }

  it('counts from the start of the read: headers with no body byte at all get the 408', async () => {
    const c = await connect(app(hardened({ bodyIdleTimeout: 50 })))
    c.socket.write(head('/text', 'text/plain', 5))
    await c.closed
    assert.match(c.received(), /^HTTP\/1\.1 408 /)
    c.done()
  })

  it('watches the bytes sent, not the inflated ones: a gzip body cut short gets the 408', async () => {
    const gz = zlib.gzipSync(Buffer.from('"' + 'x'.repeat(1000) + '"'))
    const c = await connect(app(hardened({ bodyIdleTimeout: 50 })))
    c.socket.write(head('/text', 'text/plain', gz.length, 'Content-Encoding: gzip\r\n'))
    c.socket.write(gz.subarray(0, 10))
    await c.closed
    assert.match(c.received(), /^HTTP\/1\.1 408 /)
    c.done()
  })

  it('a body that keeps sending, chunk by chunk, is read whole', async () => {
    const c = await connect(app(hardened({ bodyIdleTimeout: 1000 })))
    const body = 'abcdefghij'
    c.socket.write(head('/text', 'text/plain', body.length))
    for (const ch of body) {
      c.socket.write(ch)
      await new Promise((resolve) => setTimeout(resolve, 20))
    }
    while (!c.received().endsWith(body)) await once(c.socket, 'data')
    assert.match(c.received(), /^HTTP\/1\.1 200 /)
    c.done()
  })

  it('without it (option false, or the default preset) the read waits for the rest of the body', async () => {
    for (const framework of [hardened({ bodyIdleTimeout: false }), plain]) {
      const c = await connect(app(framework))
      c.socket.write(head('/text', 'text/plain', 4) + 'ab')
      await new Promise((resolve) => setTimeout(resolve, 150))
      assert.equal(c.received(), '')
      c.socket.write('cd')
      while (!c.received().endsWith('abcd')) await once(c.socket, 'data')
      assert.match(c.received(), /^HTTP\/1\.1 200 /)
      c.done()
    }
  })
})

describe('hardened: idle request bodies over HTTP/2', () => {
  it('answers 408 and closes that stream only; the session serves the next request', async () => {
    const http2 = await import('node:http2')
    const server = http2.createServer(app(hardened({ bodyIdleTimeout: 50 })) as any)
    server.listen(0, '127.0.0.1')
    await once(server, 'listening')
    const session = http2.connect(`http://127.0.0.1:${(server.address() as AddressInfo).port}`)
    try {
      const stream = session.request({ ':method': 'POST', ':path': '/text', 'content-type': 'text/plain', 'content-length': '10' })
      stream.write('abc')
      const [headers] = await once(stream, 'response') as [Record<string, unknown>]
      assert.equal(headers[':status'], 408)
      stream.resume()
      await once(stream, 'close')
      const next = session.request({ ':method': 'POST', ':path': '/text', 'content-type': 'text/plain' })
      next.end('whole')
      const [nextHeaders] = await once(next, 'response') as [Record<string, unknown>]
      let text = ''
      next.setEncoding('utf8')
      next.on('data', (chunk: string) => { text += chunk })
      await once(next, 'end')
      assert.equal(nextHeaders[':status'], 200)
      assert.equal(text, 'whole')
    } finally {
      session.close()
      server.close()
    }
  })
})
