// What a client sees of one exchange, whatever becomes of the connection: a whole response, one
// cut short (the server destroyed the socket), or nothing within a time limit. Used by the
// differential tests that compare two servers down to the header lines, and that must record,
// not crash on, a response an app breaks on purpose.
import http from 'node:http'
import type { AddressInfo } from 'node:net'
import { withoutStackFrames } from './differential'

/** A request listener or an app: anything `http.createServer` accepts, with `listen` when it is an app. */
export type Listener = http.RequestListener & { listen?: (...args: unknown[]) => http.Server }

export interface Served {
  port: number
  /** Destroys every open connection, then closes the server. */
  close: () => Promise<void>
}

/** Serves `listener` on an ephemeral port of 127.0.0.1, through `http.createServer` or the app's own `listen`. */
export async function serve (listener: Listener, how: 'createServer' | 'app.listen'): Promise<Served> {
  const server = await new Promise<http.Server>((resolve, reject) => {
    if (how === 'app.listen' && typeof listener.listen === 'function') {
      const s: http.Server = listener.listen(0, '127.0.0.1', () => resolve(s))
      s.once('error', reject)
    } else {
      const s = http.createServer(listener)
      s.once('error', reject)
      s.listen(0, '127.0.0.1', () => resolve(s))
    }
  })
  return {
    port: (server.address() as AddressInfo).port,
    close: () => new Promise<void>((resolve) => {
      server.closeAllConnections()
      server.close(() => resolve())
    })
  }
}

export interface OutgoingRequest {
  method: string
  path: string
  /** Sent as the Host header (the ports of two servers differ, their Host must not). */
  host: string
  /** Further request headers. */
  headers?: Record<string, string>
  /** A request body, sent with its Content-Length. */
  body?: string
}

export interface Outcome {
  /** `complete`: the whole response arrived; `broken`: the connection ended or failed first; `timeout`: neither in time. */
  end: 'complete' | 'broken' | 'timeout'
  /** The client's error code when broken (`ECONNRESET`…), or `aborted` when the response had started. */
  error: string | undefined
  /** Undefined when no response head arrived. */
  status: number | undefined
  statusMessage: string | undefined
  /** `Name: value` as sent, in order, Date left out. */
  headers: string[]
  /** The body bytes received (all of it when complete). */
  body: Buffer
}

/** Sends one request on its own connection (`Connection: close`) and records what came back. Never rejects. */
export function fetchOutcome (port: number, request: OutgoingRequest, timeoutMs: number): Promise<Outcome> {
  return new Promise((resolve) => {
    const chunks: Buffer[] = []
    const outcome: Outcome = { end: 'broken', error: undefined, status: undefined, statusMessage: undefined, headers: [], body: Buffer.alloc(0) }
    let settled = false
    const settle = (end: Outcome['end'], error: string | undefined): void => {
      if (settled) return
      settled = true
      clearTimeout(timer)
      outcome.end = end
      outcome.error = error
      outcome.body = Buffer.concat(chunks)
      resolve(outcome)
    }
    const req = http.request({
      host: '127.0.0.1',
      port,
      method: request.method,
      path: request.path,
      setHost: false,
      headers: {
        Host: request.host,
        ...request.headers,
        ...(request.body === undefined ? {} : { 'Content-Length': String(Buffer.byteLength(request.body)) })
      },
      agent: false
    }, (res) => {
      outcome.status = res.statusCode
      outcome.statusMessage = res.statusMessage
      const raw = res.rawHeaders
      for (let i = 0; i < raw.length; i += 2) if (raw[i].toLowerCase() !== 'date') outcome.headers.push(`${raw[i]}: ${raw[i + 1]}`)
      res.on('data', (chunk: Buffer) => chunks.push(chunk))
      res.on('error', () => { /* reported by 'close' below */ })
      res.on('close', () => settle(res.complete ? 'complete' : 'broken', res.complete ? undefined : 'aborted'))
    })
    req.on('error', (err: NodeJS.ErrnoException) => settle('broken', err.code ?? err.message))
    const timer = setTimeout(() => {
      settle('timeout', undefined)
      req.destroy()
    }, timeoutMs)
    req.end(request.body)
  })
}

