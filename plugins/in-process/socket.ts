// What an in-process exchange's socket shows a server's code (app.inject, app.fetch): addresses,
// and the timeout and keep-alive methods as a server's socket has them. It never produces data:
// the request body is pushed into the request itself.
/// <reference types="node" preserve="true" />
import { Duplex, type DuplexOptions } from 'stream'

export interface SocketAddresses {
  remoteAddress: string
  remotePort: number
  localPort: number
  /** A "TLS" socket: `encrypted` is set, as node's request helpers test it. */
  encrypted: boolean
}

/** Stands in for a `net.Socket` (or a TLS one); subclasses say where written bytes go. */
export abstract class InProcessSocket extends Duplex {
  readonly remoteAddress: string
  readonly remoteFamily: string
  readonly remotePort: number
  readonly localAddress: string
  readonly localPort: number
  /** Set on "TLS" sockets only, as node's request helpers test `socket.encrypted`. */
  readonly encrypted?: true

  constructor (addresses: SocketAddresses, options: DuplexOptions) {
    super(options)
    this.remoteAddress = addresses.remoteAddress
    this.remotePort = addresses.remotePort
    this.remoteFamily = addresses.remoteAddress.includes(':') ? 'IPv6' : 'IPv4'
    this.localAddress = this.remoteFamily === 'IPv6' ? '::1' : '127.0.0.1'
    this.localPort = addresses.localPort
    if (addresses.encrypted) this.encrypted = true
  }

  override _read (): void {}

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
