// Load and soak run (`npm run soak`, not in CI): 200 000 keep-alive requests across the full-stack app, checked one by one.
// The app runs in a child process, so its RSS and open descriptors are measured alone; this process is the load generator.
import assert from 'node:assert/strict'
import { fork, type ChildProcess } from 'node:child_process'
import fs from 'node:fs'
import net from 'node:net'
import type { AddressInfo } from 'node:net'
import http from 'node:http'
import { createFullStackApp, GET_ROUTES, SECRET_TEXT } from './full-stack-app'
import { parseResponses, type RawResponse } from './support'

const TOTAL = Number(process.env.SOAK_REQUESTS) || 200000
const CONNECTIONS = Number(process.env.SOAK_CONNECTIONS) || 32
/** Samples of the server's RSS and descriptors taken during the run. */
const SAMPLES = 20
/** Largest RSS growth allowed between the middle and the end of the run. */
const MAX_SECOND_HALF_GROWTH = 0.05

interface ServerStats { rss: number, heapUsed: number, fds: number, connections: number, logLines: number }

// ---- the server side (child process) ----------------------------------------------------------

function runServer (): void {
  let logLines = 0
  let connections = 0
  const app = createFullStackApp({ log: { write () { logLines++; return true } } })
  const server = http.createServer(app)
  server.on('connection', (socket) => {
    connections++
    socket.on('close', () => { connections-- })
  })
  const gc = (globalThis as { gc?: () => void }).gc
  process.on('message', (message: { type: string }) => {
    if (message.type === 'stats') {
      if (gc) gc()
      const memory = process.memoryUsage()
      const stats: ServerStats = { rss: memory.rss, heapUsed: memory.heapUsed, fds: fs.readdirSync('/proc/self/fd').length, connections, logLines }
      process.send!({ type: 'stats', stats })
    } else if (message.type === 'stop') {
      server.close(() => process.exit(0))
      server.closeAllConnections()
    }
  })
  server.listen(0, '127.0.0.1', () => {
    process.send!({ type: 'ready', port: (server.address() as AddressInfo).port })
  })
}

// ---- the load generator -----------------------------------------------------------------------

/** One request of the mix and how to tell its answer is right. */
interface Probe {
  readonly name: string
  readonly raw: Buffer
  readonly head: boolean
  readonly status: number
  readonly check?: (res: RawResponse) => boolean
}

function probe (name: string, method: string, target: string, status: number, options: { headers?: Record<string, string>, body?: string, check?: (res: RawResponse) => boolean } = {}): Probe {
  const lines = [`${method} ${target} HTTP/1.1`, 'Host: localhost']
  for (const [key, value] of Object.entries(options.headers || {})) lines.push(`${key}: ${value}`)
  if (options.body !== undefined) lines.push(`Content-Length: ${Buffer.byteLength(options.body)}`)
  const raw = Buffer.from(lines.join('\r\n') + '\r\n\r\n' + (options.body ?? ''))
  return { name, raw, head: method === 'HEAD', status, check: options.check }
}

const bodyIs = (text: string) => (res: RawResponse): boolean => res.body.toString() === text
const jsonIs = (value: unknown) => (res: RawResponse): boolean => {
  try { return JSON.stringify(JSON.parse(res.body.toString())) === JSON.stringify(value) } catch { return false }
}

