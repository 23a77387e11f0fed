import { describe, it } from 'node:test'
import assert from 'node:assert/strict'
import http from 'node:http'
import express from '../../../presets/default'
import { frameworkWith, portOf, get, closed } from './support'

describe('app.close([options])', () => {
  it('shuts down every server the app created with app.listen', async () => {
    const app = frameworkWith()()
    app.get('/', (req, res) => { res.send('ok') })
    const one = app.listen(0)
    const two = app.listen(0)
    const agent = new http.Agent({ keepAlive: true })
    const replies = await Promise.all([get(await portOf(one), '/', agent), get(await portOf(two), '/', agent)])
    const start = Date.now()
    await app.close()
    assert.ok(Date.now() - start < 1000)
    assert.equal(one.listening, false)
    assert.equal(two.listening, false)
    await Promise.all(replies.map((r) => closed(r.socket)))
    agent.destroy()
  })

  it('passes the timeout on', async () => {
    const app = frameworkWith()()
    app.get('/hang', () => { /* never answers */ })
    const server = app.listen(0)
    const hanging = get(await portOf(server), '/hang', false).catch((err: Error) => err)
    await new Promise((resolve) => setTimeout(resolve, 50))
    const start = Date.now()
    await app.close({ timeout: 50 })
    assert.ok(Date.now() - start < 1000)
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
