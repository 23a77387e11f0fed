// res.links(links) as Express 5 has it: a relation may name several URLs.
import type { Response } from '../../kernel/types'

/**
 * Appends `<url>; rel="name"` to the Link header for each relation, once per URL when the
 * relation's value is an array.
 * @example res.links({ next: '/users?page=2', alternate: ['/users.json', '/users.xml'] })
 */
export function links (this: Response, rels: Record<string, string | readonly string[]>): Response {
  const prev = this.get('Link')
  const added = Object.keys(rels).map((rel) => {
    const urls = rels[rel]
    return (Array.isArray(urls) ? urls : [urls]).map((url) => `<${String(url)}>; rel="${rel}"`).join(', ')
  }).join(', ')
  return this.set('Link', prev ? `${String(prev)}, ${added}` : added)
}
