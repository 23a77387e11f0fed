// Chooses how a body is read from its Content-Encoding, and opens the inflating stream.
/// <reference types="node" preserve="true" />
import createError from 'http-errors'
import type { IncomingMessage } from 'http'
import type { Transform } from 'stream'
import { loadZlib } from './lazy-modules'

/** Which content codings a parser inflates besides gzip and deflate. */
export interface CodingSupport {
  /** `br` (body-parser 2; Express 4's built-ins refuse it). */
  readonly brotli: boolean
  /** `zstd`, when the runtime's zlib has it (body-parser 2's `experimentalZstd`). */
  readonly zstd: boolean
}

type InflaterFactory = () => Transform

/** The coding of the request body, lower-cased; `identity` when there is none. */
export function contentCoding (req: IncomingMessage): string {
  const header = req.headers['content-encoding']
  return header ? header.toLowerCase() : 'identity'
}

/**
 * The inflater for a coding, or throws the 415 `encoding.unsupported` error the coding earns:
 * any coding when `inflate` is false, or one this parser does not know.
 * Returns undefined for `identity` (the request is read as it is).
 */
export function inflaterFor (coding: string, inflate: boolean, support: CodingSupport): InflaterFactory | undefined {
  if (coding === 'identity') return undefined
  if (!inflate) throw createError(415, 'content encoding unsupported', { encoding: coding, type: 'encoding.unsupported' })
  const zlib = loadZlib()
  switch (coding) {
    case 'gzip': return zlib.createGunzip
    case 'deflate': return zlib.createInflate
    case 'br': if (support.brotli) return zlib.createBrotliDecompress; break
    case 'zstd': {
      const createZstd = (zlib as unknown as { createZstdDecompress?: InflaterFactory }).createZstdDecompress
      if (support.zstd && createZstd) return createZstd
      break
    }
  }
  throw createError(415, `unsupported content encoding "${coding}"`, { encoding: coding, type: 'encoding.unsupported' })
}

function ignoreError (): void {}

/**
 * Pipes the request through a new inflater and returns it. The inflater forwards the
 * request's `aborted` event (raw-body listens for it on the stream it reads) and never
 * throws an unhandled error after reading stopped.
 */
export function openInflater (req: IncomingMessage, create: InflaterFactory): Transform {
  const inflater = create()
  inflater.on('error', ignoreError)
  const forwardAbort = function forwardAbort (): void { inflater.emit('aborted') }
  req.once('aborted', forwardAbort)
  inflater.once('close', function stopForwarding () { req.removeListener('aborted', forwardAbort) })
  req.pipe(inflater)
  return inflater
}
