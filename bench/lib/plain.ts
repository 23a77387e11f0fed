// Plain node:http helpers for the apps that have no response helpers (bare node:http, Ristretto's minimal preset).
import fs from 'node:fs'
import path from 'node:path'
import type { IncomingMessage, ServerResponse } from 'node:http'

/** Sends a UTF-8 text body. */
export function sendText (res: ServerResponse, body: string): void {
  res.setHeader('Content-Type', 'text/plain; charset=utf-8')
  res.setHeader('Content-Length', Buffer.byteLength(body))
  res.end(body)
}

/** Sends a value as JSON. */
export function sendJson (res: ServerResponse, value: unknown): void {
  const body = JSON.stringify(value)
  res.setHeader('Content-Type', 'application/json; charset=utf-8')
  res.setHeader('Content-Length', Buffer.byteLength(body))
  res.end(body)
}

/** Reads a JSON request body (up to 100 KB) and hands the parsed value on; answers 400/413 itself. */
export function readJson (req: IncomingMessage, res: ServerResponse, then: (value: unknown) => void): void {
  const chunks: Buffer[] = []
  let size = 0
  req.on('data', (chunk: Buffer) => {
    size += chunk.length
    if (size <= 102400) chunks.push(chunk)
  })
  req.on('end', () => {
    if (size > 102400) {
      res.statusCode = 413
      res.end()
      return
    }
    let value: unknown
    try {
      value = JSON.parse(Buffer.concat(chunks).toString('utf8'))
    } catch {
      res.statusCode = 400
      res.end()
      return
    }
    then(value)
  })
}

/** Serves one of a fixed set of files: stat, then stream with type, length and Last-Modified. */
export function serveFile (res: ServerResponse, file: string): void {
  fs.stat(file, (err, stat) => {
    if (err) {
      res.statusCode = 404
      res.end()
      return
    }
    res.setHeader('Content-Type', path.extname(file) === '.txt' ? 'text/plain; charset=utf-8' : 'application/octet-stream')
    res.setHeader('Content-Length', stat.size)
    res.setHeader('Last-Modified', stat.mtime.toUTCString())
    fs.createReadStream(file).pipe(res)
  })
}
