// What the body parsers' failure differential tests share: an app that answers with the parsed
// body or with every own enumerable property of the error, and a sender that frames a body with
// Content-Length or chunked.
import http from 'node:http'
import zlib from 'node:zlib'
import type { IncomingMessage } from 'node:http'

/* eslint-disable @typescript-eslint/no-explicit-any -- one code drives the parsers of both packages, whose types differ */

export type Kind = 'json' | 'urlencoded' | 'text' | 'raw'

/** A value as the echo shows it: Buffers as hex, functions by name, the rest as JSON has it. */
function shown (value: unknown): unknown {
  if (Buffer.isBuffer(value)) return { hex: value.toString('hex') }
  if (typeof value === 'function') return `function ${value.name}`
  if (typeof value === 'bigint' || typeof value === 'symbol') return String(value)
  return value
}

/** The error as an app serialising it sees it: its own enumerable properties in order, its message and class. */
export function describeError (err: any): object {
  return {
    properties: Object.keys(err).map((key) => [key, shown(err[key])]),
    message: err.message,
    name: err.name,
    class: err.constructor?.name
  }
}

/**
 * An app of `create` whose POST / runs `prepare` then `parsers[kind](options)`, answering with
 * `req.body` or, from an error handler, with the error's status and `describeError`.
 */
export function errorEchoApp (create: () => any, parsers: any, kind: Kind, options: object, prepare: (req: IncomingMessage) => void): any {
  const app = create()
  app.post('/', function prepareRequest (req: IncomingMessage, res: unknown, next: () => void) {
    prepare(req)
    next()
  }, parsers[kind](options), function answer (req: any, res: any) {
    res.end(JSON.stringify({ body: shown(req.body) }))
  })
  app.use(function onError (err: any, req: unknown, res: any, next: unknown) {
    res.statusCode = typeof err.status === 'number' ? err.status : 500
    res.end(JSON.stringify(describeError(err)))
  })
  return app
}

/** How a body travels: with its Content-Length, or in one chunk of a chunked body. */
export type Framing = 'length' | 'chunked'

/** The body bytes, compressed as the Content-Encoding names (unknown codings leave them as they are). */
export function encoded (bytes: Buffer, coding: string): Buffer {
  if (coding === 'gzip') return zlib.gzipSync(bytes)
  if (coding === 'deflate') return zlib.deflateSync(bytes)
  if (coding === 'br') return zlib.brotliCompressSync(bytes)
  return bytes
}

/** How long a reply may take: a parser that never answers fails the test instead of hanging it. */
const REPLY_TIMEOUT = 5000

/** Posts `body` on its own connection; resolves with the status and the reply body. */
export function post (port: number, headers: Record<string, string>, body: Buffer, framing: Framing): Promise<string> {
  const framed = framing === 'length'
    ? { ...headers, 'Content-Length': String(body.length) }
    : { ...headers, 'Transfer-Encoding': 'chunked' }
  return new Promise((resolve, reject) => {
    const req = http.request({ host: '127.0.0.1', port, method: 'POST', path: '/', headers: framed, agent: false }, (res) => {
      const chunks: Buffer[] = []
      res.on('data', (chunk: Buffer) => chunks.push(chunk))
      res.on('end', () => resolve(`${res.statusCode}\n${Buffer.concat(chunks).toString('utf8')}`))
    })
    req.on('error', reject)
    req.setTimeout(REPLY_TIMEOUT, () => req.destroy(new Error(`no reply within ${REPLY_TIMEOUT} ms`)))
    req.end(body)
  })
}
