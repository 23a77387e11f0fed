// The `etag` setting compiled into the `etag fn` setting res.send uses.
/// <reference types="node" preserve="true" />
import crypto from 'crypto'
import { memoizeString } from './string-memo'
import { compileChoice } from '../shared/settings'
import type { ETagFunction } from './types'

/**
 * SHA-1 of the body in base64, one-shot (`crypto.hash`, node >= 20.12) where available: it
 * skips the Hash object `createHash` builds, which costs more than hashing a small body.
 */
const sha1Base64: (data: string | Buffer) => string = typeof crypto.hash === 'function'
  ? (data) => crypto.hash('sha1', data, 'base64')
  : (data) => crypto.createHash('sha1').update(data).digest('base64')

/**
 * The entity tag of a body, as the `etag` package makes it (`"<length in hex>-<27 chars of base64 sha1>"`),
 * computed without it on the hot path; test/plugins/response/etag-generators.test.ts checks they agree.
 * Strings are hashed as the bytes `encoding` gives them (UTF-8 by default).
 */
export function entityTag (body: Buffer | string, encoding?: BufferEncoding, byteLength?: number): string {
  let bytes = body
  if (typeof bytes === 'string' && encoding !== undefined && encoding !== 'utf8' && encoding !== 'utf-8') bytes = Buffer.from(bytes, encoding)
  const length = byteLength ?? (typeof bytes === 'string' ? Buffer.byteLength(bytes, 'utf8') : bytes.length)
  return '"' + length.toString(16) + '-' + sha1Base64(bytes).slice(0, 27) + '"'
}

/** A built-in generator: also given the body's byte length in `encoding` when the caller already knows it. */
export type BuiltInETagFunction = (body: Buffer | string, encoding?: BufferEncoding, byteLength?: number) => string

/** Longest string body whose tag is remembered: hashing it for the lookup must stay far cheaper than SHA-1. */
const MEMO_MAX_LENGTH = 1024
/** Tags remembered before the memo starts over, so distinct bodies cannot grow it without bound. */
const MEMO_MAX_ENTRIES = 512

/**
 * A tag generator that remembers the tags of short UTF-8 string bodies: an app answers the same
 * small bodies over and over (`OK`, a health check, a fixed JSON document), and SHA-1 costs
 * more than the rest of `res.send`. The tag is a pure function of the bytes, so remembering it
 * changes nothing but the time.
 */
export function memoizedGenerator (prefix: string): BuiltInETagFunction {
  const shortBodyTag = memoizeString((body) => prefix + entityTag(body), MEMO_MAX_ENTRIES)
  return function generateETag (body, encoding, byteLength) {
    if (typeof body !== 'string' || body.length > MEMO_MAX_LENGTH || (encoding !== undefined && encoding !== 'utf8' && encoding !== 'utf-8')) {
      return prefix + entityTag(body, encoding, byteLength)
    }
    return shortBodyTag(body)
  }
}

/** `etag` = `true`/`'weak'`: `W/"…"` tags. */
const weakETag = memoizedGenerator('W/')

/** `etag` = `'strong'`: `"…"` tags. */
const strongETag = memoizedGenerator('')

/**
 * The built-in generators: they accept a string body as well as its bytes, so res.send can skip
 * converting the body to a Buffer first (a user's generator always receives a Buffer, as in Express).
 */
export const BUILT_IN_ETAG_FUNCTIONS: ReadonlySet<unknown> = new Set<unknown>([weakETag, strongETag])

const CHOICES: ReadonlyMap<unknown, ETagFunction | undefined> = new Map<unknown, ETagFunction | undefined>([
  [true, weakETag],
  ['weak', weakETag],
  [false, undefined],
  ['strong', strongETag]
])

/**
 * Compiles a value of the `etag` setting: `true`/`'weak'` → weak tags, `'strong'` → strong tags,
 * `false` → none (undefined), a function → used as is.
 * @throws TypeError for any other value.
 */
export function compileETag (value: unknown): ETagFunction | undefined {
  return compileChoice('etag', value, CHOICES)
}
