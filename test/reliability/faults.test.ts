// Faults: clients that leave mid-way, handlers and engines that misbehave, streams that fail. No crash, no double answer, no leak.
import assert from 'node:assert/strict'
import fs from 'node:fs'
import net from 'node:net'
import os from 'node:os'
import path from 'node:path'
import { after, before, describe, it } from 'node:test'
import framework from '../../presets/default'
import type { Application, NextFunction, Request, Response } from '../../kernel'
import {
  delay, listenerTotal, openFds, parseResponses, rawExchange, rawRequest, settleTo, startServer,
  type RawResponse, type TestServer
} from './support'

const BIG_SIZE = 8 * 1024 * 1024
/** A file whose reads fail half-way (see the failing disk below). */
const FAILING_MIDWAY = 'fails-midway.bin'
const FAILING_AT_ONCE = 'fails-at-once.bin'

type ReadCallback = (err: NodeJS.ErrnoException | null, bytesRead: number, buffer: Buffer) => void

/**
 * A disk that fails: descriptors opened on the two marked files give `before` bytes (256 kB, or
 * none), then every read fails with EIO, as a dying disk would. Installs itself on `fs.open`,
 * `fs.read` and `fs.close`; returns the uninstall.
 */
function installFailingDisk (): () => void {
  const realOpen = fs.open
  const realRead = fs.read
  const realClose = fs.close
  /** Open descriptors of marked files → bytes they may still give. */
  const failing = new Map<number, number>()
  const patched = fs as unknown as Record<'open' | 'read' | 'close', unknown>
  patched.open = function open (file: fs.PathLike, ...rest: unknown[]) {
    const name = path.basename(String(file))
    const before = name === FAILING_MIDWAY ? 256 * 1024 : name === FAILING_AT_ONCE ? 0 : undefined
    const callback = rest.pop() as (err: NodeJS.ErrnoException | null, fd: number) => void
    return (realOpen as (...args: unknown[]) => void)(file, ...rest, (err: NodeJS.ErrnoException | null, fd: number) => {
      if (!err && before !== undefined) failing.set(fd, before)
      callback(err, fd)
    })
  }
  patched.read = function read (fd: number, buffer: Buffer, offset: number, length: number, position: number, callback: ReadCallback) {
    const left = failing.get(fd)
    if (left === undefined || typeof callback !== 'function') return (realRead as (...args: unknown[]) => void).apply(fs, arguments as unknown as unknown[])
    if (left === 0) {
      setImmediate(callback, Object.assign(new Error('EIO: i/o error, read'), { code: 'EIO', errno: -5, syscall: 'read' }), 0, buffer)
      return
    }
    const n = Math.min(length, left)
    failing.set(fd, left - n)
    realRead(fd, buffer, offset, n, position, callback)
  }
  patched.close = function close (fd: number, ...rest: unknown[]) {
    failing.delete(fd)
    return (realClose as (...args: unknown[]) => void)(fd, ...rest)
  }
  return function uninstall () {
    patched.open = realOpen
    patched.read = realRead
    patched.close = realClose
  }
}

/** A connection kept open across requests, answers parsed in turn. */
class KeepAliveClient {
  readonly socket: net.Socket
  private buffer = Buffer.alloc(0)
  private waiting: (() => void) | undefined
  closed = false

  constructor (port: number) {
    this.socket = net.connect(port, '127.0.0.1')
    this.socket.on('data', (chunk) => {
      this.buffer = Buffer.concat([this.buffer, chunk])
      if (this.waiting) this.waiting()
    })
    this.socket.on('close', () => {
      this.closed = true
      if (this.waiting) this.waiting()
    })
    this.socket.on('error', () => {})
  }

  /** Sends one request and resolves with its answer (or undefined when the server closed first). */
  async request (raw: string | Buffer, head = false): Promise<RawResponse | undefined> {
    this.socket.write(raw)
    for (;;) {
      const { responses, trailing } = parseResponses(this.buffer, head, this.closed)
      if (responses.length > 0 && responses[0].complete) {
        const consumed = this.buffer.length - trailing.length
        this.buffer = this.buffer.subarray(consumed)
        assert.equal(responses.length, 1, 'more than one answer to one request')
        return responses[0]
      }
      if (this.closed) return responses[0]
      await new Promise<void>((resolve) => { this.waiting = resolve })
      this.waiting = undefined
    }
  }

  close (): void { this.socket.destroy() }
}

/** How many answers start in a raw stream of bytes. */
function statusLines (raw: Buffer): number {
  return (raw.toString('latin1').match(/(^|\r\n)HTTP\/1\.1 \d{3} /g) || []).length
}

