// The socket an injected exchange runs on: a Duplex that records what the response writes.
import { Duplex } from 'stream'

/** High enough that a write never waits for a `drain` no server would relay. */
const NEVER_FULL = Number.MAX_SAFE_INTEGER

export interface InjectSocketOptions {
  remoteAddress: string
  encrypted: boolean
}

/**
 * Stands in for a `net.Socket` (or a TLS one): addresses, the timeout and keep-alive
 * methods as no-ops, and every byte written kept in `chunks`. It never produces data:
 * the request body is pushed into the request itself.
 */
export class InjectSocket extends Duplex {
  readonly chunks: Buffer[] = []
  readonly remoteAddress: string
  readonly remoteFamily: string
  readonly remotePort = 50000
  readonly localAddress: string
  readonly localPort = 80
  /** Set on "TLS" sockets only, as node's request helpers test `socket.encrypted`. */
  readonly encrypted?: true

  constructor (options: InjectSocketOptions) {
    super({ writableHighWaterMark: NEVER_FULL })
    this.remoteAddress = options.remoteAddress
    this.remoteFamily = options.remoteAddress.includes(':') ? 'IPv6' : 'IPv4'
    this.localAddress = this.remoteFamily === 'IPv6' ? '::1' : '127.0.0.1'
    if (options.encrypted) this.encrypted = true
  }

  override _read (): void {}

  override _write (chunk: Buffer, _encoding: BufferEncoding, callback: (err?: Error | null) => void): void {
    this.chunks.push(chunk)
    callback()
  }

  address (): { address: string, family: string, port: number } {
    return { address: this.localAddress, family: this.remoteFamily, port: this.localPort }
  }

  setTimeout (_ms: number, callback?: () => void): this {
    if (callback) this.once('timeout', callback)
    return this
  }

  setNoDelay (): this { return this }
  setKeepAlive (): this { return this }
  ref (): this { return this }
  unref (): this { return this }
}
