// The socket a fetch exchange runs on: what the response writes is read as HTTP as it comes, and
// becomes a Web Response whose body streams, with backpressure, to whoever reads it.
/// <reference types="node" preserve="true" />
import { IncomingMessage } from 'http'
import { combineHeaders } from '../in-process/build-request'
import { InProcessSocket } from '../in-process/socket'

const HEAD_END = Buffer.from('\r\n\r\n')
const CRLF = Buffer.from('\r\n')
const STATUS_LINE = /^HTTP\/\d\.\d (\d{3})(?: (.*))?$/
const CHUNKED = /(?:^|,)\s*chunked\s*$/i
/** Headers of one connection, not of the response: a Web Response does not carry them. */
const HOP_BY_HOP = new Set(['connection', 'keep-alive', 'transfer-encoding', 'upgrade', 'proxy-connection', 'te', 'trailer'])
/** Statuses whose responses have no body (and a Response refuses one). */
const NULL_BODY = new Set([101, 103, 204, 205, 304])

/** The head of the response: status, reason phrase and header lines as written. */
export interface ResponseHead {
  status: number
  statusText: string
  rawHeaders: string[]
}

/** How the body after the head is delimited. */
type BodyMode = 'none' | 'chunked' | 'length' | 'close'

export interface FetchSocketOptions {
  remoteAddress: string
  remotePort: number
  encrypted: boolean
  /** The request is a HEAD: the response has no body, whatever its headers say. */
  head: boolean
  /** Called once with the final head and the body stream (null for no body). */
  onHead: (head: ResponseHead, body: ReadableStream<Uint8Array> | null) => void
}

function parseHead (text: string): ResponseHead {
  const lines = text.split('\r\n')
  const status = STATUS_LINE.exec(lines[0])
  if (!status) throw new Error(`Unreadable status line: ${JSON.stringify(lines[0])}`)
  const rawHeaders: string[] = []
  for (let i = 1; i < lines.length; i++) {
    const colon = lines[i].indexOf(':')
    if (colon > 0) rawHeaders.push(lines[i].slice(0, colon), lines[i].slice(colon + 1).trim())
  }
  return { status: Number(status[1]), statusText: status[2] ?? '', rawHeaders }
}

/** The Web headers of a response head: every line (`set-cookie` ones apart), hop-by-hop ones left out. */
export function webHeaders (rawHeaders: readonly string[]): Headers {
  const headers = new Headers()
  for (let i = 0; i < rawHeaders.length; i += 2) {
    if (!HOP_BY_HOP.has(rawHeaders[i].toLowerCase())) headers.append(rawHeaders[i], rawHeaders[i + 1])
  }
  return headers
}

/**
 * Stands in for a `net.Socket` (or a TLS one) under a request and its response: addresses and
 * the timeout and keep-alive methods as a server's socket has them; it never produces data (the
 * request body is pushed into the request). Bytes written are parsed: interim `1xx` heads
 * skipped, the final head handed over with a body stream, the body's transfer-coding removed.
 * A write waits while the body's reader has all it asked for.
 */
export class FetchSocket extends InProcessSocket {
  private readonly options: FetchSocketOptions
  private pending: Buffer = Buffer.alloc(0)
  private mode: BodyMode | 'head' = 'head'
  /** Bytes left: of the body (`length`) or of the current chunk (`chunked`, -1 between chunks). */
  private left = -1
  private controller: ReadableStreamDefaultController<Uint8Array> | undefined
  private waiting: (() => void) | undefined
  private ended = false

  constructor (options: FetchSocketOptions) {
    super({ remoteAddress: options.remoteAddress, remotePort: options.remotePort, localPort: options.encrypted ? 443 : 80, encrypted: options.encrypted }, { decodeStrings: true })
    this.options = options
  }

  override _write (chunk: Buffer, _encoding: BufferEncoding, callback: (err?: Error | null) => void): void {
    try {
      this.pending = this.pending.length === 0 ? chunk : Buffer.concat([this.pending, chunk])
      this.consume()
    } catch (err) {
      callback(err as Error)
      return
    }
    // The reader has what it asked for: the next write waits until it asks for more.
    if (this.controller !== undefined && !this.ended && (this.controller.desiredSize ?? 1) <= 0) this.waiting = () => callback()
    else callback()
  }

