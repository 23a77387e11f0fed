// Tools of the reliability tests: a raw-socket HTTP client and response parser, health, pollution and leak checks.
import assert from 'node:assert/strict'
import fs from 'node:fs'
import http from 'node:http'
import net from 'node:net'
import type { AddressInfo } from 'node:net'

const HEAD_END = Buffer.from('\r\n\r\n')
const CRLF = Buffer.from('\r\n')

/** One parsed response of a raw exchange. */
export interface RawResponse {
  statusCode: number
  statusMessage: string
  /** Lower-case names; repeated headers as arrays. */
  headers: Record<string, string | string[]>
  /** The status line and headers as received. */
  head: string
  body: Buffer
  /** Whether the body ended where its framing said (Content-Length, last chunk, or close). */
  complete: boolean
}

/** Everything a raw exchange saw. */
export interface RawExchange {
  /** Final responses, in order (1xx interim responses are skipped). */
  responses: RawResponse[]
  /** Bytes after the last complete response that did not form one. */
  trailing: Buffer
  /** The server closed or reset the connection. */
  closed: boolean
  /** The socket's error code, if any (ECONNRESET, EPIPE...). */
  error?: string
  /** Nothing closed the connection in time: the client gave up. */
  timedOut: boolean
  /** Milliseconds from connect to close (or timeout). */
  elapsed: number
}

export interface ExchangeOptions {
  /** Give up after this many ms (default 5000). */
  timeout?: number
  /** The requests are HEAD requests: responses carry no body. */
  head?: boolean
  /** Delay between chunks of `data` when it is an array (ms, default 0). */
  interval?: number
}

function parseHead (head: string): Pick<RawResponse, 'statusCode' | 'statusMessage' | 'headers'> {
  const lines = head.split('\r\n')
  const status = /^HTTP\/1\.[01] (\d{3})(?: (.*))?$/.exec(lines[0])
  if (!status) throw new Error('not a status line: ' + JSON.stringify(lines[0]))
  const headers: Record<string, string | string[]> = {}
  for (const line of lines.slice(1)) {
    const colon = line.indexOf(':')
    const name = line.slice(0, colon).toLowerCase()
    const value = line.slice(colon + 1).trim()
    const prev = headers[name]
    headers[name] = prev === undefined ? value : ([] as string[]).concat(prev, value)
  }
  return { statusCode: Number(status[1]), statusMessage: status[2] || '', headers }
}

/** Decodes a chunked body from `buf`; returns the body and the bytes used, or undefined when incomplete. */
function parseChunked (buf: Buffer): { body: Buffer, used: number } | undefined {
  const parts: Buffer[] = []
  let pos = 0
  for (;;) {
    const lineEnd = buf.indexOf(CRLF, pos)
    if (lineEnd === -1) return undefined
    const size = parseInt(buf.subarray(pos, lineEnd).toString('latin1'), 16)
    if (Number.isNaN(size)) throw new Error('bad chunk size')
    pos = lineEnd + 2
    if (size === 0) {
      // Trailers (none expected) end with an empty line.
      const end = buf.indexOf(CRLF, pos)
      if (end === -1) return undefined
      return { body: Buffer.concat(parts), used: end + 2 }
    }
    if (buf.length < pos + size + 2) return undefined
    parts.push(buf.subarray(pos, pos + size))
    pos += size + 2
  }
}