/** Connects, sends `raw`, reads until `bytes` bytes arrived (or `ms` passed), then drops the connection. */
function readThenAbort (port: number, raw: string | Buffer, bytes: number, ms = 2000): Promise<Buffer> {
  return new Promise((resolve) => {
    const socket = net.connect(port, '127.0.0.1')
    const chunks: Buffer[] = []
    let got = 0
    const stop = (): void => { socket.destroy(); resolve(Buffer.concat(chunks)) }
    const timer = setTimeout(stop, ms)
    socket.on('error', () => {})
    socket.on('data', (chunk) => {
      chunks.push(chunk)
      got += chunk.length
      if (got >= bytes) { clearTimeout(timer); stop() }
    })
    socket.write(raw)
  })
}

/** Connects, sends `raw`, waits `ms`, then drops the connection; resolves with what was read. */
function sendThenAbort (port: number, raw: ReadonlyArray<string | Buffer>, ms: number): Promise<Buffer> {
  return new Promise((resolve) => {
    const socket = net.connect(port, '127.0.0.1')
    const chunks: Buffer[] = []
    socket.on('error', () => {})
    socket.on('data', (chunk) => chunks.push(chunk))
    for (const piece of raw) socket.write(piece)
    setTimeout(() => { socket.destroy(); resolve(Buffer.concat(chunks)) }, ms)
  })
}

function createFaultApp (dir: string, socketListeners: Map<net.Socket, number[]>): Application {
  const app = framework()
  app.set('env', 'test')
  app.set('views', dir)
  app.engine('slow', (file: string, options: object, callback: (err: Error | null, html?: string) => void) => {
    setTimeout(() => callback(null, '<p>slow</p>'), 80)
  })
  app.engine('twice', (file: string, options: object, callback: (err: Error | null, html?: string) => void) => {
    callback(null, 'first')
    callback(null, 'second')
  })
  app.engine('twicelater', (file: string, options: object, callback: (err: Error | null, html?: string) => void) => {
    setTimeout(() => {
      callback(null, 'first')
      setTimeout(() => callback(new Error('second call, an error')), 5)
    }, 5)
  })
  app.engine('throwsafter', (file: string, options: object, callback: (err: Error | null, html?: string) => void) => {
    callback(null, 'first')
    throw new Error('engine threw after calling back')
  })

  app.use((req, res, next) => {
    const counts = socketListeners.get(req.socket) || []
    counts.push(listenerTotal(req.socket))
    socketListeners.set(req.socket, counts)
    next()
  })
  app.use('/files', framework.static(dir))
  app.post('/upload', framework.raw({ type: '*/*', limit: '16mb' }), (req, res) => { res.json({ length: (req.body as Buffer).length }) })
  app.post('/upload-json', framework.json({ limit: '16mb' }), (req, res) => { res.json({ ok: true }) })
  app.get('/big', (req, res) => { res.sendFile(path.join(dir, 'big.bin')) })
  app.get('/download', (req, res) => { res.download(path.join(dir, 'big.bin')) })
  app.get('/stream-fails/:name', (req, res) => { res.sendFile(req.params.name, { root: dir }) })
  app.get('/stream-fails-cb/:name', (req, res) => {
    res.sendFile(req.params.name, { root: dir }, (err) => {
      if (err && !res.headersSent) res.status(503).send('file failed')
    })
  })
  app.get('/render/:view', (req, res) => { res.render(req.params.view) })

  app.get('/throw-after-headers', (req, res) => {
    res.writeHead(200, { 'Content-Type': 'text/plain' })
    res.write('partial')
    throw new Error('thrown after the headers went out')
  })
  app.get('/throw-after-end', (req, res) => {
    res.send('complete')
    throw new Error('thrown after the answer was sent')
  })
  const big = Buffer.alloc(2 * 1024 * 1024, 0x63)
  app.get('/next-twice', (req, res, next) => { next(); next() }, (req, res) => { res.send(big) })
  app.get('/next-twice-error', (req, res, next) => { next(); next(new Error('second next')) }, (req, res) => { res.send('once') })
  app.get('/error-handler-throws', (req, res, next) => { next(new Error('first')) })
  app.get('/error-handler-throws-late', (req, res, next) => { next(new Error('late')) })

  app.use((err: Error, req: Request, res: Response, next: NextFunction) => {
    if (req.path === '/error-handler-throws') throw new Error('the error handler broke')
    if (req.path === '/error-handler-throws-late') {
      res.status(500).write('half an error page')
      throw new Error('the error handler broke after writing')
    }
    next(err)
  })
  return app
}

