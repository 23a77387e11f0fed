// res.links(links): the Link header.
import type { Response } from '../../kernel/types'

/** Appends `<url>; rel="name"` for each property to the Link header. */
export function links (this: Response, rels: Record<string, string>): Response {
  const prev = this.get('Link')
  const added = Object.keys(rels).map((rel) => `<${rels[rel]}>; rel="${rel}"`).join(', ')
  return this.set('Link', prev ? `${String(prev)}, ${added}` : added)
}
