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

/** Over HTTP: strings go as bytes (no implied form type) and streams are read first. */
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
  for (const [name, value] of Object.entries(opts.headers ?? {})) {
    if (value !== undefined) test = test.set(name, Array.isArray(value) ? value.join(', ') : String(value))
  }
  let body = opts.body
  if (body instanceof Readable) body = await collect(body)
  if (typeof body === 'string') body = Buffer.from(body)
  const res = body === undefined ? await test : await test.send(body as object)
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