describe('faults: no crash, no double answer, no leaked descriptor or listener', () => {
  let server: TestServer
  let dir: string
  const socketListeners = new Map<net.Socket, number[]>()
  let openConnections = 0
  let baselineServerListeners = 0
  const uncaught: unknown[] = []
  const onUncaught = (err: unknown): void => { uncaught.push(err) }
  let uninstallFailingDisk: (() => void) | undefined
  let baselineFds = 0
  let baselineProcessListeners = 0

  before(async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'ristretto-faults-'))
    fs.writeFileSync(path.join(dir, 'big.bin'), Buffer.alloc(BIG_SIZE, 0x61))
    fs.writeFileSync(path.join(dir, FAILING_MIDWAY), Buffer.alloc(BIG_SIZE, 0x62))
    fs.writeFileSync(path.join(dir, FAILING_AT_ONCE), Buffer.alloc(1024, 0x62))
    for (const view of ['page.slow', 'page.twice', 'page.twicelater', 'page.throwsafter']) fs.writeFileSync(path.join(dir, view), '')
    // A disk that fails: reads of the two marked files error (after 256 kB, or at once).
    uninstallFailingDisk = installFailingDisk()
    process.on('uncaughtException', onUncaught)
    server = await startServer(createFaultApp(dir, socketListeners))
    server.server.on('connection', (socket) => {
      openConnections++
      socket.on('close', () => { openConnections-- })
    })
    // Warm up every path once, so lazily opened handles count in the baseline.
    await rawExchange(server.port, rawRequest('GET', '/big'))
    await rawExchange(server.port, rawRequest('GET', '/render/page.slow'))
    await delay(100)
    baselineFds = openFds()
    baselineProcessListeners = listenerTotal(process)
    baselineServerListeners = listenerTotal(server.server)
  })

  after(async () => {
    uninstallFailingDisk?.()
    process.removeListener('uncaughtException', onUncaught)
    await server.close()
    fs.rmSync(dir, { recursive: true, force: true })
  })

  it('a client that aborts mid-upload (plain, chunked, gzip) leaves nothing open', async () => {
    for (let i = 0; i < 15; i++) {
      await sendThenAbort(server.port, [
        'POST /upload HTTP/1.1\r\nHost: x\r\nContent-Type: application/octet-stream\r\nContent-Length: 4000000\r\n\r\n',
        Buffer.alloc(300 * 1024, 0x61)
      ], 30)
      await sendThenAbort(server.port, [
        'POST /upload HTTP/1.1\r\nHost: x\r\nContent-Type: application/octet-stream\r\nTransfer-Encoding: chunked\r\n\r\n',
        '10000\r\n', Buffer.alloc(0x10000, 0x61), '\r\n'
      ], 30)
      await sendThenAbort(server.port, [
        'POST /upload-json HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Encoding: gzip\r\nContent-Length: 100000\r\n\r\n',
        Buffer.from([0x1f, 0x8b, 0x08, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x03])
      ], 30)
    }
    assert.equal(await settleTo(() => openConnections, 0), 0, 'connections left open')
  })

  it('a client that aborts mid-download (sendFile, download, static) leaves no file open', async () => {
    for (let i = 0; i < 15; i++) {
      for (const target of ['/big', '/download', '/files/big.bin']) {
        const got = await readThenAbort(server.port, `GET ${target} HTTP/1.1\r\nHost: x\r\n\r\n`, 200 * 1024)
        assert.equal(statusLines(got), 1)
        assert.ok(got.length < BIG_SIZE, 'the download was meant to be cut short')
      }
    }
    assert.ok(await settleTo(openFds, baselineFds) <= baselineFds, `file descriptors leaked: ${openFds()} open, ${baselineFds} before`)
  })

  it('a client that aborts mid-render gets nothing sent after it left, and nothing throws', async () => {
    for (let i = 0; i < 10; i++) await sendThenAbort(server.port, ['GET /render/page.slow HTTP/1.1\r\nHost: x\r\n\r\n'], 20)
    await delay(150)
    assert.deepEqual(uncaught, [])
  })

  it('a handler that throws after the headers went out: one answer, visibly cut', async () => {
    const ex = await rawExchange(server.port, rawRequest('GET', '/throw-after-headers', { Connection: 'keep-alive' }))
    assert.equal(ex.timedOut, false)
    assert.equal(ex.responses.length, 1)
    assert.equal(ex.responses[0].statusCode, 200)
    assert.equal(ex.responses[0].complete, false, 'the broken answer looked complete')
    assert.ok(ex.responses[0].body.toString().includes('partial'))
  })

  it('a handler that throws after its answer ended: the answer stands, then the connection is closed (as Express)', async () => {
    for (let i = 0; i < 3; i++) {
      const client = new KeepAliveClient(server.port)
      try {
        const res = await client.request('GET /throw-after-end HTTP/1.1\r\nHost: x\r\n\r\n')
        assert.equal(res?.statusCode, 200)
        assert.equal(res?.body.toString(), 'complete')
        await new Promise<void>((resolve) => { if (client.closed) resolve(); else client.socket.once('close', () => resolve()) })
      } finally {
        client.close()
      }
    }
  })

  it('next() called twice: one whole answer, even a large one, and the connection stays usable', async () => {
    const client = new KeepAliveClient(server.port)
    try {
      for (let i = 0; i < 5; i++) {
        const res = await client.request('GET /next-twice HTTP/1.1\r\nHost: x\r\n\r\n')
        assert.equal(res?.statusCode, 200)
        assert.equal(res?.complete, true)
        assert.equal(res?.body.length, 2 * 1024 * 1024)
      }
      const res = await client.request('GET /next-twice-error HTTP/1.1\r\nHost: x\r\n\r\n')
      assert.equal(res?.body.toString(), 'once')
    } finally {
      client.close()
    }
  })

  it('an error handler that throws: one 500, the connection stays usable', async () => {
    const client = new KeepAliveClient(server.port)
    try {
      for (let i = 0; i < 20; i++) {
        const res = await client.request('GET /error-handler-throws HTTP/1.1\r\nHost: x\r\n\r\n')
        assert.equal(res?.statusCode, 500)
        assert.equal(res?.complete, true)
      }
    } finally {
      client.close()
    }
    const late = await rawExchange(server.port, rawRequest('GET', '/error-handler-throws-late'))
    assert.equal(late.responses.length, 1)
    assert.equal(late.responses[0].statusCode, 500)
    assert.equal(late.responses[0].complete, false, 'a half-written error page must look broken')
  })

  // A synchronous callback is deferred (renders always call back asynchronously), so an engine
  // that calls back and then throws is seen to throw first: a 500.
  for (const [view, status] of [['page.twice', 200], ['page.twicelater', 200], ['page.throwsafter', 500]] as const) {
    it(`an engine that calls back twice (${view}): one answer (${status}), nothing thrown`, async () => {
      const client = new KeepAliveClient(server.port)
      try {
        for (let i = 0; i < 5; i++) {
          const res = await client.request(`GET /render/${view} HTTP/1.1\r\nHost: x\r\n\r\n`)
          assert.equal(res?.statusCode, status)
          assert.equal(res?.complete, true)
          if (status === 200) assert.equal(res?.body.toString(), 'first')
        }
        await delay(30)
        const res = await client.request('GET /render/page.twice HTTP/1.1\r\nHost: x\r\n\r\n')
        assert.equal(res?.body.toString(), 'first')
      } finally {
        client.close()
      }
      assert.deepEqual(uncaught, [])
    })
  }

  it('a stream error half-way through res.sendFile: one answer, visibly cut, the file closed', async () => {
    for (let i = 0; i < 5; i++) {
      const ex = await rawExchange(server.port, rawRequest('GET', `/stream-fails/${FAILING_MIDWAY}`, { Connection: 'keep-alive' }))
      assert.equal(ex.timedOut, false)
      assert.equal(ex.responses.length, 1)
      assert.equal(ex.responses[0].statusCode, 200)
      assert.equal(ex.responses[0].complete, false)
      assert.ok(ex.responses[0].body.length < BIG_SIZE)
    }
  })

  it('a stream error before any byte of res.sendFile: a 500 page, or the callback\'s own answer', async () => {
    const ex = await rawExchange(server.port, rawRequest('GET', `/stream-fails/${FAILING_AT_ONCE}`))
    assert.equal(ex.responses.length, 1)
    assert.equal(ex.responses[0].statusCode, 500)
    assert.equal(ex.responses[0].complete, true)
    const cb = await rawExchange(server.port, rawRequest('GET', `/stream-fails-cb/${FAILING_AT_ONCE}`))
    assert.equal(cb.responses.length, 1)
    assert.equal(cb.responses[0].statusCode, 503)
  })

  it('afterwards: nothing thrown, no descriptor, connection or listener left behind', async () => {
    assert.deepEqual(uncaught, [])
    assert.equal(await settleTo(() => openConnections, 0), 0)
    assert.ok(await settleTo(openFds, baselineFds) <= baselineFds, `file descriptors leaked: ${openFds()} open, ${baselineFds} before`)
    assert.equal(listenerTotal(process), baselineProcessListeners)
    assert.equal(listenerTotal(server.server), baselineServerListeners)
    // Listeners on a kept-alive socket stay flat from one request to the next.
    let sessions = 0
    for (const counts of socketListeners.values()) {
      if (counts.length < 3) continue
      sessions++
      assert.ok(counts[counts.length - 1] <= counts[1], `socket listeners grew over a keep-alive session: ${counts.join(',')}`)
    }
    assert.ok(sessions >= 5, 'the keep-alive sessions were not observed')
  })
})
