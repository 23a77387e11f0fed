// Helpers shared by the kernel tests: exact raw requests, deprecation capture and console capture.
import http from 'node:http'
import type { AddressInfo } from 'node:net'

export { captureConsoleError } from '../support/console-capture'

/** What {@link rawRequest} saw: `complete` is false when the server cut the response short. */
export interface RawResponse {
  status: number
  headers: http.IncomingHttpHeaders
  body: string
  complete: boolean
}

export interface RawRequestOptions {
  method?: string
  /** Sent as written, absolute URLs and unusual characters included. */
  path: string
  headers?: http.OutgoingHttpHeaders
}

/**
 * Serves `listener` on a random port for one request sent exactly as given (supertest
 * normalises paths), then closes the server. Never rejects on a cut connection: it
 * resolves with `complete: false` instead, or `status: 0` when no response arrived.
 * Rejects when the server leaves the connection hanging for 5 seconds.
 */
export function rawRequest (listener: http.RequestListener, options: RawRequestOptions): Promise<RawResponse> {
  const server = http.createServer(listener)
  return new Promise((resolve, reject) => {
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as AddressInfo
      let settled = false
      const finish = (result: RawResponse): void => {
        if (settled) return
        settled = true
        server.close()
        server.closeAllConnections()
        resolve(result)
      }
      const req = http.request({ host: '127.0.0.1', port, method: options.method ?? 'GET', path: options.path, headers: options.headers, agent: false })
      req.on('response', (res) => {
        let body = ''
        res.setEncoding('utf8')
        res.on('data', (chunk: string) => { body += chunk })
        res.on('error', () => { /* reported through `complete` */ })
        res.on('close', () => finish({ status: res.statusCode ?? 0, headers: res.headers, body, complete: res.complete }))
      })
      // A hung connection is a failure, not a wait: give up after a few seconds.
      req.setTimeout(5000, () => { req.destroy(new Error(`no response to ${options.method ?? 'GET'} ${options.path} within 5s`)) })
      req.on('error', (err) => {
        if (settled) return
        if ((err as NodeJS.ErrnoException).code === 'ECONNRESET') finish({ status: 0, headers: {}, body: '', complete: false })
        else { settled = true; server.close(); reject(err) }
      })
      req.end()
    })
  })
}

/** Runs `fn` and returns the messages of the `ristretto` deprecations it triggered (the package's name: its package.json sets no other namespace). */
export async function captureDeprecations (fn: () => unknown): Promise<string[]> {
  const messages: string[] = []
  const listener = (err: Error & { namespace?: string }): void => {
    if (err.namespace === 'ristretto') messages.push(err.message)
  }
  process.on('deprecation', listener)
  try {
    await fn()
  } finally {
    process.removeListener('deprecation', listener)
  }
  return messages
}

/** Sets `NODE_ENV` while `fn` runs, then restores it (unset stays unset). */
export function withNodeEnv<T> (value: string | undefined, fn: () => T): T {
  const saved = process.env.NODE_ENV
  if (value === undefined) delete process.env.NODE_ENV
  else process.env.NODE_ENV = value
  try {
    return fn()
  } finally {
    if (saved === undefined) delete process.env.NODE_ENV
    else process.env.NODE_ENV = saved
  }
}