/** The mix: every GET route of the app, bodies for each parser, and the error paths (they must not leak either). */
const PROBES: readonly Probe[] = [
  ...GET_ROUTES.map((r) => probe(`GET ${r.path}`, 'GET', r.path, r.status)),
  probe('GET /users/42 (checked)', 'GET', '/users/42', 200, { check: jsonIs({ id: '42' }) }),
  probe('GET /static/hello.txt (checked)', 'GET', '/static/hello.txt', 200, { check: bodyIs('hello, world\n') }),
  probe('HEAD /static/hello.txt', 'HEAD', '/static/hello.txt', 200),
  probe('GET /static/hello.txt range', 'GET', '/static/hello.txt', 206, { headers: { Range: 'bytes=0-4' }, check: bodyIs('hello') }),
  probe('POST /echo json', 'POST', '/echo', 200, { headers: { 'Content-Type': 'application/json' }, body: '{"a":[1,2,{"b":"c"}]}', check: jsonIs({ body: { a: [1, 2, { b: 'c' }] } }) }),
  probe('POST /echo form', 'POST', '/echo', 200, { headers: { 'Content-Type': 'application/x-www-form-urlencoded' }, body: 'a[b]=1&c=2', check: jsonIs({ body: { a: { b: '1' }, c: '2' } }) }),
  probe('POST /echo text', 'POST', '/echo', 200, { headers: { 'Content-Type': 'text/plain' }, body: 'plain', check: jsonIs({ body: 'plain' }) }),
  probe('POST /upload raw', 'POST', '/upload', 200, { headers: { 'Content-Type': 'application/octet-stream' }, body: 'x'.repeat(5000), check: jsonIs({ received: 5000 }) }),
  probe('POST /api/echo bad json', 'POST', '/api/echo', 400, { headers: { 'Content-Type': 'application/json' }, body: '{"a":' }),
  probe('POST /api/echo over limit', 'POST', '/api/echo', 413, { headers: { 'Content-Type': 'application/json' }, body: '"' + 'x'.repeat(3000) + '"' }),
  probe('POST /api/echo bad charset', 'POST', '/api/echo', 415, { headers: { 'Content-Type': 'application/json; charset=klingon' }, body: '{}' }),
  probe('GET /users/%E0 (bad escape)', 'GET', '/users/%E0%A4%A', 400),
  probe('GET traversal', 'GET', '/files/..%2fsecret.txt', 403),
  probe('GET /header CRLF', 'GET', '/header?value=a%0d%0aX:1', 500),
  probe('GET /query pollution', 'GET', '/query?__proto__[polluted]=1&a=1', 200, { check: jsonIs({ a: '1' }) }),
  probe('OPTIONS /users/1', 'OPTIONS', '/users/1', 200, { check: bodyIs('GET,HEAD') }),
  probe('GET /teapot', 'GET', '/teapot', 418)
]

interface Tally {
  sent: number
  byStatus: Map<number, number>
  wrong: Map<string, number>
  errors: number
}

/** A keep-alive connection sending probes one after another until the shared budget is spent. */
async function connectionLoop (port: number, start: number, tally: Tally): Promise<void> {
  let socket = await connect(port)
  let buffer = Buffer.alloc(0)
  let closed = false
  let wake: (() => void) | undefined
  const attach = (s: net.Socket): void => {
    s.on('data', (chunk) => { buffer = buffer.length === 0 ? chunk : Buffer.concat([buffer, chunk]); if (wake) wake() })
    s.on('close', () => { closed = true; if (wake) wake() })
    s.on('error', () => {})
  }
  attach(socket)
  let i = start
  while (tally.sent < TOTAL) {
    tally.sent++
    const p = PROBES[i++ % PROBES.length]
    socket.write(p.raw)
    let res: RawResponse | undefined
    for (;;) {
      const parsed = parseResponses(buffer, p.head, closed)
      if (parsed.responses.length > 0 && parsed.responses[0].complete) {
        res = parsed.responses[0]
        buffer = buffer.subarray(buffer.length - parsed.trailing.length)
        break
      }
      if (closed) break
      await new Promise<void>((resolve) => { wake = resolve })
      wake = undefined
    }
    if (!res) {
      tally.errors++
    } else {
      tally.byStatus.set(res.statusCode, (tally.byStatus.get(res.statusCode) || 0) + 1)
      const right = res.statusCode === p.status && (!p.check || p.check(res)) && !res.body.toString('latin1').includes(SECRET_TEXT)
      if (!right) tally.wrong.set(p.name, (tally.wrong.get(p.name) || 0) + 1)
    }
    if (closed || (res && /close/i.test(String(res.headers.connection || '')))) {
      // The server ended this connection (as it may after some errors): open another one.
      socket.destroy()
      socket = await connect(port)
      buffer = Buffer.alloc(0)
      closed = false
      attach(socket)
    }
  }
  socket.destroy()
}

function connect (port: number): Promise<net.Socket> {
  return new Promise((resolve, reject) => {
    const socket = net.connect(port, '127.0.0.1', () => resolve(socket))
    socket.once('error', reject)
  })
}

function requestStats (child: ChildProcess): Promise<ServerStats> {
  return new Promise((resolve) => {
    const onMessage = (message: { type: string, stats: ServerStats }): void => {
      if (message.type !== 'stats') return
      child.removeListener('message', onMessage)
      resolve(message.stats)
    }
    child.on('message', onMessage)
    child.send({ type: 'stats' })
  })
}

