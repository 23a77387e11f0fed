// res.location(url): the Location header, percent-encoded.
/// <reference types="node" preserve="true" />
import type encodeUrl from 'encodeurl'
import type { Response } from '../../kernel/types'
import { reporter } from '../../kernel/deprecate'
import { outerReporter } from '../shared/outer-reporter'
import type { ResponsePolicy } from './policy'

let encodeUrlModule: typeof encodeUrl | undefined

/** The magic target meaning "where the client came from". */
const BACK = 'back'

/** Reports the deprecated forms of this module's members at the user's call ({@link reporter}). */
const deprecate = reporter()

/** The request's Referrer (either spelling), or `/`. */
function referrerOf (res: Response): string {
  const headers = res.req.headers
  const ref = headers.referrer || headers.referer
  return (Array.isArray(ref) ? ref[0] : ref) || '/'
}

const BACKSLASHES = /\\/g
/**
 * The scheme and host of an absolute or protocol-relative target as a browser reads them: a
 * scheme or `//`, any slashes or backslashes after it, then the host up to the next `\`, `/`,
 * `?` or `#`. They are sent as given, with the character after them (Express 4.19.2's
 * split against CVE-2024-29041, widened to the schemes browsers read without `//`).
 */
const SCHEME_AND_HOST = /^(?:[a-zA-Z][a-zA-Z0-9+.-]*:|\/\/)[\\/]*[^\\/?#]*/

/**
 * `target` with its backslashes after the scheme and host as `%5C`, so that a relative target
 * cannot reach another host (`/\evil.example`) while an absolute one keeps the host it names:
 * `http://a.example\@b.example` stays as written, which browsers send to a.example; encoded,
 * it would name b.example.
 */
function encodeBackslashes (target: string): string {
  const match = SCHEME_AND_HOST.exec(target)
  const kept = match ? match[0].length + 1 : 0
  return target.slice(0, kept) + target.slice(kept).replace(BACKSLASHES, '%5C')
}

/**
 * The res.location helper of a framework whose response policy is `policy`: sets `Location` to
 * `url`, encoding characters not allowed in a URL (existing escapes are kept), and backslashes
 * past the scheme and host when the policy says so.
 */
export function createLocation (policy: Readonly<ResponsePolicy>) {
  return function location (this: Response, url: string | URL): Response {
    let target: string
    if (url === BACK) {
      outerReporter(deprecate)('res.location("back"): use res.location(req.get("Referrer") || "/") and refer to https://dub.sh/security-redirect for best practices')
      target = referrerOf(this)
    } else {
      target = String(url)
    }
    // encodeurl, required by the first call.
    // eslint-disable-next-line @typescript-eslint/no-require-imports
    encodeUrlModule ??= require('encodeurl') as typeof encodeUrl
    const encoded = encodeUrlModule(target)
    return this.set('Location', policy.encodeBackslashes ? encodeBackslashes(encoded) : encoded)
  }
}