  override _final (callback: (err?: Error | null) => void): void {
    this.finishBody()
    callback()
  }

  override _destroy (err: Error | null, callback: (err: Error | null) => void): void {
    if (!this.ended && this.controller !== undefined) {
      this.ended = true
      this.controller.error(err ?? new Error('The response was cut off before its end'))
    }
    this.releaseWriter()
    callback(err)
  }

  /** The response ended (its `finish`): a body read until the end is complete. */
  finishBody (): void {
    if (this.ended || this.controller === undefined) return
    this.ended = true
    this.controller.close()
  }

  private releaseWriter (): void {
    const resume = this.waiting
    this.waiting = undefined
    resume?.()
  }

  private emitBody (bytes: Buffer): void {
    if (bytes.length !== 0 && this.controller !== undefined && !this.ended) this.controller.enqueue(new Uint8Array(bytes))
  }

  /** Reads what it can of `pending`: the head, then body bytes. */
  private consume (): void {
    for (;;) {
      if (this.mode === 'head') {
        const end = this.pending.indexOf(HEAD_END)
        if (end === -1) return
        const head = parseHead(this.pending.toString('latin1', 0, end))
        this.pending = this.pending.subarray(end + HEAD_END.length)
        if (head.status >= 100 && head.status < 200 && head.status !== 101) continue
        this.startBody(head)
        continue
      }
      if (this.mode === 'none') {
        this.pending = Buffer.alloc(0)
        return
      }
      if (this.mode === 'close') {
        this.emitBody(this.pending)
        this.pending = Buffer.alloc(0)
        return
      }
      if (this.mode === 'length') {
        const take = this.pending.subarray(0, this.left)
        this.left -= take.length
        this.emitBody(take)
        this.pending = Buffer.alloc(0)
        if (this.left === 0) this.finishBody()
        return
      }
      // Chunked: a size line, its bytes and their CRLF, until the zero-size chunk and the trailers.
      if (this.left === -1) {
        const lineEnd = this.pending.indexOf(CRLF)
        if (lineEnd === -1) return
        const size = parseInt(this.pending.toString('latin1', 0, lineEnd).split(';')[0], 16)
        if (!Number.isFinite(size) || size < 0) throw new Error('Unreadable chunk size in the response')
        this.pending = this.pending.subarray(lineEnd + CRLF.length)
        if (size === 0) {
          this.mode = 'none'
          this.finishBody()
          continue
        }
        this.left = size
      }
      if (this.left > 0) {
        const take = this.pending.subarray(0, this.left)
        this.left -= take.length
        this.pending = this.pending.subarray(take.length)
        this.emitBody(take)
        if (this.left > 0) return
      }
      if (this.pending.length < CRLF.length) return
      this.pending = this.pending.subarray(CRLF.length)
      this.left = -1
    }
  }

  private startBody (head: ResponseHead): void {
    const headers = combineHeaders(new IncomingMessage(null as never), head.rawHeaders)
    const coding = headers['transfer-encoding']
    const length = headers['content-length']
    if (this.options.head || NULL_BODY.has(head.status)) this.mode = 'none'
    else if (typeof coding === 'string' && CHUNKED.test(coding)) this.mode = 'chunked'
    else if (typeof length === 'string' && /^\d+$/.test(length)) {
      this.mode = 'length'
      this.left = Number(length)
    } else this.mode = 'close'
    if (this.mode === 'none' || (this.mode === 'length' && this.left === 0)) {
      this.ended = true
      this.options.onHead(head, null)
      return
    }
    const body = new ReadableStream<Uint8Array>({
      start: (controller) => { this.controller = controller },
      pull: () => { this.releaseWriter() },
      cancel: () => {
        this.ended = true
        this.destroy()
      }
    }, { highWaterMark: 1 })
    this.options.onHead(head, body)
  }
}
