import { describe, it } from 'node:test'
import assert from 'node:assert/strict'
import http2 from 'node:http2'
import https from 'node:https'
import express from '../../../presets/default'
import { shutdownable } from '../../../plugins/graceful-shutdown'
import { selfSignedCertificate, tlsSkipReason } from '../../http2/support'
import { portOf, closed, deferred } from './support'
import { expectWarnings, mockTimersWarning } from '../../support/expected-warnings'

// What these tests are expected to raise, kept rather than printed.
expectWarnings([], [mockTimersWarning])

/** An app whose `/slow` answers when `release` is called. */
function slowApp () {
  const app = express()
  const arrived = deferred()
  const gate = deferred()
  app.get('/slow', (req, res) => { arrived.resolve(); gate.promise.then(() => res.send('slow done')) })
  app.get('/fast', (req, res) => { res.send('fast') })
  return { app, arrived: arrived.promise, release: gate.resolve }
}

function h2Get (session: http2.ClientHttp2Session, path: string): Promise<{ status: number, text: string }> {
  return new Promise((resolve, reject) => {
    const stream = session.request({ ':path': path })
    let status = 0
    let text = ''
    stream.setEncoding('utf8')
    stream.on('response', (h) => { status = Number(h[':status']) })
    stream.on('data', (chunk: string) => { text += chunk })
    stream.on('end', () => resolve({ status, text }))
    stream.on('error', reject)
    stream.end()
  })
}

describe('shutdownable(http2 server)', () => {
  it('h2c: sends GOAWAY, lets the in-flight stream finish, refuses new streams', async () => {
    const { app, arrived, release } = slowApp()
    // No timeout: the shutdown ends when the stream does, or never.
    const server = shutdownable(http2.createServer(app), { timeout: Infinity })
    server.listen(0, '127.0.0.1')
    const port = await portOf(server)
    const session = http2.connect(`http://127.0.0.1:${port}`)
    const goaway = new Promise<void>((resolve) => session.once('goaway', () => resolve()))
    session.on('error', () => {})
    const slow = h2Get(session, '/slow')
    await arrived
    const done = server.shutdown()
    await goaway
    await assert.rejects(h2Get(session, '/fast'))
    release()
    assert.deepEqual(await slow, { status: 200, text: 'slow done' })
    await done
    assert.equal(server.listening, false)
    session.destroy()
  })

  it('h2c: destroys a session whose stream outlives the timeout', async (t) => {
    const app = express()
    const arrived = deferred()
    app.get('/hang', () => { arrived.resolve() /* and never answers */ })
    const server = shutdownable(http2.createServer(app), { timeout: 100 })
    const sessions: http2.ServerHttp2Session[] = []
    server.on('session', (s: http2.ServerHttp2Session) => { sessions.push(s) })
    server.listen(0, '127.0.0.1')
    const session = http2.connect(`http://127.0.0.1:${await portOf(server)}`)
    session.on('error', () => {})
    const hanging = h2Get(session, '/hang').catch((err: Error) => err)
    await arrived.promise
    t.mock.timers.enable({ apis: ['setTimeout'] })
    const done = server.shutdown()
    t.mock.timers.tick(99)
    assert.equal(sessions[0].destroyed, false, 'destroyed before the timeout')
    t.mock.timers.tick(1)
    assert.equal(sessions[0].destroyed, true, 'not destroyed at the timeout')
    await done
    // The stream was cut: an error, or an end without any response.
    const outcome = await hanging
    assert.ok(outcome instanceof Error || outcome.status === 0, JSON.stringify(outcome))
  })

  it('TLS with allowHTTP1: closes an idle HTTP/1.1 connection after its next request and drains an h2 session', { skip: tlsSkipReason() }, async () => {
    const cert = selfSignedCertificate()!
    const { app, arrived, release } = slowApp()
    // No timeout (and no keep-alive timeout for HTTP/1 here): the HTTP/1 connection ends after its next request only.
    const server = shutdownable(http2.createSecureServer({ key: cert.key, cert: cert.cert, allowHTTP1: true }, app), { timeout: Infinity })
    server.listen(0, '127.0.0.1')
    const port = await portOf(server)

    // An HTTP/1.1 keep-alive connection, idle after its request.
    const agent = new https.Agent({ keepAlive: true, ca: cert.cert, servername: 'localhost' })
    const http1Get = () => new Promise<{ socket: import('node:net').Socket, connection?: string }>((resolve, reject) => {
      https.get({ host: '127.0.0.1', port, path: '/fast', agent, servername: 'localhost' }, (res) => {
        const socket = res.socket
        res.resume()
        res.on('end', () => resolve({ socket, connection: res.headers.connection }))
      }).on('error', reject)
    })
    const http1Socket = (await http1Get()).socket

    const session = http2.connect(`https://localhost:${port}`, { ca: cert.cert })
    session.on('error', () => {})
    const slow = h2Get(session, '/slow')
    await arrived
    const done = server.shutdown()
    const next = await http1Get()
    assert.equal(next.socket, http1Socket)
    assert.equal(next.connection, 'close')
    await closed(http1Socket)
    release()
    assert.deepEqual(await slow, { status: 200, text: 'slow done' })
    await done
    agent.destroy()
    session.destroy()
  })
})
