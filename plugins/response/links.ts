// res.links(links): the Link header.
import type { Response } from '../../kernel/types'
import type { ResponsePolicy } from './policy'
import type * as LinkValues from './link-values'

let linkValues: typeof LinkValues | undefined

/** Creates res.links for a framework whose response policy is `policy`. */
export function createLinks (policy: Readonly<ResponsePolicy>) {
  /** Appends `<url>; rel="name"` for each property to the Link header. */
  return function links (this: Response, rels: Record<string, string>): Response {
    const check = policy.checkLinks
    const prev = this.get('Link')
    const added = Object.keys(rels).map((rel) => {
      if (check) {
        // The checks, required by the first link a framework checking them sends.
        // eslint-disable-next-line @typescript-eslint/no-require-imports
        linkValues ??= require('./link-values') as typeof LinkValues
        linkValues.checkLink(rel, String(rels[rel]))
      }
      return `<${rels[rel]}>; rel="${rel}"`
    }).join(', ')
    return this.set('Link', prev ? `${String(prev)}, ${added}` : added)
  }
}
