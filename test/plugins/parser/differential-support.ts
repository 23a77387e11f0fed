// What the two body-parser differential tests share: the app that echoes a parse, and the bytes of a body.
import assert from 'node:assert/strict'
import zlib from 'node:zlib'
import { exchange } from '../../support/differential'

/* eslint-disable @typescript-eslint/no-explicit-any -- one code drives both parsers, whose types differ */

export type Kind = 'json' | 'urlencoded' | 'text' | 'raw'

/**
 * An app of `create` whose POST / runs `parsers[kind](options)` and answers with what it made of
 * the body (its type, prototype and value) or with the error's status, type, message, expose,
 * charset and encoding.
 */
export function echoApp (create: () => any, parsers: any, kind: Kind, options: object): any {
  const app = create()
  app.post('/', parsers[kind](options), (req: any, res: any) => {
    const body = req.body
    res.end(JSON.stringify({
      type: Buffer.isBuffer(body) ? 'buffer' : body === null ? 'null' : typeof body,
      proto: body !== null && typeof body === 'object' && !Buffer.isBuffer(body) ? (Object.getPrototypeOf(body) === null ? 'null' : 'object') : '',
      value: Buffer.isBuffer(body) ? body.toString('hex') : body
    }))
  })
  app.use((err: any, req: any, res: any, next: any) => {
    res.statusCode = err.status || 500
    res.end(JSON.stringify({ status: err.status, type: err.type, message: err.message, expose: err.expose, charset: err.charset, encoding: err.encoding }))
  })
  return app
}

/** The bytes of `text` in the charset `type` names (UTF-8 otherwise), compressed as `encoding` says. */
export function encodeBody (text: string, type: string, encoding: string): Buffer {
  const charset = /charset="?([\w-]+)/i.exec(type)?.[1].toLowerCase()
  let bytes = charset === 'iso-8859-1' ? Buffer.from(text, 'latin1') : charset === 'utf-16' ? Buffer.from(text, 'utf16le') : Buffer.from(text)
  const coding = encoding.toLowerCase()
  if (coding.startsWith('gzip')) bytes = zlib.gzipSync(bytes)
  else if (coding === 'deflate') bytes = zlib.deflateSync(bytes)
  else if (coding === 'br') bytes = zlib.brotliCompressSync(bytes)
  return bytes
}

/** A body to post: its text, Content-Type ('' for none) and Content-Encoding ('' for none). */
export type BodyRequest = readonly [text: string, type: string, encoding: string]

/** Posts each body to both echo apps (ports); the answers must be the same. `label` names the parser and options. */
export async function sameParses (ours: number, theirs: number, requests: readonly BodyRequest[], label: string): Promise<void> {
  for (const [text, type, encoding] of requests) {
    const headers: Record<string, string> = {}
    if (type !== '') headers['Content-Type'] = type
    if (encoding !== '') headers['Content-Encoding'] = encoding
    const request = { method: 'POST', headers, body: encodeBody(text, type, encoding) }
    const [a, b] = await Promise.all([exchange(ours, request), exchange(theirs, request)])
    assert.equal(`${a.status}\n${a.body.toString('utf8')}`, `${b.status}\n${b.body.toString('utf8')}`,
      `${label}: ${JSON.stringify(text)} ${JSON.stringify(headers)}`)
  }
}
