// Express 4's default ETag for a string body (weak: byte length in hex, then 27 characters of the
// body's SHA-1 in base64), computed as cheaply as node allows, for the apps that add Express's
// headers by hand. test/bench/express-etag.test.ts holds it to the `etag` package Express uses.
import crypto from 'node:crypto'
import { memoizedGenerator } from '../../plugins/response/etag-setting'

/** `crypto.hash` (node >= 20.12): one call, no Hash object; `createHash` where node lacks it. */
const sha1Base64: (body: string) => string = typeof (crypto as { hash?: unknown }).hash === 'function'
  ? (body) => crypto.hash('sha1', body, 'base64')
  : (body) => crypto.createHash('sha1').update(body, 'utf8').digest('base64')

/** The ETag Express 4 sends with `body` (`etag(body, { weak: true })`), hashed every time. */
export function expressETag (body: string): string {
  return `W/"${Buffer.byteLength(body, 'utf8').toString(16)}-${sha1Base64(body).substring(0, 27)}"`
}

/**
 * Returns a generator of {@link expressETag} that remembers the tags of short bodies: a fresh
 * instance of Ristretto's default `etag fn` (bodies up to 1024 characters, 512 tags, then it
 * starts over), so an app using it does the hashing work Ristretto does: no more, no less.
 */
export function rememberedETag (): (body: string) => string {
  const generate = memoizedGenerator('W/')
  return (body) => generate(body)
}
