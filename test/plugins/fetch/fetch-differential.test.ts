// app.fetch against the same app over a socket, on the runtime the test runs on (node, and Bun
// and Deno through `npm run test:runtimes`): random requests to an app with JSON, text, bytes,
// cookies, redirects, statuses, streamed writes, files, ranges, conditional GETs, the client's
// address and protocol behind `trust proxy`, every body parser and errors, sent to the app once
// through `app.fetch(new Request(…))` and once through node:http on a port. Status, reason
// phrase, headers (hop-by-hop ones and Date aside) and body bytes must be the same. On Bun and
// Deno, the app is also served by the runtime's own server (`Bun.serve({ fetch: app.fetch })`,
// `Deno.serve(app.fetch)`) and compared the same way, through the runtime's fetch.
import { describe, it, before, after } from 'node:test'
import assert from 'node:assert/strict'
import fs from 'node:fs'
import http from 'node:http'
import os from 'node:os'
import path from 'node:path'
import fc from 'fast-check'
import defaultPreset from '../../../presets/default'
import express5Preset from '../../../presets/express5'
import modern from '../../../presets/modern'
import { serve, fetchOutcome, type Served, type Outcome } from '../../support/http-outcome'

/* eslint-disable @typescript-eslint/no-explicit-any -- apps of several presets built alike */

const HOP_BY_HOP = new Set(['connection', 'keep-alive', 'transfer-encoding', 'date'])

let dir: string
let file: string
before(() => {
  dir = fs.realpathSync(fs.mkdtempSync(path.join(os.tmpdir(), 'ristretto-fetch-')))
  file = path.join(dir, 'data.txt')
  fs.writeFileSync(file, 'abcdefghijklmnopqrstuvwxyz'.repeat(400))
  fs.utimesSync(file, new Date('2026-01-02T03:04:05Z'), new Date('2026-01-02T03:04:05Z'))
})
after(() => { fs.rmSync(dir, { recursive: true, force: true }) })

/** The fixture app of a preset: a route per kind of answer. */
function fixture (framework: any, trustProxy: boolean): any {
  const app = framework()
  app.set('env', 'test')
  app.set('trust proxy', trustProxy)
  app.get('/json', (req: any, res: any) => { res.json(req.query) })
  app.get('/text', (req: any, res: any) => { res.send(`hello ${String(req.query.n)}`) })
  app.get('/bytes', (_req: any, res: any) => { res.send(Buffer.from(Array.from({ length: 700 }, (_, i) => (i * 37) % 256))) })
  app.get('/cookies', (_req: any, res: any) => {
    res.cookie('a', '1', { httpOnly: true })
    res.cookie('b', 'two words', { path: '/x' })
    res.set('X-List', ['one', 'two'])
    res.append('Vary', 'Accept')
    res.links({ next: '/cookies?page=2' })
    res.send('cookies')
  })
  app.get('/redirect', (_req: any, res: any) => { res.redirect('/json?x=1') })
  app.get('/status/:code', (req: any, res: any) => { res.sendStatus(Number(req.params.code)) })
  app.get('/stream', (req: any, res: any) => {
    const n = Number(req.query.n ?? 3)
    res.type('text')
    let i = 0
    const next = (): void => {
      if (i === n) { res.end(`end ${n}`); return }
      res.write(`chunk ${i++};`)
      setImmediate(next)
    }
    next()
  })
  app.get('/file', (_req: any, res: any, next: any) => { res.sendFile(file, (err: any) => { if (err) next(err) }) })
  app.get('/client', (req: any, res: any) => { res.json({ ip: req.ip, ips: req.ips, protocol: req.protocol, secure: req.secure, hostname: req.hostname }) })
  app.post('/json', framework.json(), (req: any, res: any) => { res.json({ got: req.body }) })
  app.post('/form', framework.urlencoded({ extended: true }), (req: any, res: any) => { res.json({ got: req.body }) })
  app.post('/text', framework.text(), (req: any, res: any) => { res.send(`got ${String(req.body)}`) })
  app.post('/raw', framework.raw(), (req: any, res: any) => { res.send(`got ${Buffer.isBuffer(req.body) ? req.body.length : 'none'} bytes`) })
  app.get('/boom', () => { throw Object.assign(new Error('boom'), { status: 502 }) })
  // Errors answered by the app: the final handler would log them, and its page shows a stack
  // whose last frames are the transport's.
  app.use((err: any, _req: any, res: any, _next: any) => { res.status(err.status ?? 500).send(`error: ${String(err.message)}`) })
  return app
}

