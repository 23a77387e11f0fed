// Runs a test twice: over a real socket through supertest, and in process through inject.
import { it } from 'node:test'
import type { IncomingHttpHeaders } from 'node:http'
import { Readable } from 'node:stream'
import request from 'supertest'
import { inject, type InjectRequest, type RequestListener } from '../../plugins/inject'

/** What a test reads from a response, the same whichever way it travelled. */
export interface Reply {
  status: number
  headers: IncomingHttpHeaders
  body: Buffer
  text: string
  json<T = unknown> (): T
}

/** Sends one request to an app (or any request listener) and resolves with the reply. */
export type Send = (app: RequestListener, req?: InjectRequest | string) => Promise<Reply>

async function collect (stream: Readable): Promise<Buffer> {
  const chunks: Buffer[] = []
  for await (const chunk of stream) chunks.push(Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk))
  return Buffer.concat(chunks)
}

/** The bytes of a request body as inject would send them (streams read first); undefined when there is none. */
async function bytesOf (body: InjectRequest['body']): Promise<Buffer | undefined> {
  if (body === undefined || body === null) return undefined
  if (typeof body === 'string') return Buffer.from(body)
  if (body instanceof Uint8Array) return Buffer.from(body.buffer, body.byteOffset, body.byteLength)
  if (body instanceof Readable) return collect(body)
  return Buffer.from(JSON.stringify(body))
}

/** Over HTTP: the body is written as the same bytes inject sends (streams read first, so never chunked). */
export const viaSupertest: Send = async (app, req = {}) => {
  const opts: InjectRequest = typeof req === 'string' ? { url: req } : req
  const method = (opts.method ?? 'GET').toLowerCase()
  const agent = request(app as Parameters<typeof request>[0]) as unknown as Record<string, (url: string) => request.Test>
  let test = agent[method](opts.url ?? '/')
    .redirects(0)
    .ok(() => true)
    .buffer(true)
    .parse((res, callback) => {
      const chunks: Buffer[] = []
      res.on('data', (chunk: Buffer) => { chunks.push(chunk) })
      res.on('end', () => { callback(null, Buffer.concat(chunks)) })
    })
  const headers = Object.entries(opts.headers ?? {}).filter(([, value]) => value !== undefined)
  for (const [name, value] of headers) {
    test = test.set(name, Array.isArray(value) ? value.join(', ') : String(value))
  }
  const has = (name: string): boolean => headers.some(([n]) => n.toLowerCase() === name)
  const body = await bytesOf(opts.body)
  if (body && opts.body !== null && typeof opts.body === 'object' && !(opts.body instanceof Readable) && !(opts.body instanceof Uint8Array) && !has('content-type')) {
    test = test.set('Content-Type', 'application/json')
  }
  // Written as bytes: superagent would otherwise serialize by Content-Type (and imply a form type for strings).
  if (body) {
    if (!has('content-length') && !has('transfer-encoding')) test = test.set('Content-Length', String(body.length))
    test.write(body)
  }
  const res = await test
  const bytes = Buffer.isBuffer(res.body) ? res.body : Buffer.alloc(0)
  const text = bytes.toString('utf8')
  return { status: res.status, headers: res.headers, body: bytes, text, json: <T>() => JSON.parse(text) as T }
}

/** In process: `inject` from the inject plugin. */
export const viaInject: Send = (app, req = {}) => inject(app, req)

/** The two ways a request travels, by name. */
export const transports: ReadonlyArray<readonly [string, Send]> = [['supertest', viaSupertest], ['inject', viaInject]]

/**
 * Declares `title` twice, once per transport: the test body receives `send`.
 *
 * @example
 * both('parses JSON bodies', async (send) => {
 *   const res = await send(app, { method: 'POST', url: '/', body: { a: 1 } })
 *   assert.deepEqual(res.json(), { a: 1 })
 * })
 */
export function both (title: string, fn: (send: Send) => Promise<void> | void): void {
  for (const [name, send] of transports) it(`${title} (${name})`, () => fn(send))
}
