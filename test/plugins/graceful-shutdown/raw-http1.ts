// A raw HTTP/1.1 client connection for the load tests: writes bytes as told, parses the responses, reports how the connection ended.
import net from 'node:net'

export interface RawResponse {
  status: number
  /** Header names in lower case. */
  headers: Record<string, string>
  body: string
}

/** How a connection ended: `'eof'` (the server closed it cleanly) or the code of a socket error. */
export type Ending = 'eof' | string

/**
 * Parses as many complete responses as `text` holds (Content-Length or chunked bodies, no body
 * for 1xx/204/304). Returns them and what is left.
 */
export function parseResponses (text: string): { responses: RawResponse[], rest: string } {
  const responses: RawResponse[] = []
  for (;;) {
    const headEnd = text.indexOf('\r\n\r\n')
    if (headEnd < 0) break
    const [statusLine, ...lines] = text.slice(0, headEnd).split('\r\n')
    const status = Number(/^HTTP\/1\.[01] (\d{3})/.exec(statusLine)?.[1])
    if (!status) throw new Error(`not a status line: ${JSON.stringify(statusLine)}`)
    const headers: Record<string, string> = {}
    for (const line of lines) {
      const colon = line.indexOf(':')
      headers[line.slice(0, colon).trim().toLowerCase()] = line.slice(colon + 1).trim()
    }
    let at = headEnd + 4
    let body = ''
    if (status >= 200 && status !== 204 && status !== 304) {
      if (headers['transfer-encoding'] === 'chunked') {
        for (;;) {
          const sizeEnd = text.indexOf('\r\n', at)
          if (sizeEnd < 0) return { responses, rest: text }
          const size = parseInt(text.slice(at, sizeEnd), 16)
          if (text.length < sizeEnd + 2 + size + 2) return { responses, rest: text }
          body += text.slice(sizeEnd + 2, sizeEnd + 2 + size)
          at = sizeEnd + 2 + size + 2
          if (size === 0) break
        }
      } else {
        const length = Number(headers['content-length'] ?? 0)
        if (text.length < at + length) break
        body = text.slice(at, at + length)
        at += length
      }
    }
    text = text.slice(at)
    if (status >= 200) responses.push({ status, headers, body })
  }
  return { responses, rest: text }
}

/** One TCP connection: `send` writes, `next()` waits for the next response, `ending` settles when it closes. */
export class RawConnection {
  readonly socket: net.Socket
  /** Settles once the connection is open (`true`), or failed to open (`false`, e.g. refused). */
  readonly opened: Promise<boolean>
  /** Settles when the connection closed: how it ended. */
  readonly ending: Promise<Ending>
  /** Whether the connection has ended (EOF or error) as far as this client has seen. */
  ended = false
  /** The code of a socket error, if any. */
  error: string | undefined
  private pending = ''
  private readonly responses: RawResponse[] = []
  private waiter: (() => void) | undefined
  private readonly informational: Array<() => void> = []

  constructor (port: number) {
    const socket = this.socket = net.connect(port, '127.0.0.1')
    socket.setEncoding('latin1')
    this.opened = new Promise((resolve) => {
      socket.once('connect', () => resolve(true))
      socket.once('close', () => resolve(false))
    })
    socket.on('data', (chunk: string) => {
      this.pending += chunk
      // An interim response (100 Continue) wakes whoever waits for one.
      while (/^HTTP\/1\.1 1\d\d /.test(this.pending) && this.pending.includes('\r\n\r\n')) {
        this.pending = this.pending.slice(this.pending.indexOf('\r\n\r\n') + 4)
        this.informational.shift()?.()
      }
      const { responses, rest } = parseResponses(this.pending)
      this.pending = rest
      this.responses.push(...responses)
      this.wake()
    })
    socket.on('end', () => this.end())
    socket.on('error', (err: NodeJS.ErrnoException) => { this.error = err.code ?? err.message; this.end() })
    this.ending = new Promise((resolve) => socket.once('close', () => { this.end(); resolve(this.error ?? 'eof') }))
  }

  private wake (): void {
    const waiter = this.waiter
    this.waiter = undefined
    waiter?.()
  }

  private end (): void {
    this.ended = true
    this.wake()
    for (const waiter of this.informational.splice(0)) waiter()
  }

  /** Writes unless the connection has ended; returns whether it wrote. */
  send (data: string | Buffer): boolean {
    if (this.ended || this.socket.destroyed) return false
    this.socket.write(data)
    return true
  }

  /** Resolves when the next interim (1xx) response arrives, or the connection ends. */
  interim (): Promise<void> {
    if (this.ended) return Promise.resolve()
    return new Promise((resolve) => this.informational.push(resolve))
  }

  /** The next complete response, or `undefined` once the connection ended without one. */
  async next (): Promise<RawResponse | undefined> {
    for (;;) {
      const response = this.responses.shift()
      if (response) return response
      if (this.ended) return undefined
      await new Promise<void>((resolve) => { this.waiter = resolve })
    }
  }

  /** Bytes received that are not part of a complete response. */
  get leftover (): string {
    return this.pending
  }
}