interface Sent {
  method: string
  path: string
  headers: Record<string, string>
  body?: string
}

/** Header lines a client compares: lowercase names, sorted, duplicates as a Web Headers combines them. */
function headerList (lines: ReadonlyArray<readonly [string, string]>): string[] {
  const headers = new Headers()
  for (const [name, value] of lines) if (!HOP_BY_HOP.has(name.toLowerCase())) headers.append(name, value)
  return [...headers].map(([name, value]) => `${name}: ${value}`)
}

interface Seen { status: number, statusText: string, headers: string[], body: string }

const ON_BUN = (globalThis as { Bun?: unknown }).Bun !== undefined

/**
 * The reason phrase as compared: node's for a status that has one. For a status without one the
 * response says `unknown`; Bun's HTTP client reads reason phrases back garbled (`HM`) from any
 * server, so on Bun they are not compared.
 */
function reason (status: number, text: string): string {
  return ON_BUN || http.STATUS_CODES[status] === undefined ? '(not compared)' : text
}

/**
 * Header lines as compared: on Bun, a Response whose body is a stream does not always keep its
 * `Content-Length` (Bun's Response), so the length is compared through the body bytes alone.
 */
function comparedHeaders (lines: string[]): string[] {
  return ON_BUN ? lines.filter((line) => !line.startsWith('content-length:')) : lines
}

function fromOutcome (o: Outcome): Seen {
  assert.equal(o.end, 'complete', `over the socket: ${o.end} ${o.error ?? ''}`)
  return {
    status: o.status!,
    statusText: reason(o.status!, o.statusMessage ?? ''),
    headers: comparedHeaders(headerList(o.headers.map((line) => [line.slice(0, line.indexOf(':')), line.slice(line.indexOf(':') + 2)] as const))),
    body: o.body.toString('latin1')
  }
}

async function fromResponse (res: Response): Promise<Seen> {
  return {
    status: res.status,
    statusText: reason(res.status, res.statusText),
    headers: comparedHeaders(headerList([...res.headers])),
    body: Buffer.from(await res.arrayBuffer()).toString('latin1')
  }
}

const HOST = 'example.test'

function webRequest (base: string, sent: Sent): Request {
  const body = sent.body === undefined ? undefined : sent.body
  return new Request(base + sent.path, { method: sent.method, headers: { host: HOST, ...sent.headers, ...(body === undefined ? {} : { 'content-length': String(Buffer.byteLength(body)) }) }, body })
}

const paths = fc.oneof(
  fc.constantFrom('/json?a=1&a=2&b[c]=3', '/json?q=%E2%82%AC%20x', '/text?n=1', '/bytes', '/cookies', '/redirect', '/stream?n=5', '/stream?n=0',
    '/file', '/client', '/boom', '/missing/%7Ething', '/status/200', '/status/204', '/status/304', '/status/404', '/status/418', '/status/599'),
  fc.integer({ min: 200, max: 599 }).map((code) => `/status/${code}`)
)

const getRequests: fc.Arbitrary<Sent> = fc.record({
  method: fc.constantFrom('GET', 'HEAD'),
  path: paths,
  headers: fc.record({
    accept: fc.constantFrom('*/*', 'application/json', 'text/html'),
    range: fc.constantFrom('', 'bytes=0-9', 'bytes=100-', 'bytes=5-1'),
    'if-none-match': fc.constantFrom('', '*', 'W/"x"'),
    'x-forwarded-for': fc.constantFrom('', '203.0.113.7', '203.0.113.7, 10.0.0.2'),
    'x-forwarded-proto': fc.constantFrom('', 'https')
  }).map((h) => Object.fromEntries(Object.entries(h).filter(([, v]) => v !== '')))
})

const postRequests: fc.Arbitrary<Sent> = fc.oneof(
  fc.record({ path: fc.constant('/json'), type: fc.constant('application/json'), body: fc.jsonValue().map((v) => JSON.stringify(v)) }),
  fc.record({ path: fc.constant('/json'), type: fc.constant('application/json'), body: fc.constantFrom('{', '{"a":', '', 'null', '"x"') }),
  fc.record({ path: fc.constant('/form'), type: fc.constant('application/x-www-form-urlencoded'), body: fc.constantFrom('a=1&a=2&b[c]=3', 'x=%E2%82%AC', '%', '') }),
  fc.record({ path: fc.constant('/text'), type: fc.constantFrom('text/plain', 'text/plain; charset=latin1'), body: fc.string() }),
  fc.record({ path: fc.constant('/raw'), type: fc.constant('application/octet-stream'), body: fc.string() })
).map(({ path: p, type, body }) => ({ method: 'POST', path: p, headers: { 'content-type': type }, body }))

