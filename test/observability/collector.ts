// A collector on loopback for the agents' tests: where Sentry and dd-trace send what they record.
import http from 'node:http'
import zlib from 'node:zlib'

/** What the collector received: each request's method, path (query left out) and body (gunzipped). */
export interface Received { method: string, path: string, body: Buffer }

/** A running collector: its port, what it received so far, and `close`. */
export interface Collector { port: number, received: Received[], close: () => Promise<void> }

/** Starts a collector on 127.0.0.1: it answers 200 `{}` to every request and keeps each one. */
export async function startCollector (): Promise<Collector> {
  const received: Received[] = []
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = []
    req.on('data', (chunk: Buffer) => chunks.push(chunk))
    req.on('end', () => {
      const body = Buffer.concat(chunks)
      received.push({
        method: req.method ?? '',
        path: (req.url ?? '').split('?')[0]!,
        body: req.headers['content-encoding'] === 'gzip' ? zlib.gunzipSync(body) : body
      })
      res.writeHead(200, { 'content-type': 'application/json' })
      res.end('{}')
    })
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  return {
    port: (server.address() as { port: number }).port,
    received,
    close: () => new Promise((resolve) => {
      server.closeAllConnections()
      server.close(() => resolve())
    })
  }
}
