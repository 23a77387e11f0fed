// Side by side: the differential tests send the same requests to a Ristretto app and to one of the
// reference package (express@4, morgan) and compare what comes back.
import http, { type IncomingHttpHeaders } from 'node:http'
import type { AddressInfo } from 'node:net'
import { captureConsoleError, firstLines } from './console-capture'

async function listen (listener: http.RequestListener): Promise<{ port: number, close: () => Promise<void> }> {
  const server = http.createServer(listener)
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  return {
    port: (server.address() as AddressInfo).port,
    close: () => new Promise<void>((resolve) => server.close(() => resolve()))
  }
}

/** Serves both listeners on ephemeral ports, runs `fn` with the ports, and closes both whatever happens. */
export async function sideBySide (ours: http.RequestListener, theirs: http.RequestListener,
  fn: (ourPort: number, theirPort: number) => Promise<void>): Promise<void> {
  const a = await listen(ours)
  const b = await listen(theirs)
  try {
    await fn(a.port, b.port)
  } finally {
    await Promise.all([a.close(), b.close()])
  }
}

export interface Exchange {
  method?: string
  path?: string
  headers?: Record<string, string>
  /** Sent with its Content-Length. */
  body?: Buffer
  /** False: no Host header unless `headers` has one. */
  setHost?: boolean
}

export interface RawReply {
  status: number
  headers: IncomingHttpHeaders
  /** Names as sent, in order, each followed by its value. */
  rawHeaders: string[]
  body: Buffer
}

/** One request on its own connection, and the whole reply. */
export function exchange (port: number, request: Exchange = {}): Promise<RawReply> {
  const { method = 'GET', path = '/', body, setHost = true } = request
  const headers = body === undefined ? request.headers : { ...request.headers, 'Content-Length': String(body.length) }
  return new Promise((resolve, reject) => {
    const req = http.request({ host: '127.0.0.1', port, method, path, headers, setHost, agent: false }, (res) => {
      const chunks: Buffer[] = []
      res.on('data', (chunk: Buffer) => chunks.push(chunk))
      res.on('end', () => resolve({ status: res.statusCode!, headers: res.headers, rawHeaders: res.rawHeaders, body: Buffer.concat(chunks) }))
    })
    req.on('error', reject)
    req.end(body)
  })
}

/**
 * {@link exchange}, with the first line of each error the app logged (`console.error`) meanwhile,
 * kept rather than printed: apps run in production log what reaches their final handler. One at
 * a time: a request sent alongside would log into the same capture.
 */
export async function loggedExchange (port: number, request: Exchange = {}): Promise<{ reply: RawReply, logged: string[] }> {
  let reply: RawReply | undefined
  const calls = await captureConsoleError(async () => { reply = await exchange(port, request) })
  return { reply: reply!, logged: firstLines(calls) }
}

/** The reply's header lines as sent (`Name: value`, in order), without the named ones (lowercase). */
export function headerLines (reply: RawReply, skip: readonly string[] = ['date']): string[] {
  const raw = reply.rawHeaders
  const lines: string[] = []
  for (let i = 0; i < raw.length; i += 2) if (!skip.includes(raw[i].toLowerCase())) lines.push(`${raw[i]}: ${raw[i + 1]}`)
  return lines
}

/** A final handler's error page without its stack frames, which differ between frameworks. */
export function withoutStackFrames (page: string): string {
  return page.replace(/<br> &nbsp; &nbsp;at [^<]*/g, '')
}
