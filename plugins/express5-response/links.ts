// res.links(links) as Express 5 has it: a relation may name several URLs.
import type { Response } from '../../kernel/types'
import type { ResponsePolicy } from '../response'
import { checkLink } from '../response/link-values'

/** Creates Express 5's res.links for a framework whose response policy is `policy`. */
export function createLinks (policy: Readonly<ResponsePolicy>) {
  /**
   * Appends `<url>; rel="name"` to the Link header for each relation, once per URL when the
   * relation's value is an array.
   * @example res.links({ next: '/users?page=2', alternate: ['/users.json', '/users.xml'] })
   */
  return function links (this: Response, rels: Record<string, string | readonly string[]>): Response {
    const check = policy.checkLinks
    const prev = this.get('Link')
    const added = Object.keys(rels).map((rel) => {
      const urls = rels[rel]
      return (Array.isArray(urls) ? urls : [urls]).map((url) => {
        if (check) checkLink(rel, String(url))
        return `<${String(url)}>; rel="${rel}"`
      }).join(', ')
    }).join(', ')
    return this.set('Link', prev ? `${String(prev)}, ${added}` : added)
  }
}
