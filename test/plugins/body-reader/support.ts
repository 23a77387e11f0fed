// Test servers for the body parsers: they answer with what the parser left in req.body, or the error it passed on.
import http from 'node:http'
import net from 'node:net'
import zlib from 'node:zlib'
import request from 'supertest'
import framework from '../../../presets/default'
import type { BodyParserHandler } from '../../../plugins/body-reader'

/** The error fields the spec's error table names. */
const ERROR_FIELDS = ['status', 'statusCode', 'expose', 'type', 'message', 'charset', 'encoding', 'limit', 'length', 'received', 'expected'] as const

/** What a test server replies: the body as parsed (Buffers as hex, undefined marked), or the error. */
export interface Outcome {
  body?: unknown
  bodyKind?: 'undefined' | 'buffer' | 'string' | 'object' | 'other'
  nullPrototype?: boolean
  error?: Record<string, unknown>
  /** In the framework, what req.body held when the error handler ran. */
  bodyAfterError?: Outcome
}

function describeBody (body: unknown): Outcome {
  if (body === undefined) return { bodyKind: 'undefined' }
  if (Buffer.isBuffer(body)) return { bodyKind: 'buffer', body: body.toString('hex') }
  if (typeof body === 'string') return { bodyKind: 'string', body }
  if (body !== null && typeof body === 'object') {
    return { bodyKind: 'object', body, nullPrototype: Object.getPrototypeOf(body) === null }
  }
  return { bodyKind: 'other', body }
}

function describeError (err: any): Outcome {
  const error: Record<string, unknown> = {}
  for (const key of ERROR_FIELDS) if (err[key] !== undefined) error[key] = err[key]
  if (err.body !== undefined) error.body = Buffer.isBuffer(err.body) ? { hex: err.body.toString('hex') } : err.body
  error.isError = err instanceof Error
  return { error }
}

function reply (res: http.ServerResponse, outcome: Outcome, status: number): void {
  res.statusCode = status
  res.setHeader('Content-Type', 'application/json')
  res.end(JSON.stringify(outcome))
}

/** A bare node server running one standalone parser; `before` may prepare the request first. */
export function standaloneServer (parser: BodyParserHandler, before?: (req: http.IncomingMessage) => void): http.Server {
  return http.createServer(function handle (req, res) {
    if (before) before(req)
    parser(req, res, function done (err?: any) {
      if (err) reply(res, describeError(err), err.status || 500)
      else reply(res, describeBody((req as any).body), 200)
    })
  })
}

/** An app of the default preset using `parser` with `app.use`, an error handler and a catch-all. */
export function frameworkApp (...parsers: Array<BodyParserHandler | ((req: any, res: any, next: any) => void)>) {
  const app = framework()
  for (const p of parsers) app.use(p)
  app.use(function onError (err: any, req: any, res: any, next: any) {
    reply(res, { ...describeError(err), bodyAfterError: describeBody(req.body) }, err.status || 500)
  })
  app.use(function answer (req: any, res: any) { reply(res, describeBody(req.body), 200) })
  return app
}

export const gzip = (text: string | Buffer): Buffer => zlib.gzipSync(text)
export const deflate = (text: string | Buffer): Buffer => zlib.deflateSync(text)
export const brotli = (text: string | Buffer): Buffer => zlib.brotliCompressSync(text)

/**
 * Starts `handler` on a port, sends the raw request `head` (and `body` bytes), then destroys
 * the socket; resolves with what the parser passed to `next`.
 */
export function abortedRequest (parser: BodyParserHandler, head: string, body: Buffer): Promise<any> {
  return new Promise((resolve, reject) => {
    const server = http.createServer(function handle (req, res) {
      parser(req, res, function done (err?: unknown) {
        server.close()
        resolve(err)
      })
    })
    server.listen(0, function connect () {
      const { port } = server.address() as net.AddressInfo
      const socket = net.connect(port, '127.0.0.1', function send () {
        socket.write(head + '\r\n\r\n')
        socket.write(body, function sent () { setTimeout(function abort () { socket.destroy() }, 50) })
      })
      socket.on('error', reject)
    })
  })
}

/** A POST whose body bytes are written as they are (supertest would serialize a Buffer as JSON). */
export function post (app: Parameters<typeof request>[0], headers: Record<string, string>, body?: string | Buffer): request.Test {
  const test = request(app).post('/')
  for (const name of Object.keys(headers)) test.set(name, headers[name])
  if (body !== undefined) test.write(body)
  return test
}