/** Growth along the least-squares line through `points` ([x, y]), from its first x to its last, relative to its start. */
function trend (points: ReadonlyArray<readonly [number, number]>): number {
  const n = points.length
  const mx = points.reduce((a, p) => a + p[0], 0) / n
  const my = points.reduce((a, p) => a + p[1], 0) / n
  const sxy = points.reduce((a, p) => a + (p[0] - mx) * (p[1] - my), 0)
  const sxx = points.reduce((a, p) => a + (p[0] - mx) ** 2, 0)
  const slope = sxx === 0 ? 0 : sxy / sxx
  const first = my + slope * (points[0][0] - mx)
  const last = my + slope * (points[n - 1][0] - mx)
  return (last - first) / first
}

const mb = (bytes: number): string => (bytes / 1024 / 1024).toFixed(1) + ' MB'

async function runLoad (): Promise<void> {
  const child = fork(__filename, ['--server'], { execArgv: ['--import', 'tsx', '--expose-gc'], env: { ...process.env, NODE_ENV: 'production' } })
  const port = await new Promise<number>((resolve) => {
    child.on('message', (message: { type: string, port: number }) => { if (message.type === 'ready') resolve(message.port) })
  })

  const before = await requestStats(child)
  const tally: Tally = { sent: 0, byStatus: new Map(), wrong: new Map(), errors: 0 }
  const samples: Array<{ done: number, stats: ServerStats }> = []
  const started = Date.now()
  let sampling = true
  const sampler = (async () => {
    let next = 1
    while (sampling) {
      if (tally.sent >= (TOTAL * next) / SAMPLES) {
        samples.push({ done: tally.sent, stats: await requestStats(child) })
        next++
      }
      await new Promise((resolve) => setTimeout(resolve, 50))
    }
  })()
  await Promise.all(Array.from({ length: CONNECTIONS }, (_, c) => connectionLoop(port, c * 7, tally)))
  const seconds = (Date.now() - started) / 1000
  sampling = false
  await sampler
  samples.push({ done: tally.sent, stats: await requestStats(child) })
  await new Promise((resolve) => setTimeout(resolve, 500))
  const afterStats = await requestStats(child)
  child.send({ type: 'stop' })

  const answered = [...tally.byStatus.values()].reduce((a, b) => a + b, 0)
  // RSS moves by tens of MB as buffers come and go; a leak is a trend. Fit a line through the
  // second half's samples and compare its end with its start.
  const secondHalf = samples.filter((s) => s.done >= TOTAL / 2)
  const growth = trend(secondHalf.map((s) => [s.done, s.stats.rss]))
  const heapGrowth = trend(secondHalf.map((s) => [s.done, s.stats.heapUsed]))

  console.log(`soak: ${TOTAL} requests over ${CONNECTIONS} keep-alive connections, ${PROBES.length} kinds of request`)
  console.log(`  time ${seconds.toFixed(1)} s, ${(answered / seconds).toFixed(0)} requests/s`)
  console.log('  answers by status:', Object.fromEntries([...tally.byStatus].sort((a, b) => a[0] - b[0])))
  console.log(`  wrong answers: ${[...tally.wrong.values()].reduce((a, b) => a + b, 0)}`, Object.fromEntries(tally.wrong))
  console.log(`  errors (no answer): ${tally.errors}`)
  console.log(`  log lines written: ${afterStats.logLines}`)
  console.log(`  server before: rss ${mb(before.rss)}, heap ${mb(before.heapUsed)}, fds ${before.fds}, connections ${before.connections}`)
  for (const s of samples) console.log(`  during ${String(s.done).padStart(7)}: rss ${mb(s.stats.rss)}, heap ${mb(s.stats.heapUsed)}, fds ${s.stats.fds}, connections ${s.stats.connections}`)
  console.log(`  server after: rss ${mb(afterStats.rss)}, heap ${mb(afterStats.heapUsed)}, fds ${afterStats.fds}, connections ${afterStats.connections}`)
  console.log(`  RSS growth over the second half (fitted trend of ${secondHalf.length} samples): ${(growth * 100).toFixed(2)}% (limit ${MAX_SECOND_HALF_GROWTH * 100}%); heap: ${(heapGrowth * 100).toFixed(2)}%`)

  assert.equal(answered + tally.errors, TOTAL)
  assert.equal(tally.errors, 0, 'requests without an answer')
  assert.equal(tally.wrong.size, 0, 'wrong answers')
  assert.ok(growth < MAX_SECOND_HALF_GROWTH, 'RSS kept growing')
  assert.equal(afterStats.connections, 0, 'connections left open')
  assert.ok(afterStats.fds <= before.fds + 1, `descriptors left open: ${afterStats.fds} after, ${before.fds} before`)
  console.log('soak: passed')
}

if (process.argv.includes('--server')) {
  runServer()
} else {
  runLoad().catch((err) => {
    console.error(err)
    process.exitCode = 1
  })
}
