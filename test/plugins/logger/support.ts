// Helpers for the logger tests: a stream that collects lines, and a bare http server around a logger.
import http from 'node:http'
import { Writable } from 'node:stream'
import type { LoggerMiddleware } from '../../../plugins/logger/types'

/** A writable stream that splits what is written into lines, and hands them out in order. */
export interface LineCapture {
  stream: Writable
  /** Resolves with the next line written (or one already written and not taken). */
  nextLine (): Promise<string>
  /** Every chunk given to `write`, as written. */
  chunks: string[]
  /** Lines written and not yet taken by `nextLine`. */
  pending: string[]
}

export function captureLines (): LineCapture {
  const pending: string[] = []
  const chunks: string[] = []
  const waiters: Array<(line: string) => void> = []
  let partial = ''
  const stream = new Writable({
    decodeStrings: false,
    write (chunk: string | Buffer, _encoding, callback) {
      const text = String(chunk)
      chunks.push(text)
      partial += text
      let end: number
      while ((end = partial.indexOf('\n')) !== -1) {
        const line = partial.slice(0, end)
        partial = partial.slice(end + 1)
        const waiter = waiters.shift()
        if (waiter) waiter(line)
        else pending.push(line)
      }
      callback()
    }
  })
  return {
    stream,
    chunks,
    pending,
    nextLine () {
      const line = pending.shift()
      if (line !== undefined) return Promise.resolve(line)
      return new Promise((resolve) => { waiters.push(resolve) })
    }
  }
}

type Handler = (req: http.IncomingMessage, res: http.ServerResponse) => void

/**
 * A bare http server: the logger runs first, then `handler` (by default it answers
 * `200` with the socket's remote address, so tests can compare `:remote-addr`).
 */
export function bareServer (logger: LoggerMiddleware, handler?: Handler): http.Server {
  return http.createServer((req, res) => {
    logger(req, res, () => {
      if (handler) return handler(req, res)
      res.setHeader('X-Sent', 'true')
      res.end(req.socket.remoteAddress ?? '-')
    })
  })
}

/** Waits long enough for a line that would be written on response finish. */
export function settle (ms = 30): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms))
}

/** Replaces ANSI colour sequences with `<n>` so coloured lines can be compared as text. */
export function showColors (line: string): string {
  return line.replace(/\x1b\[(\d+)m/g, '<$1>')
}
