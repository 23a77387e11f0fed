// Reads the bytes a ServerResponse wrote: status line, headers, body (chunked transfer-coding removed), trailers.
/// <reference types="node" preserve="true" />
import { IncomingMessage } from 'http'
import { combineHeaders } from '../in-process/build-request'
import type { InjectResponse } from './types'

const HEAD_END = Buffer.from('\r\n\r\n')
const LINE_END = Buffer.from('\r\n')
const STATUS_LINE = /^HTTP\/\d\.\d (\d{3})(?: (.*))?$/
const CHUNKED = /(?:^|,)\s*chunked\s*$/i
const SWITCHING_PROTOCOLS = 101

interface Head { status: number, message: string, rawHeaders: string[], end: number }

function readHead (raw: Buffer, start: number): Head {
  const end = raw.indexOf(HEAD_END, start)
  if (end === -1) throw new Error('The response ended before its headers were complete')
  const lines = raw.toString('latin1', start, end).split('\r\n')
  const status = STATUS_LINE.exec(lines[0])
  if (!status) throw new Error(`Unreadable status line: ${JSON.stringify(lines[0])}`)
  const rawHeaders: string[] = []
  for (let i = 1; i < lines.length; i++) {
    const colon = lines[i].indexOf(':')
    if (colon <= 0) continue
    rawHeaders.push(lines[i].slice(0, colon), lines[i].slice(colon + 1).trim())
  }
  return { status: Number(status[1]), message: status[2] ?? '', rawHeaders, end: end + HEAD_END.length }
}

/** Removes chunked transfer-coding; the trailer lines after the last chunk are returned apart. */
function dechunk (raw: Buffer): { body: Buffer, trailers: string[] } {
  const parts: Buffer[] = []
  let at = 0
  for (;;) {
    const lineEnd = raw.indexOf(LINE_END, at)
    if (lineEnd === -1) break
    const size = parseInt(raw.toString('latin1', at, lineEnd).split(';')[0], 16)
    at = lineEnd + LINE_END.length
    if (!Number.isFinite(size) || size < 0) break
    if (size === 0) {
      const trailers: string[] = []
      for (;;) {
        const end = raw.indexOf(LINE_END, at)
        if (end === -1 || end === at) break
        const line = raw.toString('latin1', at, end)
        const colon = line.indexOf(':')
        if (colon > 0) trailers.push(line.slice(0, colon), line.slice(colon + 1).trim())
        at = end + LINE_END.length
      }
      return { body: Buffer.concat(parts), trailers }
    }
    parts.push(raw.subarray(at, at + size))
    at += size + LINE_END.length
  }
  return { body: Buffer.concat(parts), trailers: [] }
}

/**
 * Parses what a response wrote on its socket. Interim `1xx` heads (`100 Continue`,
 * `103 Early Hints`) are skipped; the final head and its body make the response.
 */
export function parseResponse (raw: Buffer): InjectResponse {
  let head = readHead(raw, 0)
  while (head.status >= 100 && head.status < 200 && head.status !== SWITCHING_PROTOCOLS) head = readHead(raw, head.end)
  const message = new IncomingMessage(null as any) // only its header-combining rules are used
  const headers = combineHeaders(message, head.rawHeaders)
  let body = raw.subarray(head.end)
  let trailerLines: string[] = []
  const coding = headers['transfer-encoding']
  if (typeof coding === 'string' && CHUNKED.test(coding)) ({ body, trailers: trailerLines } = dechunk(body))
  const trailers = combineHeaders(message, trailerLines) as Record<string, string>
  const text = body.toString('utf8')
  return {
    status: head.status,
    statusCode: head.status,
    statusMessage: head.message,
    headers,
    rawHeaders: head.rawHeaders,
    trailers,
    body,
    text,
    json<T = unknown> (): T { return JSON.parse(text) as T }
  }
}
