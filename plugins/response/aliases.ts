// The second names Express gives response helpers: `res.header` is `res.set`, `res.contentType` is `res.type`.
import type { Decorations, Response } from '../../kernel'

/** Each aliased helper, with the name it is given again. */
const ALIASES: Readonly<Record<string, string>> = { set: 'header', type: 'contentType' }

/**
 * `helpers` with Express's aliases of those it has, each alias right after its helper (the
 * order the members take on the response prototype).
 *
 * @example withAliases({ status, set }) // { status, set, header: set }
 */
export function withAliases (helpers: Decorations<Response>): Decorations<Response> {
  const table: Record<string, unknown> = {}
  for (const [name, helper] of Object.entries(helpers)) {
    table[name] = helper
    if (Object.prototype.hasOwnProperty.call(ALIASES, name)) table[ALIASES[name]] = helper
  }
  return table as Decorations<Response>
}
