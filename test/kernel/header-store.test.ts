import { describe, it } from 'node:test'
import assert from 'node:assert/strict'
import http, { IncomingMessage, ServerResponse } from 'node:http'
import { Socket } from 'node:net'
import request from 'supertest'
import { attachHeaderList, endStringAsBytes, headerStorePrototype, releaseHeaderList } from '../../kernel/internal/header-store'
import { createFramework } from '../../kernel'
import framework from '../../presets/default'

// The header list must be indistinguishable from node's own header storage: every method's answer,
// every error, and the head node writes. Random sequences of calls run on a plain node response and
// on one with the list; both must agree at each step.

type Res = ServerResponse & { _header?: string | null, getRawHeaderNames (): string[] }

function plainResponse (): Res {
  return new ServerResponse(new IncomingMessage(new Socket())) as Res
}

function listResponse (): Res {
  const res = plainResponse()
  Object.setPrototypeOf(res, headerStorePrototype)
  attachHeaderList(res)
  return res
}

const NAMES: unknown[] = ['Content-Type', 'content-type', 'CONTENT-TYPE', 'X-Powered-By', 'x-a', 'X-A', 'Set-Cookie',
  'Content-Length', 'content-length', 'Connection', 'Transfer-Encoding', 'Date', 'ETag', 'Vary', '1', 'Bad Name', '', 42, undefined]
const VALUES: unknown[] = ['text/html', 'a', 'close', 'keep-alive', 'chunked', 12, 0, ['a', 'b'], ['x'], [], 'bad\nvalue', undefined, 'caf\u00e9']

/** A reproducible random source (mulberry32). */
function random (seed: number): () => number {
  return () => {
    seed |= 0
    seed = seed + 0x6D2B79F5 | 0
    let t = Math.imul(seed ^ seed >>> 15, 1 | seed)
    t = t + Math.imul(t ^ t >>> 7, 61 | t) ^ t
    return ((t ^ t >>> 14) >>> 0) / 4294967296
  }
}

/** What a call did: its value (responses shown as 'this') or the error it threw. */
function outcome (res: Res, call: () => unknown): unknown {
  try {
    const value = call()
    if (value === res) return 'this'
    // Copies, so later calls changing an array in place do not change what was recorded.
    return value && typeof value === 'object' ? structuredClone(value) : value
  } catch (err) {
    return { threw: (err as { code?: string }).code ?? (err as Error).name, message: (err as Error).message }
  }
}

/** The state node writes the head from, with the Date line's value masked. */
function written (res: Res): unknown {
  const r = res as Res & Record<string, unknown>
  return {
    head: typeof res._header === 'string' ? res._header.replace(/\r\nDate: [^\r]*/, '\r\nDate: …') : res._header,
    statusCode: res.statusCode,
    statusMessage: res.statusMessage,
    flags: [r._removedConnection, r._removedContLen, r._removedTE, r.sendDate, r.chunkedEncoding, r._last, r._contentLength, r._hasBody]
  }
}

type Step = (res: Res) => unknown

function randomStep (next: () => number): { label: string, run: Step } {
  const pick = <T>(list: T[]): T => list[Math.floor(next() * list.length)]
  const name = pick(NAMES) as string
  const value = pick(VALUES) as string
  const label = JSON.stringify([name, value])
  switch (Math.floor(next() * 9)) {
    case 0:
    case 1: return { label: `setHeader ${label}`, run: (res) => res.setHeader(name, structuredClone(value)) }
    case 2: return { label: `appendHeader ${label}`, run: (res) => res.appendHeader(name, structuredClone(value)) }
    case 3: return { label: `getHeader ${label}`, run: (res) => res.getHeader(name) }
    case 4: return { label: `hasHeader ${label}`, run: (res) => res.hasHeader(name) }
    case 5: return { label: `removeHeader ${label}`, run: (res) => res.removeHeader(name) }
    case 6: return { label: 'getHeaders', run: (res) => res.getHeaders() }
    case 7: return { label: 'getHeaderNames', run: (res) => res.getHeaderNames() }
    default: return { label: 'getRawHeaderNames', run: (res) => res.getRawHeaderNames() }
  }
}

