import { describe, it } from 'node:test'
import assert from 'node:assert/strict'
import http, { IncomingMessage, ServerResponse } from 'node:http'
import { Socket } from 'node:net'
import type { AddressInfo } from 'node:net'
import logger from '../../../plugins/logger'
import { onResponseFinished } from '../../../plugins/shared/response-finished'
import type { LoggerResponse } from '../../../plugins/logger/types'
import { bareServer, captureLines } from './support'

/** Resolves after `ms` milliseconds, to show nothing more arrives. */
const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

describe('logger: when the line is written', () => {
  it('once, after the response finished', async () => {
    const out = captureLines()
    const server = bareServer(logger(':method :url :status', { stream: out.stream }), (req, res) => { res.end('ok') })
    await new Promise<void>((resolve) => server.listen(0, resolve))
    const { port } = server.address() as AddressInfo
    const res = await fetch(`http://127.0.0.1:${port}/done`)
    assert.equal(await res.text(), 'ok')
    assert.equal(await out.nextLine(), 'GET /done 200')
    await pause(30)
    assert.deepEqual(out.pending, [], 'one line only')
    server.closeAllConnections()
    server.close()
  })

  it('once, when the client goes away before the response is sent', async () => {
    const out = captureLines()
    let answer: (() => void) | undefined
    const server = bareServer(logger(':method :url :status', { stream: out.stream }), (req, res) => {
      // Answer only after the client is gone: the line must not wait for it, nor come twice.
      answer = () => { res.end('late') }
      req.socket.destroy()
    })
    await new Promise<void>((resolve) => server.listen(0, resolve))
    const { port } = server.address() as AddressInfo
    const client = http.request({ port, path: '/gone' })
    client.on('error', () => {})
    client.end()
    assert.equal(await out.nextLine(), 'GET /gone -')
    answer!()
    await pause(30)
    assert.deepEqual(out.pending, [], 'one line only')
    server.closeAllConnections()
    server.close()
  })

  it('on the next turn when the response is already over', async () => {
    const res = new ServerResponse(new IncomingMessage(new Socket())) as LoggerResponse
    res.destroy()
    const calls: unknown[] = []
    onResponseFinished(res, (err, r) => { calls.push([err, r === res]) }, 'response')
    assert.deepEqual(calls, [], 'not synchronously')
    await new Promise((resolve) => setImmediate(resolve))
    assert.deepEqual(calls, [[null, true]])
  })

  it('leaves no listener behind on the response', async () => {
    let seen: ServerResponse | undefined
    const out = captureLines()
    const server = bareServer(logger('tiny', { stream: out.stream }), (req, res) => { seen = res; res.end('ok') })
    await new Promise<void>((resolve) => server.listen(0, resolve))
    const { port } = server.address() as AddressInfo
    await (await fetch(`http://127.0.0.1:${port}/`)).text()
    await out.nextLine()
    const ours = (name: string) => seen!.listeners(name).filter((f) => f.name === 'over').length
    assert.equal(ours('finish') + ours('close'), 0)
    server.closeAllConnections()
    server.close()
  })
})