const PRESETS = [['the default preset', defaultPreset], ['the express5 preset', express5Preset], ['the modern preset', modern]] as const

describe('app.fetch against the same app over node:http', () => {
  for (const [name, framework] of PRESETS) {
    for (const trustProxy of [false, true]) {
      it(`${name}, trust proxy ${String(trustProxy)}: the same status, headers and body for random requests`, async (t) => {
        const app = fixture(framework, trustProxy)
        const served: Served = await serve(app, 'createServer')
        let count = 0
        try {
          await fc.assert(fc.asyncProperty(fc.oneof(getRequests, postRequests), async (sent) => {
            count++
            const overSocket = fromOutcome(await fetchOutcome(served.port, { method: sent.method, path: sent.path, host: HOST, headers: sent.headers, body: sent.body }, 10_000))
            const overFetch = await fromResponse(await app.fetch(webRequest('http://' + HOST, sent), { remoteAddress: '127.0.0.1' }))
            assert.deepEqual(overFetch, overSocket, `${sent.method} ${sent.path}`)
          }), { numRuns: 120 })
        } finally {
          await served.close()
        }
        t.diagnostic(`${count} requests compared`)
      })
    }
  }
})

describe('app.fetch: streams and connections', () => {
  it('streams the response: the first chunk is read before the app writes the last', async () => {
    const app = defaultPreset()
    let release!: () => void
    const gate = new Promise<void>((resolve) => { release = resolve })
    app.get('/', (_req, res) => {
      res.write('first;')
      void gate.then(() => res.end('last'))
    })
    const res = await app.fetch(new Request('http://localhost/'))
    const reader = res.body!.getReader()
    const first = await reader.read()
    assert.equal(Buffer.from(first.value!).toString(), 'first;')
    release()
    let rest = ''
    for (let r = await reader.read(); !r.done; r = await reader.read()) rest += Buffer.from(r.value).toString()
    assert.equal(rest, 'last')
  })

  it('holds the app\'s writes while nobody reads: res.write returns false, then drains', async () => {
    const app = defaultPreset()
    const chunk = Buffer.alloc(64 * 1024, 120)
    let writes = 0
    let refused = false
    let drained!: () => void
    const drainedOnce = new Promise<void>((resolve) => { drained = resolve })
    app.get('/', (_req, res) => {
      const pump = (): void => {
        while (writes < 400) {
          writes++
          if (!res.write(chunk)) {
            refused = true
            res.once('drain', () => { drained(); pump() })
            return
          }
        }
        res.end()
      }
      pump()
    })
    const res = await app.fetch(new Request('http://localhost/'))
    await new Promise((resolve) => setTimeout(resolve, 50))
    assert.ok(refused, 'a write was refused while the body was unread')
    assert.ok(writes < 400, `${writes} writes made before anything was read`)
    let total = 0
    const reader = res.body!.getReader()
    for (let r = await reader.read(); !r.done; r = await reader.read()) total += r.value.length
    await drainedOnce
    assert.equal(total, 400 * chunk.length)
  })

  it('streams the request body into the app as it arrives', async () => {
    const app = defaultPreset()
    const seen: string[] = []
    let sendSecond!: () => void
    app.post('/', (req, res) => {
      req.setEncoding('utf8')
      req.on('data', (text: string) => { seen.push(text); if (seen.length === 1) sendSecond() })
      req.on('end', () => { res.send(seen.join('|')) })
    })
    const body = new ReadableStream<Uint8Array>({
      start (controller) {
        controller.enqueue(new TextEncoder().encode('one'))
        sendSecond = () => { controller.enqueue(new TextEncoder().encode('two')); controller.close() }
      }
    })
    const res = await app.fetch(new Request('http://localhost/', { method: 'POST', body, duplex: 'half' } as RequestInit & { duplex: 'half' }))
    assert.equal(await res.text(), 'one|two')
  })

  it('an aborted request reaches the app as a closed connection: aborted and close on req', async () => {
    const app = defaultPreset()
    const events: string[] = []
    let arrived!: () => void
    const inHandler = new Promise<void>((resolve) => { arrived = resolve })
    const closed = new Promise<void>((resolve) => {
      app.get('/', (req, res) => {
        req.on('aborted', () => events.push('aborted'))
        req.on('close', () => { events.push('close'); resolve() })
        res.on('close', () => events.push(`res close, finished ${String(res.writableFinished)}`))
        arrived()
      })
    })
    const controller = new AbortController()
    const pending = app.fetch(new Request('http://localhost/', { signal: controller.signal }))
    await inHandler
    controller.abort()
    await closed
    await assert.rejects(pending, { code: 'ECONNRESET' })
    assert.deepEqual(events.sort(), ['aborted', 'close', 'res close, finished false'])
  })

  it('cancelling the response body closes the connection under the app', async () => {
    const app = defaultPreset()
    const closed = new Promise<void>((resolve) => {
      app.get('/', (_req, res) => {
        res.on('close', () => resolve())
        res.write('x')
      })
    })
    const res = await app.fetch(new Request('http://localhost/'))
    await res.body!.cancel()
    await closed
  })

  it('is bound to its app and reads the client\'s address from Bun\'s server or Deno\'s info', async () => {
    const app = defaultPreset()
    app.get('/', (req, res) => { res.send(req.ip) })
    const { fetch } = app
    assert.equal(await (await fetch(new Request('http://localhost/'))).text(), '127.0.0.1')
    const bunServer = { requestIP: () => ({ address: '192.0.2.1', port: 1234, family: 'IPv4' }) }
    assert.equal(await (await fetch(new Request('http://localhost/'), bunServer)).text(), '192.0.2.1')
    const denoInfo = { remoteAddr: { transport: 'tcp', hostname: '2001:db8::1', port: 4321 } }
    assert.equal(await (await fetch(new Request('http://localhost/'), denoInfo)).text(), '2001:db8::1')
    assert.equal(Object.keys(app).includes('fetch'), false)
  })

  it('refuses a status a Web Response cannot have, with a RangeError', async () => {
    const app = defaultPreset()
    app.get('/', (_req, res) => { res.status(600).end() })
    await assert.rejects(app.fetch(new Request('http://localhost/')), RangeError)
  })
})

