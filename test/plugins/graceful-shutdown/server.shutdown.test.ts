import { describe, it } from 'node:test'
import assert from 'node:assert/strict'
import http from 'node:http'
import net from 'node:net'
import { frameworkWith, portOf, get, closed, rawConnection, deferred } from './support'
import { expectWarnings, mockTimersWarning } from '../../support/expected-warnings'

// What these tests are expected to raise, kept rather than printed.
expectWarnings([], [mockTimersWarning])

/** An app with `/fast` and a `/slow` route that answers when `release` is called. */
function slowApp (options?: Parameters<typeof frameworkWith>[0]) {
  const framework = frameworkWith(options)
  const app = framework()
  const arrived = deferred()
  const gate = deferred()
  app.get('/fast', (req, res) => { res.send('fast') })
  app.get('/slow', (req, res) => {
    arrived.resolve()
    gate.promise.then(() => res.send('slow done'))
  })
  return { app, arrived: arrived.promise, release: gate.resolve }
}

/**
 * A listening server of an app made by `framework` whose `/hang` never answers, and the server's
 * end of the connection of the first request to `/hang`, once it arrived.
 */
async function hangingRequest (framework: ReturnType<typeof frameworkWith>) {
  const app = framework()
  let arrived!: (socket: net.Socket) => void
  const socket = new Promise<net.Socket>((resolve) => { arrived = resolve })
  app.get('/hang', (req) => { arrived(req.socket) /* and never answers */ })
  const server: any = app.listen(0)
  return { server, port: await portOf(server), socket }
}

/**
 * A listening server of an app made with `options` whose `/` answers `hi`, its keep-alive timeout
 * set to `keepAliveTimeout`, and a raw connection that has had that answer: a kept-alive connection.
 */
async function answeredConnection (options: Parameters<typeof frameworkWith>[0], keepAliveTimeout: number) {
  const app = frameworkWith(options)()
  app.get('/', (req, res) => { res.send('hi') })
  const server: any = app.listen(0)
  server.keepAliveTimeout = keepAliveTimeout
  const conn = rawConnection(await portOf(server))
  conn.send('GET / HTTP/1.1\r\nHost: x\r\n\r\n')
  await conn.until('hi')
  return { server, conn }
}