/** How the head is finally written: plain, with a reason, with headers of its own, implicitly. */
function randomFinish (next: () => number): { label: string, run: Step } {
  switch (Math.floor(next() * 6)) {
    case 0: return { label: 'writeHead(200)', run: (res) => res.writeHead(200) }
    case 1: return { label: 'writeHead(404, reason)', run: (res) => res.writeHead(404, 'Nope') }
    case 2: return { label: 'writeHead(201, object)', run: (res) => res.writeHead(201, { 'X-A': 'from writeHead', 'content-type': 'text/plain' }) }
    case 3: return { label: 'writeHead(200, array)', run: (res) => res.writeHead(200, ['X-B', '1', 'Content-Length', '3']) }
    case 4: return { label: 'writeHead(304)', run: (res) => res.writeHead(304) }
    default: return { label: 'end(body)', run: (res) => res.end('body') }
  }
}

describe('kernel header list (internal/header-store)', () => {
  it('answers every header call as node does, and writes the same head (random call sequences)', () => {
    const next = random(20261121)
    for (let sequence = 0; sequence < 1500; sequence++) {
      const native = plainResponse()
      const listed = listResponse()
      const steps = Array.from({ length: 1 + Math.floor(next() * 12) }, () => randomStep(next))
      steps.push(randomFinish(next))
      // After the head: more calls, which must throw or read alike.
      for (let i = 0; i < 3; i++) steps.push(randomStep(next))
      const trace: string[] = []
      for (const step of steps) {
        trace.push(step.label)
        assert.deepEqual(outcome(listed, () => step.run(listed)), outcome(native, () => step.run(native)), trace.join(' → '))
        assert.deepEqual(written(listed), written(native), trace.join(' → '))
      }
    }
  })

  it('hands its headers to node when released, in order', () => {
    const res = listResponse()
    res.setHeader('X-One', '1')
    res.setHeader('Content-Type', 'text/plain')
    releaseHeaderList(res)
    assert.deepEqual(ServerResponse.prototype.getHeaderNames.call(res), ['x-one', 'content-type'])
    assert.equal(res.getHeader('content-type'), 'text/plain')
    res.setHeader('X-Two', '2')
    assert.deepEqual(res.getHeaderNames(), ['x-one', 'content-type', 'x-two'])
  })

  it('is used by app.listen servers and by http.createServer(app), with the same bytes on the wire', async () => {
    const app = framework()
    app.get('/', (req, res) => {
      res.set('X-Seen', String(Object.getOwnPropertySymbols(res).some((s) => s.description === 'ristretto.headerList')))
      res.append('Set-Cookie', 'a=1')
      res.append('Set-Cookie', 'b=2')
      res.send('hello')
    })
    const server = app.listen(0)
    await new Promise((resolve) => server.once('listening', resolve))
    try {
      const viaListen = await request(server).get('/')
      const viaCreateServer = await request(http.createServer(app)).get('/')
      for (const r of [viaListen, viaCreateServer]) {
        assert.equal(r.headers['x-seen'], 'true')
        assert.deepEqual(r.headers['set-cookie'], ['a=1', 'b=2'])
        assert.equal(r.text, 'hello')
      }
      const names = (r: request.Response): string[] => (r as unknown as { res: IncomingMessage }).res.rawHeaders.filter((_, i) => i % 2 === 0)
      assert.deepEqual(names(viaListen), ['X-Powered-By', 'X-Seen', 'Set-Cookie', 'Set-Cookie', 'Content-Type', 'Content-Length', 'ETag', 'Date', 'Connection'])
      assert.deepEqual(names(viaCreateServer), names(viaListen))
    } finally {
      server.close()
    }
  })

  it('leaves no header behind when the response reaches an app of another framework copy', async () => {
    // A foreign app (here: a second kernel module's look-alike, switching to node's own methods) reads node's storage.
    const outer = framework()
    const foreignResponse = Object.create(ServerResponse.prototype)
    const foreign = Object.assign(function foreignApp () {}, {
      response: foreignResponse,
      set () {},
      emit () {},
      handle (req: IncomingMessage, res: ServerResponse) {
        Object.setPrototypeOf(res, foreignResponse)
        res.end(JSON.stringify(res.getHeaders()))
      }
    })
    outer.use((req, res, next) => { res.setHeader('X-Outer', 'yes'); next() })
    outer.use('/foreign', foreign as unknown as (req: unknown, res: unknown, next: unknown) => void)
    const r = await request(outer).get('/foreign')
    assert.deepEqual(JSON.parse(r.text), { 'x-powered-by': 'Express', 'x-outer': 'yes' })
  })

  it('keeps the headers set before a mounted express@4 app, and after it, on the wire', async () => {
    // The migration case: a Ristretto app mounting an Express 4 app, whose prototypes have node's own header methods.
    const express = (await import('express')).default
    const legacy = express()
    legacy.get('/', (req, res) => {
      res.set('X-Legacy', 'yes')
      res.json({ seen: res.getHeader('X-Outer') ?? null })
    })
    const outer = framework()
    outer.use((req, res, next) => { res.set('X-Outer', 'set before'); next() })
    outer.use('/legacy', legacy as unknown as (req: unknown, res: unknown, next: unknown) => void)
    for (const target of [http.createServer(outer), outer.listen(0)]) {
      const r = await request(target).get('/legacy')
      assert.equal(r.status, 200)
      assert.deepEqual(r.body, { seen: 'set before' })
      assert.equal(r.headers['x-outer'], 'set before')
      assert.equal(r.headers['x-legacy'], 'yes')
      if (target.listening) target.close()
    }
  })

  it('is not used for a response that already carries node-stored headers', async () => {
    const app = createFramework()()
    app.use((req, res) => {
      res.end(String(Object.getOwnPropertySymbols(res).some((s) => s.description === 'ristretto.headerList')))
    })
    const server = http.createServer((req, res) => {
      res.setHeader('X-Before', '1')
      app(req, res)
    })
    const r = await request(server).get('/')
    assert.equal(r.text, 'false')
    assert.equal(r.headers['x-before'], '1')
  })

  it('writes a head with characters above 0x7f as node does, without throwing on a non-ASCII Content-Disposition', async () => {
    // Node writes a head in latin1 before a Buffer body, and joins it to a string body in UTF-8. The
    // client reads header bytes as latin1, so `é` sent as one byte reads `é`, sent as UTF-8 `Ã©`.
    const disposition = 'attachment; filename="r\u00e9sum\u00e9.txt"'
    const send = (end: (res: ServerResponse, body: string) => void) => (req: IncomingMessage, res: ServerResponse) => {
      res.setHeader('X-Latin', 'caf\u00e9')
      res.setHeader('Content-Disposition', disposition)
      res.setHeader('Content-Length', 2)
      end(res, 'ok')
    }
    async function headers (listener: (req: IncomingMessage, res: ServerResponse) => void, withList: boolean): Promise<string[]> {
      const server = http.createServer((req, res) => {
        if (withList) {
          Object.setPrototypeOf(res, headerStorePrototype)
          attachHeaderList(res)
        }
        listener(req, res)
      })
      const r = await request(server).get('/')
      assert.equal(r.status, 200)
      assert.equal(r.text, 'ok')
      return (r as unknown as { res: IncomingMessage }).res.rawHeaders.filter((_: string, i: number, all: string[]) => i % 2 === 1 && all[i - 1] !== 'Date')
    }
    const asBuffer = await headers(send((res, body) => res.end(Buffer.from(body))), false)
    const asString = await headers(send((res, body) => res.end(body)), false)
    assert.notDeepEqual(asBuffer, asString, 'node writes the two heads differently')
    // With the list: the same bytes as node's own storage, for either body.
    assert.deepEqual(await headers(send((res, body) => res.end(Buffer.from(body))), true), asBuffer)
    assert.deepEqual(await headers(send((res, body) => res.end(body)), true), asString)
    // A string body ended as its bytes would be: the Buffer's head, with or without the list.
    assert.deepEqual(await headers(send(endStringAsBytes), true), asBuffer)
    assert.deepEqual(await headers(send(endStringAsBytes), false), asBuffer)
  })
})
