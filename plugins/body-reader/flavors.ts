// The two behaviours the parsers come in: Express 4's built-ins, and the standalone body-parser 2 parsers.
/// <reference types="node" preserve="true" />
import onFinished from 'on-finished'
import type { IncomingMessage } from 'http'
import type { CodingSupport } from './content-coding'
import { CURRENT_CHARSETS, type CharsetSupport } from './charset'
import { LEGACY_CHARSETS } from './legacy-charsets'
import type { BodyPolicy } from './policy'

/** A request as the parsers see it: `_body` marks a body some parser has started reading. */
export interface BodyRequest extends IncomingMessage {
  body?: unknown
  _body?: boolean
}

/** What differs between the two families of parsers, besides per-parser defaults. */
export interface BodyFlavor {
  readonly name: 'framework' | 'standalone'
  /** Whether another parser already took this request's body: the parser then calls `next()` at once. */
  isTaken (req: BodyRequest): boolean
  /** Sets `req.body` before anything else is decided. */
  initBody (req: BodyRequest): void
  /** Inflating `br` (and `zstd` on request). */
  readonly brotli: boolean
  /** The charsets bodies are decoded from. */
  readonly charsets: CharsetSupport
  /** The body policy of the framework whose parsers these are (read on each request); none for the standalone parsers. */
  readonly policy?: Readonly<BodyPolicy>
}

/**
 * Express 4's built-ins (body-parser 1.20): `req._body` marks a taken body; `req.body` is
 * `{}` unless a parser sets it; a request read by something else fails with 500 `stream.not.readable`;
 * charsets are those of iconv-lite 0.4.
 */
export const FRAMEWORK_FLAVOR: BodyFlavor = Object.freeze({
  name: 'framework' as const,
  isTaken (req: BodyRequest): boolean { return req._body === true },
  initBody (req: BodyRequest): void { req.body = req.body || {} },
  brotli: false,
  charsets: LEGACY_CHARSETS
})

/**
 * body-parser 2: a body already read (by a parser or anything else) is skipped, and
 * `req.body` is left as it was, `undefined` when nothing set it; charsets are those of iconv-lite 0.7.
 */
export const STANDALONE_FLAVOR: BodyFlavor = Object.freeze({
  name: 'standalone' as const,
  isTaken (req: BodyRequest): boolean { return req._body === true || onFinished.isFinished(req) },
  initBody (req: BodyRequest): void { if (!('body' in req)) req.body = undefined },
  brotli: true,
  charsets: CURRENT_CHARSETS
})

/** The codings a parser of this flavor inflates. */
export function codingSupport (flavor: BodyFlavor, experimentalZstd: boolean | undefined): CodingSupport {
  return { brotli: flavor.brotli, zstd: flavor.brotli && experimentalZstd === true }
}