describe('server.shutdown([options])', () => {
  it('is added to servers made by app.listen', async () => {
    const app = frameworkWith()()
    const server = app.listen(0) as http.Server & { shutdown?: unknown, shuttingDown?: unknown }
    await portOf(server)
    assert.equal(typeof server.shutdown, 'function')
    assert.equal(server.shuttingDown, false)
    await (server as any).shutdown()
    assert.equal(server.shuttingDown, true)
    assert.equal(server.listening, false)
  })

  it('keeps an idle keep-alive connection for its next request, answered with Connection: close, and lets an in-flight request finish', async () => {
    // No shutdown timeout and no keep-alive timeout: only the shutdown's own work ends connections.
    const { app, arrived, release } = slowApp({ timeout: Infinity })
    const server: any = app.listen(0)
    server.keepAliveTimeout = 0
    const port = await portOf(server)
    const agent = new http.Agent({ keepAlive: true })
    try {
      const slow = get(port, '/slow', agent)
      await arrived
      const fast = await get(port, '/fast', agent)
      assert.equal(fast.headers.connection, 'keep-alive')
      const idleSocket = fast.socket

      let resolved = false
      const done = server.shutdown().then(() => { resolved = true })
      // The idle connection is still there for the request its client sends next.
      const next = await get(port, '/fast', agent)
      assert.equal(next.socket, idleSocket)
      assert.equal(next.body, 'fast')
      assert.equal(next.headers.connection, 'close')
      await closed(idleSocket)
      assert.equal(resolved, false, 'resolved while a request was in flight')

      release()
      const reply = await slow
      assert.equal(reply.status, 200)
      assert.equal(reply.body, 'slow done')
      assert.equal(reply.headers.connection, 'close')
      await done
      assert.equal(server.listening, false)
    } finally {
      agent.destroy()
    }
  })

  it('closes an idle keep-alive connection when its keep-alive timeout ends', async () => {
    const { server, conn } = await answeredConnection({ timeout: Infinity }, 1)
    await server.shutdown()
    assert.match(await conn.ended, /Connection: keep-alive/i)
  })

  it('closes an idle keep-alive connection after idleTimeout, long before its keep-alive timeout', async () => {
    // Only the idle timeout can end this connection: no keep-alive timeout in this test's life.
    const { server, conn } = await answeredConnection({ timeout: Infinity, idleTimeout: 20 }, 600_000)
    await server.shutdown()
    const all = await conn.ended
    assert.match(all, /Connection: keep-alive/i)
    assert.equal(all.match(/HTTP\/1\.1 200/g)?.length, 1)
  })

  it('keeps a connection whose next request is arriving when idleTimeout ends, and answers it with Connection: close', async () => {
    const { server, conn } = await answeredConnection({ timeout: Infinity, idleTimeout: 0 }, 600_000)
    // Half a request is in: the connection is not idle, whatever the idle timeout says.
    conn.send('GET /?second HTTP/1.1\r\nHo')
    await new Promise((resolve) => setTimeout(resolve, 20))
    const done = server.shutdown()
    await new Promise((resolve) => setTimeout(resolve, 20))
    conn.send('st: x\r\n\r\n')
    await done
    const all = await conn.ended
    assert.equal(all.match(/HTTP\/1\.1 200/g)?.length, 2)
    assert.match(all.slice(all.lastIndexOf('HTTP/1.1 200')), /Connection: close/i)
  })

  it('rejects a bad idleTimeout', () => {
    for (const idleTimeout of [-1, Number.NaN, '5' as unknown as number]) {
      assert.throws(() => frameworkWith({ idleTimeout }), /idleTimeout/)
    }
  })

  it('refuses new connections once started', async () => {
    const { app, arrived, release } = slowApp()
    const server: any = app.listen(0)
    const port = await portOf(server)
    const slow = get(port, '/slow', false)
    await arrived
    const done = server.shutdown()
    await assert.rejects(get(port, '/fast', false), (err: NodeJS.ErrnoException) => err.code === 'ECONNREFUSED')
    release()
    await slow
    await done
  })

  it('destroys what is still open after the timeout', async (t) => {
    const { server, port, socket } = await hangingRequest(frameworkWith())
    const hanging = get(port, '/hang', false)
    const failed = assert.rejects(hanging, (err: NodeJS.ErrnoException) => err.code === 'ECONNRESET')
    const open = await socket
    t.mock.timers.enable({ apis: ['setTimeout'] })
    const done = server.shutdown({ timeout: 150 })
    t.mock.timers.tick(149)
    assert.equal(open.destroyed, false, 'destroyed before the timeout')
    t.mock.timers.tick(1)
    assert.equal(open.destroyed, true, 'not destroyed at the timeout')
    await done
    await failed
  })

  it('uses the plugin timeout by default', async (t) => {
    const { server, port, socket } = await hangingRequest(frameworkWith({ timeout: 100 }))
    const hanging = get(port, '/hang', false).catch((err: Error) => err)
    const open = await socket
    t.mock.timers.enable({ apis: ['setTimeout'] })
    const done = server.shutdown()
    t.mock.timers.tick(99)
    assert.equal(open.destroyed, false, 'destroyed before the timeout')
    t.mock.timers.tick(1)
    assert.equal(open.destroyed, true, 'not destroyed at the timeout')
    await done
    assert.ok(await hanging instanceof Error)
  })

  it('returns the same promise when called again', async () => {
    const server: any = frameworkWith()().listen(0)
    await portOf(server)
    const first = server.shutdown()
    assert.equal(server.shutdown(), first)
    await first
  })

  it('resolves at once for a server that is not listening', async () => {
    const app = frameworkWith()()
    const server: any = app.listen(0)
    await portOf(server)
    await new Promise((resolve) => server.close(resolve))
    await server.shutdown()
  })

  it('rejects a bad timeout', async () => {
    const server: any = frameworkWith()().listen(0)
    await portOf(server)
    assert.throws(() => server.shutdown({ timeout: -1 }), TypeError)
    assert.throws(() => server.shutdown({ timeout: 'soon' }), TypeError)
    await server.shutdown()
  })

  describe('a request arriving on an open connection during the shutdown', () => {
    /** Starts a streamed keep-alive reply, shuts down, then sends a second request on the same connection. */
    async function lateRequest (options?: Parameters<typeof frameworkWith>[0]) {
      const app = frameworkWith(options)()
      const finishStream = deferred()
      let lateReached = false
      let streamSocket!: net.Socket
      app.get('/stream', (req, res) => {
        streamSocket = req.socket
        res.write('part1;')
        finishStream.promise.then(() => res.end('part2'))
      })
      app.get('/late', (req, res) => {
        lateReached = true
        res.send('late reply')
      })
      const server: any = app.listen(0)
      const port = await portOf(server)
      const conn = rawConnection(port)
      const requests = ['GET /stream HTTP/1.1\r\nHost: x\r\n\r\n', 'GET /late HTTP/1.1\r\nHost: x\r\n\r\n']
      conn.send(requests[0])
      await conn.until('part1;')
      const done = server.shutdown()
      conn.send(requests[1])
      // The stream ends once the server has read the late request.
      while (streamSocket.bytesRead < requests.join('').length) await new Promise(setImmediate)
      finishStream.resolve()
      const text = await conn.ended
      await done
      const [first, second] = text.split(/(?=HTTP\/1\.1 )/)
      return { first, second, lateReached }
    }

    it('is served with Connection: close', async () => {
      const { first, second, lateReached } = await lateRequest()
      assert.match(first, /^HTTP\/1\.1 200 OK/)
      assert.match(first, /Connection: keep-alive/i)
      assert.match(second, /^HTTP\/1\.1 200 OK/)
      assert.match(second, /Connection: close/i)
      assert.match(second, /late reply$/)
      assert.equal(lateReached, true)
    })

    it('gets 503 with Connection: close when duringShutdown is "reject"', async () => {
      const { second, lateReached } = await lateRequest({ duringShutdown: 'reject' })
      assert.match(second, /^HTTP\/1\.1 503 Service Unavailable/)
      assert.match(second, /Connection: close/i)
      assert.match(second, /Service Unavailable$/)
      assert.equal(lateReached, false)
    })
  })

  it('does not change how requests are served before a shutdown', async () => {
    const app = frameworkWith()()
    app.get('/', (req, res) => { res.send('hi') })
    const server: any = app.listen(0)
    const port = await portOf(server)
    assert.deepEqual(server.listeners('request'), [app])
    const agent = new http.Agent({ keepAlive: true })
    const reply = await get(port, '/', agent)
    assert.equal(reply.headers.connection, 'keep-alive')
    agent.destroy()
    await server.shutdown()
  })

  it('answers the first request of a connection accepted before it, with Connection: close', async () => {
    // No shutdown timeout and no headers timeout: only the request's answer ends the connection.
    const server: any = frameworkWith({ timeout: Infinity })().listen(0)
    server.headersTimeout = server.requestTimeout = 0
    const port = await portOf(server)
    const accepted = new Promise<net.Socket>((resolve) => server.once('connection', resolve))
    const conn = rawConnection(port)
    await new Promise((resolve) => conn.socket.once('connect', resolve))
    await accepted
    const done = server.shutdown()
    conn.send('GET /missing HTTP/1.1\r\nHost: x\r\n\r\n')
    const text = await conn.ended
    assert.match(text, /^HTTP\/1\.1 404 /)
    assert.match(text, /Connection: close/i)
    await done
  })

  it('answers pipelined requests that arrive together, only the last with Connection: close', async () => {
    const { app, arrived, release } = slowApp({ timeout: Infinity })
    const server: any = app.listen(0)
    const accepted = new Promise<net.Socket>((resolve) => server.once('connection', resolve))
    const conn = rawConnection(await portOf(server))
    const requests = 'GET /slow HTTP/1.1\r\nHost: x\r\n\r\n' + 'GET /fast HTTP/1.1\r\nHost: x\r\n\r\n'.repeat(3)
    conn.send(requests.slice(0, requests.indexOf('GET /fast')))
    await arrived
    const done = server.shutdown()
    conn.send(requests.slice(requests.indexOf('GET /fast')))
    // The slow reply goes once the server has read the three requests behind it.
    const socket = await accepted
    while (socket.bytesRead < requests.length) await new Promise(setImmediate)
    release()
    const replies = (await conn.ended).split(/(?=HTTP\/1\.1 )/)
    assert.equal(replies.length, 4)
    assert.match(replies[0], /slow done$/)
    for (const reply of replies.slice(0, 3)) assert.match(reply, /Connection: keep-alive/i)
    assert.match(replies[3], /Connection: close/i)
    assert.match(replies[3], /fast$/)
    await done
  })

  it('does not process a request that arrives after the Connection: close answer began', async () => {
    const app = frameworkWith({ timeout: Infinity })()
    const finish = deferred()
    let lateReached = false
    let streamSocket!: net.Socket
    app.get('/stream', (req, res) => {
      streamSocket = req.socket
      finish.promise.then(() => { res.write('part1;'); return new Promise(setImmediate) }).then(() => res.end('part2'))
    })
    app.get('/late', (req, res) => { lateReached = true; res.send('late') })
    const server: any = app.listen(0)
    const port = await portOf(server)
    const conn = rawConnection(port)
    const requests = ['GET /stream HTTP/1.1\r\nHost: x\r\n\r\n', 'GET /late HTTP/1.1\r\nHost: x\r\n\r\n']
    conn.send(requests[0])
    while (!streamSocket) await new Promise(setImmediate)
    const done = server.shutdown()
    finish.resolve()
    await conn.until('part1;')
    conn.send(requests[1])
    const text = await conn.ended
    await done
    assert.match(text, /^HTTP\/1\.1 200 OK/)
    assert.match(text, /Connection: close/i)
    assert.match(text, /part1;.*part2/s)
    assert.equal(text.split('HTTP/1.1 ').length, 2, 'one answer only')
    assert.equal(lateReached, false)
  })
})