/** Splits raw bytes into responses. `closed`: the stream ended (a body framed by close is complete). */
export function parseResponses (raw: Buffer, head: boolean, closed: boolean): { responses: RawResponse[], trailing: Buffer } {
  const responses: RawResponse[] = []
  let rest = raw
  while (rest.length > 0) {
    const end = rest.indexOf(HEAD_END)
    if (end === -1) break
    const headText = rest.subarray(0, end).toString('latin1')
    const parsed = parseHead(headText)
    const after = rest.subarray(end + 4)
    if (parsed.statusCode >= 100 && parsed.statusCode < 200) {
      rest = after
      continue
    }
    const response: RawResponse = { ...parsed, head: headText, body: Buffer.alloc(0), complete: false }
    const te = String(parsed.headers['transfer-encoding'] || '').toLowerCase()
    const cl = parsed.headers['content-length']
    if (head || parsed.statusCode === 204 || parsed.statusCode === 304) {
      response.complete = true
      rest = after
    } else if (te.includes('chunked')) {
      const chunked = parseChunked(after)
      if (!chunked) {
        response.body = after
        responses.push(response)
        rest = Buffer.alloc(0)
        break
      }
      response.body = chunked.body
      response.complete = true
      rest = after.subarray(chunked.used)
    } else if (cl !== undefined) {
      const length = Number(Array.isArray(cl) ? cl[0] : cl)
      response.body = after.subarray(0, length)
      response.complete = after.length >= length
      rest = after.subarray(Math.min(length, after.length))
    } else {
      response.body = after
      response.complete = closed
      rest = Buffer.alloc(0)
    }
    responses.push(response)
    if (!response.complete) break
  }
  return { responses, trailing: rest }
}

/**
 * Writes `data` (one piece, or pieces sent one after another) on a fresh connection and reads
 * until the server closes it, or the timeout. The request should ask for `Connection: close`.
 */
export function rawExchange (port: number, data: string | Buffer | ReadonlyArray<string | Buffer>, options: ExchangeOptions = {}): Promise<RawExchange> {
  const timeout = options.timeout ?? 5000
  const pieces = typeof data === 'string' || Buffer.isBuffer(data) ? [data] : data
  return new Promise((resolve) => {
    const started = Date.now()
    const chunks: Buffer[] = []
    let error: string | undefined
    let timedOut = false
    let settled = false
    const socket = net.connect(port, '127.0.0.1')
    const timer = setTimeout(() => { timedOut = true; socket.destroy() }, timeout)
    socket.on('data', (chunk) => { chunks.push(chunk) })
    socket.on('error', (err: NodeJS.ErrnoException) => { error = err.code || err.message })
    socket.on('close', () => {
      if (settled) return
      settled = true
      clearTimeout(timer)
      const { responses, trailing } = parseResponses(Buffer.concat(chunks), Boolean(options.head), !timedOut)
      resolve({ responses, trailing, closed: !timedOut, error, timedOut, elapsed: Date.now() - started })
    })
    socket.once('connect', () => {
      let i = 0
      const writeNext = (): void => {
        if (i >= pieces.length || socket.destroyed) return
        socket.write(pieces[i++])
        if (options.interval) setTimeout(writeNext, options.interval)
        else writeNext()
      }
      writeNext()
    })
  })
}

/** A request as raw text: adds `Host` (unless given or `null`) and `Connection: close`, and Content-Length for a body. */
export function rawRequest (method: string, target: string, headers: Record<string, string | null> = {}, body?: string | Buffer): Buffer {
  const lines = [`${method} ${target} HTTP/1.1`]
  const names = Object.keys(headers).map((h) => h.toLowerCase())
  if (!names.includes('host')) lines.push('Host: localhost')
  for (const [name, value] of Object.entries(headers)) {
    if (value !== null) lines.push(`${name}: ${value}`)
  }
  if (!names.includes('connection')) lines.push('Connection: close')
  if (body !== undefined && !names.includes('content-length') && !names.includes('transfer-encoding')) {
    lines.push(`Content-Length: ${Buffer.byteLength(body)}`)
  }
  const head = Buffer.from(lines.join('\r\n') + '\r\n\r\n', 'latin1')
  return body === undefined ? head : Buffer.concat([head, Buffer.isBuffer(body) ? body : Buffer.from(body)])
}

