// res.send ends a hashed string body as the Buffer Express sends, whatever wraps the response.
import { describe, it } from 'node:test'
import assert from 'node:assert/strict'
import http from 'node:http'
import express4 from 'express'
import ristretto = require('../../../presets/default')
import { sideBySide, exchange, headerLines, type RawReply } from '../../support/differential'

type Setup = (app: any) => void

async function same (setup: Setup, path = '/'): Promise<void> {
  const theirs = express4()
  const ours = ristretto()
  setup(theirs)
  setup(ours)
  await sideBySide(ours as unknown as http.RequestListener, theirs as unknown as http.RequestListener, async (ourPort, theirPort) => {
    const view = (r: RawReply) => ({ status: r.status, headers: headerLines(r), body: r.body.toString('latin1') })
    const [a, b] = await Promise.all([exchange(ourPort, { path }), exchange(theirPort, { path })])
    assert.deepEqual(view(a), view(b))
  })
}

describe('res.send(string) with an ETag: the bytes of its Buffer', () => {
  it('a res.end wrapper that sets a header before ending still sends it', () => same((app) => {
    app.use((req: any, res: any, next: any) => {
      const end = res.end
      res.end = function (...args: unknown[]) { res.setHeader('X-Ended', 'yes'); return end.apply(this, args) }
      next()
    })
    app.get('/', (req: any, res: any) => { res.send('hello') })
  }))

  it('a writeHead wrapper sees the status and every header once', () => same((app) => {
    app.use((req: any, res: any, next: any) => {
      const writeHead = res.writeHead
      let calls = 0
      res.writeHead = function (...args: unknown[]) { calls++; res.setHeader('X-Heads', String(calls)); return writeHead.apply(this, args) }
      next()
    })
    app.get('/', (req: any, res: any) => { res.status(201).send('made') })
  }))

  it('a head with characters above 0x7f goes out in latin1, before a UTF-8 body', () => same((app) => {
    app.get('/', (req: any, res: any) => {
      res.attachment('résumé.txt')
      res.set('X-Note', 'caf\u00e9')
      res.send('d\u00e9j\u00e0 vu \u2603')
    })
  }))

  it('a status message above 0x7f likewise', () => same((app) => {
    app.get('/', (req: any, res: any) => { res.statusMessage = 'Tr\u00e8s bien'; res.send('ok') })
  }))
})
