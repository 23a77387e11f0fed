// Express 4's default ETag for a string body (weak: byte length in hex, then 27 characters of the
// body's SHA-1 in base64), for the apps that add Express's headers by hand: the response plugin's own
// tag, so the benchmark hashes exactly as Ristretto does. test/bench/express-etag.test.ts holds it to
// the `etag` package Express uses.
import { entityTag, memoizedGenerator } from '../../plugins/response/etag-setting'

/** The ETag Express 4 sends with `body` (`etag(body, { weak: true })`), hashed every time. */
export function expressETag (body: string): string {
  return 'W/' + entityTag(body)
}

/**
 * Returns a generator of {@link expressETag} that remembers the tags of short bodies: a fresh
 * instance of Ristretto's default `etag fn` (bodies up to 1024 characters, 512 tags, then it
 * starts over), so an app using it does the hashing work Ristretto does: no more, no less.
 */
export function rememberedETag (): (body: string) => string {
  return memoizedGenerator('W/')
}
