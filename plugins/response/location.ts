// res.location(url): the Location header, percent-encoded.
import encodeUrl from 'encodeurl'
import type { Response } from '../../kernel/types'
import { deprecate } from '../../kernel/deprecate'

/** The magic target meaning "where the client came from". */
const BACK = 'back'

/** The request's Referrer (either spelling), or `/`. */
function referrerOf (res: Response): string {
  const headers = res.req.headers
  const ref = headers.referrer || headers.referer
  return (Array.isArray(ref) ? ref[0] : ref) || '/'
}

/** Sets `Location` to `url`, encoding characters not allowed in a URL (existing escapes are kept). */
export function location (this: Response, url: string | URL): Response {
  let target: string
  if (url === BACK) {
    deprecate('res.location("back"): set the target yourself, e.g. res.location(req.get("Referrer") || "/"), after checking it is one of your own URLs')
    target = referrerOf(this)
  } else {
    target = String(url)
  }
  return this.set('Location', encodeUrl(target))
}
