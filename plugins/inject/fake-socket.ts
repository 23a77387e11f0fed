// The socket an injected exchange runs on: a Duplex that records what the response writes.
/// <reference types="node" preserve="true" />
import { InProcessSocket } from '../in-process/socket'

/** High enough that a write never waits for a `drain` no server would relay. */
const NEVER_FULL = Number.MAX_SAFE_INTEGER

export interface InjectSocketOptions {
  remoteAddress: string
  encrypted: boolean
}

/** Stands in for a server's socket (plugins/in-process/socket.ts), every byte written kept in `chunks`. */
export class InjectSocket extends InProcessSocket {
  readonly chunks: Buffer[] = []

  constructor (options: InjectSocketOptions) {
    super({ remoteAddress: options.remoteAddress, remotePort: 50000, localPort: 80, encrypted: options.encrypted }, { writableHighWaterMark: NEVER_FULL })
  }

  override _write (chunk: Buffer, _encoding: BufferEncoding, callback: (err?: Error | null) => void): void {
    this.chunks.push(chunk)
    callback()
  }
}