/**
 * A response as compared through a runtime's own server: that server frames the body itself
 * (Bun.serve sends a streamed body chunked, Deno.serve drops the `Content-Length: 0` of a 205),
 * so the length is compared through the body bytes alone.
 */
function framed (seen: Seen): Seen {
  return { ...seen, headers: seen.headers.filter((line) => !line.startsWith('content-length:')) }
}

type RuntimeServer = { url: string, stop: () => Promise<void> }

/** The runtime's own server with `app.fetch`, when the test runs on Bun or Deno. */
function runtimeServer (app: any): RuntimeServer | undefined {
  const g = globalThis as any
  if (g.Bun !== undefined) {
    const server = g.Bun.serve({ hostname: '127.0.0.1', port: 0, fetch: app.fetch })
    return { url: `http://127.0.0.1:${String(server.port)}`, stop: async () => { server.stop(true) } }
  }
  if (g.Deno !== undefined) {
    const server = g.Deno.serve({ hostname: '127.0.0.1', port: 0, onListen () {} }, app.fetch)
    return { url: `http://127.0.0.1:${String(server.addr.port)}`, stop: async () => { await server.shutdown() } }
  }
  return undefined
}

const runtime = (globalThis as any).Bun !== undefined ? 'Bun.serve' : (globalThis as any).Deno !== undefined ? 'Deno.serve' : undefined

describe(`app.fetch served by ${runtime ?? 'the runtime (Bun or Deno)'}`, () => {
  it('answers as the same app over node:http on the same runtime, through the runtime\'s fetch', { skip: runtime === undefined ? 'node has no fetch server: run on Bun or Deno (npm run test:runtimes)' : false }, async (t) => {
    const app = fixture(defaultPreset, false)
    const own = runtimeServer(app)!
    const served = await serve(app, 'createServer')
    let count = 0
    try {
      await fc.assert(fc.asyncProperty(fc.oneof(getRequests, postRequests), async (sent) => {
        count++
        const viaNode = framed(await fromResponse(await fetch(webRequest(`http://127.0.0.1:${served.port}`, sent), { redirect: 'manual' })))
        const viaRuntime = framed(await fromResponse(await fetch(webRequest(own.url, sent), { redirect: 'manual' })))
        assert.deepEqual(viaRuntime, viaNode, `${sent.method} ${sent.path}`)
      }), { numRuns: 80 })
    } finally {
      await own.stop()
      await served.close()
    }
    t.diagnostic(`${count} requests compared`)
  })
})
