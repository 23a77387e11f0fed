import { describe, it } from 'node:test'
import assert from 'node:assert/strict'
import http from 'node:http'
import express from '../../../presets/default'
import { shutdownable } from '../../../plugins/graceful-shutdown'
import { portOf, get, closed, deferred } from './support'

describe('shutdownable(server[, options])', () => {
  it('adds shutdown() to a server made elsewhere, with the default preset', async () => {
    const app = express()
    const gate = deferred()
    const arrived = deferred()
    app.get('/slow', (req, res) => { arrived.resolve(); gate.promise.then(() => res.send('done')) })
    app.get('/fast', (req, res) => { res.send('fast') })
    const server = shutdownable(http.createServer(app), { timeout: 5000 })
    assert.equal(server.shuttingDown, false)
    // No keep-alive timeout: the idle connection closes after its next request only.
    server.keepAliveTimeout = 0
    server.listen(0)
    const port = await portOf(server)
    const agent = new http.Agent({ keepAlive: true })
    const slow = get(port, '/slow', agent)
    await arrived.promise
    const fast = await get(port, '/fast', agent)
    const done = server.shutdown()
    assert.equal(server.shuttingDown, true)
    const next = await get(port, '/fast', agent)
    assert.equal(next.socket, fast.socket)
    assert.equal(next.headers.connection, 'close')
    await closed(fast.socket)
    gate.resolve()
    const reply = await slow
    assert.equal(reply.body, 'done')
    assert.equal(reply.headers.connection, 'close')
    await done
    agent.destroy()
  })

  it('returns the same server, and is idempotent', () => {
    const server = http.createServer()
    const a = shutdownable(server)
    assert.equal(a, server)
    const shutdown = a.shutdown
    assert.equal(shutdownable(server).shutdown, shutdown)
  })

  it('checks its options', () => {
    assert.throws(() => shutdownable(http.createServer(), { timeout: -5 }), TypeError)
    assert.throws(() => shutdownable(http.createServer(), { duringShutdown: 'later' as any }), TypeError)
    assert.throws(() => shutdownable(http.createServer(), { signals: 'SIGTERM' as any }), TypeError)
  })
})