/** Sends one request and asserts exactly one complete response came back, then the connection closed. */
export async function sendOne (port: number, request: Buffer | string, options: ExchangeOptions = {}): Promise<RawResponse> {
  const ex = await rawExchange(port, request, options)
  assert.equal(ex.timedOut, false, 'the server left the connection hanging')
  assert.equal(ex.responses.length, 1, `expected one response, got ${ex.responses.length}: ${ex.responses.map((r) => r.head.split('\r\n')[0]).join(' | ')}`)
  assert.equal(ex.responses[0].complete, true, 'the response was cut short')
  assert.equal(ex.trailing.length, 0, 'bytes after the response: ' + JSON.stringify(ex.trailing.toString('latin1').slice(0, 80)))
  return ex.responses[0]
}

/** A listening server for `handler` on a random local port. */
export interface TestServer {
  server: http.Server
  port: number
  close (): Promise<void>
}

export function startServer (handler: http.RequestListener, options: http.ServerOptions = {}): Promise<TestServer> {
  return new Promise((resolve) => {
    const server = http.createServer(options, handler)
    server.listen(0, '127.0.0.1', () => {
      const port = (server.address() as AddressInfo).port
      resolve({
        server,
        port,
        close: () => new Promise<void>((done) => {
          server.close(() => done())
          server.closeAllConnections()
        })
      })
    })
  })
}

/** Asserts the server still answers a plain request correctly. */
export async function assertHealthy (port: number): Promise<void> {
  const res = await sendOne(port, rawRequest('GET', '/health'))
  assert.equal(res.statusCode, 200)
  assert.equal(res.body.toString(), 'ok')
}

/** A snapshot of Object.prototype (and the other shared prototypes): names and values. */
export type PrototypeSnapshot = ReadonlyMap<string, unknown>

const WATCHED: ReadonlyArray<[string, object]> = [
  ['Object', Object.prototype],
  ['Array', Array.prototype],
  ['Function', Function.prototype],
  ['String', String.prototype]
]

export function snapshotPrototypes (): PrototypeSnapshot {
  const map = new Map<string, unknown>()
  for (const [label, proto] of WATCHED) {
    for (const key of Reflect.ownKeys(proto)) {
      const desc = Object.getOwnPropertyDescriptor(proto, key)!
      map.set(`${label}.${String(key)}`, 'value' in desc ? desc.value : desc.get)
    }
  }
  return map
}

/** Names a polluting request would try to plant. */
export const POLLUTION_PROBES = ['polluted', 'isAdmin', 'admin', 'x', 'toString2', 'json spaces', 'status']

/** Asserts no shared prototype gained, lost or changed a property since `before`. */
export function assertNoPollution (before: PrototypeSnapshot, context = ''): void {
  const after = snapshotPrototypes()
  const changed: string[] = []
  for (const [key, value] of after) if (!before.has(key) || before.get(key) !== value) changed.push(key)
  for (const key of before.keys()) if (!after.has(key)) changed.push(key)
  assert.deepEqual(changed, [], `prototype pollution ${context}`)
  const probe: Record<string, unknown> = {}
  for (const name of POLLUTION_PROBES) assert.equal(probe[name], undefined, `({}).${name} is set ${context}`)
}

/** Open file descriptors of this process. */
export function openFds (): number {
  return fs.readdirSync('/proc/self/fd').length
}

/** Total listeners on an emitter, over every event. */
export function listenerTotal (emitter: NodeJS.EventEmitter): number {
  let total = 0
  for (const name of emitter.eventNames()) total += emitter.listenerCount(name)
  return total
}

/** Waits `ms` milliseconds. */
export function delay (ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms))
}

/**
 * Waits until `read()` is at most `target`, polling (sockets and file handles close
 * asynchronously, after the exchanges); returns the last value read. What never settles is a
 * leak, and a test that never ends: the runner fails it after its timeout.
 */
export async function settleTo (read: () => number, target: number): Promise<number> {
  let value = read()
  while (value > target) {
    await delay(20)
    value = read()
  }
  return value
}
