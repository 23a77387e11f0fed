// The options every body parser shares, and their checking when a parser is created.
/// <reference types="node" preserve="true" />
import bytes from 'bytes'
import type { IncomingMessage, ServerResponse } from 'http'
import { compileTypeMatcher, type TypeMatcher } from './type-matcher'

/** Which requests a parser reads: an extension (`json`), a media type, a wildcard (`*\/json`), a list of those, or a predicate. */
export type TypeOption = string | readonly string[] | ((req: IncomingMessage) => unknown)

/**
 * Called with the raw body before it is decoded and parsed; throwing rejects the request
 * (403 `entity.verify.failed` unless the error carries its own `status` / `type`).
 * `encoding` is the charset the body will be decoded with; a raw body, which is not decoded,
 * passes `null` there (typed `string`, as `@types/body-parser` types it). Declared as a method,
 * so a function written for a request type built on node's fits, as with `@types/body-parser`.
 */
export type VerifyFunction = { verify (req: IncomingMessage, res: ServerResponse, buf: Buffer, encoding: string): void }['verify']

/** How the reader calls {@link VerifyFunction}: with `null` for bodies that are not decoded (a method, as that one). */
export type VerifyCall = { verify (req: IncomingMessage, res: ServerResponse, buf: Buffer, encoding: string | null): void }['verify']

/** Options common to the four parsers. */
export interface BodyParserOptions {
  /** Inflate compressed bodies (default true); when false a Content-Encoding other than identity is refused with 415. */
  inflate?: boolean
  /** Largest body accepted, in bytes or as a size string such as `'100kb'` (default `'100kb'`). */
  limit?: number | string
  /** Media types this parser reads (default per parser). */
  type?: TypeOption
  /** Inspects the raw body before parsing; throw to reject it. */
  verify?: VerifyFunction | false
}

/** The shared options, checked and compiled once per parser. */
export interface NormalizedBodyOptions {
  readonly inflate: boolean
  readonly limit: number
  readonly matches: TypeMatcher
  readonly verify: VerifyCall | undefined
}

/** The default `limit`: 100kb. */
export const DEFAULT_LIMIT = 100 * 1024

/** Reads a `limit` option: a number of bytes, or a size string parsed by `bytes`. Throws a TypeError when it is neither. */
export function parseLimit (limit: unknown): number {
  if (typeof limit === 'number') {
    if (Number.isNaN(limit) || limit < 0) throw new TypeError(`option limit must be a positive number of bytes, got ${limit}`)
    return limit
  }
  // Absent or empty means the default, as `bytes(undefined || '100kb')` does.
  if (limit === undefined || limit === null || limit === '' || limit === false) return DEFAULT_LIMIT
  const parsed = typeof limit === 'string' ? bytes.parse(limit) : null
  if (parsed === null || Number.isNaN(parsed) || parsed < 0) {
    throw new TypeError(`option limit "${String(limit)}" is not a valid size (use a number of bytes or a string such as "100kb")`)
  }
  return parsed
}

/** Checks the shared options and compiles `type`; `defaultType` is the parser's own media type. */
export function normalizeBodyOptions (options: BodyParserOptions | undefined, defaultType: string): NormalizedBodyOptions {
  const opts = options || {}
  const verify = opts.verify
  if (verify !== undefined && verify !== false && typeof verify !== 'function') {
    throw new TypeError('option verify must be function')
  }
  return {
    inflate: opts.inflate !== false,
    limit: parseLimit(opts.limit),
    matches: compileTypeMatcher(opts.type || defaultType),
    verify: verify || undefined
  }
}
