// Builds the IncomingMessage of an in-process request (app.inject, app.fetch): method, target, headers and a body source.
/// <reference types="node" preserve="true" />
import http = require('http')
import { IncomingMessage } from 'http'
import type { Readable } from 'stream'
import type { Duplex } from 'stream'
import type { InProcessHeaderValue as InjectHeaderValue, InProcessRequest as InjectRequest } from './types'

/** Characters no request target can carry on the wire: controls, space and DEL. */
const INVALID_TARGET_CHARS = /[\x00-\x20\x7f]/
const ABSOLUTE_URL = /^https?:\/\//i
/** Methods that send no body by default: others get `Content-Length: 0`, as node's client sends. */
const BODYLESS_METHODS = new Set(['GET', 'HEAD', 'DELETE', 'OPTIONS', 'TRACE', 'CONNECT'])
const DEFAULT_HOST = 'localhost'

/** Where the body comes from: bytes known up front, a stream, or nothing. */
export type BodySource = { kind: 'none' } | { kind: 'bytes', data: Buffer } | { kind: 'stream', stream: Readable }

/** The parts of an injected request, checked like a server checks what it receives. */
export interface RequestPlan {
  method: string
  url: string
  encrypted: boolean
  rawHeaders: string[]
  body: BodySource
  remoteAddress: string
}

function isStream (value: unknown): value is Readable {
  return typeof value === 'object' && value !== null &&
    typeof (value as Readable).pipe === 'function' && typeof (value as Readable).on === 'function'
}

function bodySource (body: InjectRequest['body']): { source: BodySource, json: boolean } {
  if (body === undefined || body === null) return { source: { kind: 'none' }, json: false }
  if (typeof body === 'string') return { source: { kind: 'bytes', data: Buffer.from(body, 'utf8') }, json: false }
  if (Buffer.isBuffer(body)) return { source: { kind: 'bytes', data: body }, json: false }
  if (body instanceof Uint8Array) return { source: { kind: 'bytes', data: Buffer.from(body.buffer, body.byteOffset, body.byteLength) }, json: false }
  if (isStream(body)) return { source: { kind: 'stream', stream: body }, json: false }
  return { source: { kind: 'bytes', data: Buffer.from(JSON.stringify(body), 'utf8') }, json: true }
}

function headerLines (headers: Record<string, InjectHeaderValue> | undefined): string[] {
  const raw: string[] = []
  if (!headers) return raw
  for (const name of Object.keys(headers)) {
    const value = headers[name]
    if (value === undefined) continue
    const values = Array.isArray(value) ? value : [String(value)]
    for (const v of values) {
      http.validateHeaderName(name)
      http.validateHeaderValue(name, v)
      raw.push(name, String(v))
    }
  }
  return raw
}

function hasHeader (raw: readonly string[], name: string): boolean {
  for (let i = 0; i < raw.length; i += 2) if (raw[i].toLowerCase() === name) return true
  return false
}

/**
 * Checks and completes a request: a known method, a target without spaces or controls,
 * valid headers, `Host`, `Content-Length` or `Transfer-Encoding`, and the JSON content type.
 *
 * @throws TypeError for what a server would refuse to parse.
 */
export function planRequest (options: InjectRequest | string): RequestPlan {
  const opts: InjectRequest = typeof options === 'string' ? { url: options } : (options ?? {})
  const method = (opts.method ?? 'GET').toUpperCase()
  if (!http.METHODS.includes(method)) throw new TypeError(`Invalid request method: ${JSON.stringify(opts.method)}`)
  let url = opts.url ?? '/'
  if (typeof url !== 'string' || url.length === 0 || INVALID_TARGET_CHARS.test(url)) {
    throw new TypeError(`Invalid request target: ${JSON.stringify(opts.url)}`)
  }
  let host = DEFAULT_HOST
  let encrypted = false
  if (ABSOLUTE_URL.test(url)) {
    const parsed = new URL(url)
    host = parsed.host
    encrypted = parsed.protocol === 'https:'
    url = parsed.pathname + parsed.search
  }
  const raw = headerLines(opts.headers)
  if (!hasHeader(raw, 'host')) raw.unshift('Host', host)
  const { source, json } = bodySource(opts.body)
  if (json && !hasHeader(raw, 'content-type')) raw.push('Content-Type', 'application/json')
  if (!hasHeader(raw, 'content-length') && !hasHeader(raw, 'transfer-encoding')) {
    if (source.kind === 'bytes') raw.push('Content-Length', String(source.data.length))
    else if (source.kind === 'stream') raw.push('Transfer-Encoding', 'chunked')
    else if (!BODYLESS_METHODS.has(method)) raw.push('Content-Length', '0')
  }
  return { method, url, encrypted, rawHeaders: raw, body: source, remoteAddress: opts.remoteAddress ?? '127.0.0.1' }
}

type HeaderAdder = (name: string, value: string, dest: Record<string, unknown>) => void

/** Combines header lines as node's HTTP parser does (its own rules when available: `set-cookie` array, `cookie` joined by `; `, …). */
export function combineHeaders (message: IncomingMessage, raw: readonly string[]): http.IncomingHttpHeaders {
  const dest: Record<string, unknown> = {}
  const add = (message as unknown as { _addHeaderLine?: HeaderAdder })._addHeaderLine
  for (let i = 0; i < raw.length; i += 2) {
    if (typeof add === 'function') {
      add.call(message, raw[i], raw[i + 1], dest)
      continue
    }
    const name = raw[i].toLowerCase()
    const prev = dest[name]
    if (name === 'set-cookie') dest[name] = Array.isArray(prev) ? [...prev, raw[i + 1]] : [raw[i + 1]]
    else dest[name] = prev === undefined ? raw[i + 1] : `${prev as string}${name === 'cookie' ? '; ' : ', '}${raw[i + 1]}`
  }
  return dest as http.IncomingHttpHeaders
}

/**
 * The request as a server would hand it over: HTTP/1.1, the socket as `req.socket`,
 * the body pushed as it "arrives" (bytes at once, a stream as it is read).
 */
export function createRequest (plan: RequestPlan, socket: Duplex, onBodyError: (err: Error) => void): IncomingMessage {
  const req = new IncomingMessage(socket as any) // node types the parameter as net.Socket; the Duplex stands in for it
  req.method = plan.method
  req.url = plan.url
  req.httpVersion = '1.1'
  req.httpVersionMajor = 1
  req.httpVersionMinor = 1
  req.rawHeaders = plan.rawHeaders
  req.headers = combineHeaders(req, plan.rawHeaders)
  const body = plan.body
  if (body.kind !== 'stream') {
    if (body.kind === 'bytes' && body.data.length !== 0) req.push(body.data)
    req.complete = true
    req.push(null)
    return req
  }
  const stream = body.stream
  let started = false
  stream.on('error', onBodyError)
  // An own property: the app replaces the request's prototype, and the pull must survive that.
  ;(req as unknown as { _read: () => void })._read = function pullBody () {
    if (started) {
      stream.resume()
      return
    }
    started = true
    stream.on('data', (chunk: Buffer | Uint8Array | string) => {
      if (!req.push(Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk))) stream.pause()
    })
    stream.once('end', () => {
      req.complete = true
      req.push(null)
    })
  }
  return req
}
