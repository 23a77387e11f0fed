import { describe, it } from 'node:test'
import assert from 'node:assert/strict'
import http from 'node:http'
import type net from 'node:net'
import express from '../../../presets/default'
import { frameworkWith, portOf, get, closed, deferred } from './support'
import { expectWarnings, mockTimersWarning } from '../../support/expected-warnings'

// What these tests are expected to raise, kept rather than printed.
expectWarnings([], [mockTimersWarning])

describe('app.close([options])', () => {
  it('shuts down every server the app created with app.listen', async () => {
    const app = frameworkWith({ timeout: Infinity })()
    app.get('/', (req, res) => { res.send('ok') })
    const one = app.listen(0)
    const two = app.listen(0)
    // No keep-alive timeout: the idle connections close after their next request only.
    one.keepAliveTimeout = two.keepAliveTimeout = 0
    const agent = new http.Agent({ keepAlive: true })
    const ports = [await portOf(one), await portOf(two)]
    const replies = await Promise.all(ports.map((port) => get(port, '/', agent)))
    const closing = app.close()
    assert.equal(one.listening, false)
    assert.equal(two.listening, false)
    const last = await Promise.all(ports.map((port) => get(port, '/', agent)))
    assert.deepEqual(last.map((r) => r.socket), replies.map((r) => r.socket))
    assert.deepEqual(last.map((r) => r.headers.connection), ['close', 'close'])
    await Promise.all(replies.map((r) => closed(r.socket)))
    await closing
    agent.destroy()
  })

  it('passes the timeout on', async (t) => {
    const app = frameworkWith()()
    const arrived = deferred()
    let socket: net.Socket | undefined
    app.get('/hang', (req) => { socket = req.socket; arrived.resolve() /* and never answers */ })
    const server = app.listen(0)
    const hanging = get(await portOf(server), '/hang', false).catch((err: Error) => err)
    await arrived.promise
    t.mock.timers.enable({ apis: ['setTimeout'] })
    const closing = app.close({ timeout: 50 })
    t.mock.timers.tick(49)
    assert.equal(socket!.destroyed, false, 'destroyed before the timeout')
    t.mock.timers.tick(1)
    assert.equal(socket!.destroyed, true, 'not destroyed at the timeout')
    await closing
    assert.ok(await hanging instanceof Error)
  })

  it('resolves at once when the app has no server', async () => {
    await frameworkWith()().close()
  })

  it('forgets servers that were closed', async () => {
    const app = frameworkWith()()
    const server = app.listen(0)
    await portOf(server)
    await new Promise((resolve) => server.close(resolve))
    await app.close()
  })

  it('is not part of the default preset', () => {
    assert.equal((express() as any).close, undefined)
  })
})
