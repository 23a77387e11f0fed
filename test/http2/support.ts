// Helpers for the HTTP/2 tests: a self-signed certificate made at test time, h2c and TLS servers, HTTP/2 and HTTP/1.1 clients.
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import http2 from 'node:http2'
import https from 'node:https'
import type { AddressInfo } from 'node:net'
import { execFileSync } from 'node:child_process'

export interface Certificate { key: string, cert: string }

let certificate: Certificate | null | undefined
let certificateProblem = ''

/**
 * A self-signed certificate for `localhost`, made with the `openssl` command (node cannot
 * make X.509 certificates). `null` when openssl is not available: see {@link tlsSkipReason}.
 */
export function selfSignedCertificate (): Certificate | null {
  if (certificate !== undefined) return certificate
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'ristretto-h2-'))
  try {
    execFileSync('openssl', [
      'req', '-x509', '-newkey', 'ec', '-pkeyopt', 'ec_paramgen_curve:prime256v1', '-nodes',
      '-keyout', path.join(dir, 'key.pem'), '-out', path.join(dir, 'cert.pem'), '-days', '1',
      '-subj', '/CN=localhost', '-addext', 'subjectAltName=DNS:localhost,IP:127.0.0.1'
    ], { stdio: 'pipe' })
    certificate = {
      key: fs.readFileSync(path.join(dir, 'key.pem'), 'utf8'),
      cert: fs.readFileSync(path.join(dir, 'cert.pem'), 'utf8')
    }
  } catch (err) {
    certificate = null
    certificateProblem = (err as Error).message.split('\n')[0]
  } finally {
    fs.rmSync(dir, { recursive: true, force: true })
  }
  return certificate
}

/** Why TLS tests are skipped (`false` when they run). */
export function tlsSkipReason (): string | false {
  return selfSignedCertificate() ? false : `no openssl to make a test certificate (${certificateProblem})`
}

export interface Reply {
  status: number
  headers: Record<string, string | string[] | undefined>
  body: Buffer
  text: string
  /** The HTTP version the client saw: '2.0' or '1.1'. */
  version: string
}

export interface RequestOptions {
  method?: string
  headers?: Record<string, string | string[]>
  body?: string | Buffer
}

/** A running server and a client for one transport. */
export interface Transport {
  name: string
  url: string
  request (path: string, options?: RequestOptions): Promise<Reply>
  close (): Promise<void>
}

export type TransportName = 'h2c' | 'h2 over TLS' | 'HTTP/1.1 over TLS (allowHTTP1)'

type Handler = (req: any, res: any) => void

function listen (server: http2.Http2Server | http2.Http2SecureServer): Promise<number> {
  return new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve((server.address() as AddressInfo).port)))
}

/** One request over an HTTP/2 session. */
function h2Request (session: http2.ClientHttp2Session, requestPath: string, options: RequestOptions): Promise<Reply> {
  return new Promise((resolve, reject) => {
    const stream = session.request({ ':method': options.method ?? 'GET', ':path': requestPath, ...options.headers })
    const chunks: Buffer[] = []
    let headers: http2.IncomingHttpHeaders & http2.IncomingHttpStatusHeader = {}
    stream.on('response', (h) => { headers = h })
    stream.on('data', (chunk: Buffer) => chunks.push(chunk))
    stream.on('end', () => {
      const body = Buffer.concat(chunks)
      const { ':status': status, ...rest } = headers
      resolve({ status: Number(status), headers: rest as Reply['headers'], body, text: body.toString('utf8'), version: '2.0' })
    })
    stream.on('error', reject)
    stream.end(options.body)
  })
}

/** One HTTP/1.1 request over TLS (no ALPN h2 offered, so the server falls back to HTTP/1.1). */
function https1Request (port: number, ca: string, requestPath: string, options: RequestOptions): Promise<Reply> {
  return new Promise((resolve, reject) => {
    const req = https.request({
      host: '127.0.0.1', servername: 'localhost', port, ca, path: requestPath,
      method: options.method ?? 'GET', headers: options.headers, agent: false
    }, (res) => {
      const chunks: Buffer[] = []
      res.on('data', (chunk: Buffer) => chunks.push(chunk))
      res.on('error', reject)
      res.on('close', () => { if (!res.complete) reject(new Error('response cut short')) })
      res.on('end', () => {
        const body = Buffer.concat(chunks)
        resolve({ status: res.statusCode!, headers: res.headers, body, text: body.toString('utf8'), version: res.httpVersion })
      })
    })
    req.on('error', reject)
    req.end(options.body)
  })
}

/** Starts `handler` on the named transport's server and returns a client for it. */
export async function startTransport (name: TransportName, handler: Handler): Promise<Transport> {
  if (name === 'h2c') {
    const server = http2.createServer(handler)
    const port = await listen(server)
    const url = `http://localhost:${port}`
    const session = http2.connect(url)
    return {
      name,
      url,
      request: (p, o = {}) => h2Request(session, p, o),
      close: () => new Promise((resolve) => { session.close(); server.close(() => resolve()) })
    }
  }
  const cert = selfSignedCertificate()!
  const server = http2.createSecureServer({ key: cert.key, cert: cert.cert, allowHTTP1: true }, handler)
  const port = await listen(server)
  const url = `https://localhost:${port}`
  if (name === 'h2 over TLS') {
    const session = http2.connect(url, { ca: cert.cert })
    return {
      name,
      url,
      request: (p, o = {}) => h2Request(session, p, o),
      close: () => new Promise((resolve) => { session.close(); server.close(() => resolve()) })
    }
  }
  return {
    name,
    url,
    request: (p, o = {}) => https1Request(port, cert.cert, p, o),
    close: () => new Promise((resolve) => server.close(() => resolve()))
  }
}

/** The transports to run each test on, with the reason TLS ones are skipped, if they are. */
export const TRANSPORTS: ReadonlyArray<{ name: TransportName, skip: string | false }> = [
  { name: 'h2c', skip: false },
  { name: 'h2 over TLS', skip: tlsSkipReason() },
  { name: 'HTTP/1.1 over TLS (allowHTTP1)', skip: tlsSkipReason() }
]