/** The final handler's error page (its status is not 404): it shows a stack, whose frames differ between frameworks. */
function isErrorPage (o: Outcome): boolean {
  return o.status !== 404 && o.headers.includes("Content-Security-Policy: default-src 'none'")
}

/** An outcome as compared: an error page without its stack frames, and so without its Content-Length. */
export function normalized (o: Outcome): Outcome {
  if (!isErrorPage(o)) return o
  return {
    ...o,
    headers: o.headers.filter((line) => !line.toLowerCase().startsWith('content-length:')),
    body: Buffer.from(withoutStackFrames(o.body.toString('latin1')), 'latin1')
  }
}

function quote (bytes: Buffer): string {
  return JSON.stringify(bytes.toString('latin1'))
}

/** A short readable form of an outcome. */
export function summary (o: Outcome): string {
  const head = o.status === undefined ? '(no response)' : `${o.status} ${o.statusMessage ?? ''}`
  const end = o.end === 'complete' ? 'complete' : `${o.end}${o.error === undefined ? '' : ` (${o.error})`}`
  const body = o.body.length > 400 ? quote(o.body.subarray(0, 400)) + '…' : quote(o.body)
  return [`${head}, ${end}`, ...o.headers.map((line) => `  ${line}`), `  body ${body}`].join('\n')
}

/**
 * The first difference between two outcomes (both normalized): how the exchange ended, the
 * status line, the first header line that differs (by position), or the first body byte that
 * differs (before a Content-Length or ETag line that differs with the body); undefined when they
 * are the same.
 */
export function firstDifference (ours: Outcome, theirs: Outcome, ourName: string, theirName: string): string | undefined {
  if (ours.end !== theirs.end || ours.error !== theirs.error) {
    return `ending: ${ourName} ${ours.end}${ours.error ? ` (${ours.error})` : ''}, ${theirName} ${theirs.end}${theirs.error ? ` (${theirs.error})` : ''}`
  }
  if (ours.status !== theirs.status || ours.statusMessage !== theirs.statusMessage) {
    return `status: ${ourName} ${ours.status} ${JSON.stringify(ours.statusMessage)}, ${theirName} ${theirs.status} ${JSON.stringify(theirs.statusMessage)}`
  }
  const bodies = ours.body.equals(theirs.body) ? undefined : bodyDifference(ours.body, theirs.body, ourName, theirName)
  const n = Math.max(ours.headers.length, theirs.headers.length)
  for (let i = 0; i < n; i++) {
    const a = ours.headers[i]
    const b = theirs.headers[i]
    if (a === b) continue
    // A Content-Length or ETag that differs only because the body does: the body is the news.
    if (bodies !== undefined && a !== undefined && b !== undefined && nameOf(a) === nameOf(b) && DERIVED.includes(nameOf(a))) {
      return `${bodies} (${a.slice(0, a.indexOf(':'))} differs with it)`
    }
    return `header line ${i + 1}: ${ourName} ${a === undefined ? '(none)' : JSON.stringify(a)}, ${theirName} ${b === undefined ? '(none)' : JSON.stringify(b)}`
  }
  return bodies
}

/** Header lines whose values follow from the body. */
const DERIVED = ['content-length', 'etag']

function nameOf (line: string): string {
  return line.slice(0, line.indexOf(':')).toLowerCase()
}

function bodyDifference (a: Buffer, b: Buffer, ourName: string, theirName: string): string {
  let at = 0
  while (at < a.length && at < b.length && a[at] === b[at]) at++
  const from = Math.max(0, at - 20)
  return `body from byte ${at}: ${ourName} …${quote(a.subarray(from, at + 40))}, ${theirName} …${quote(b.subarray(from, at + 40))}`
}
