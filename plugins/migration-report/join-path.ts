// Full paths for the report: the parts of a layer's path from the app down, joined as written.
import type { PathParams } from '../../kernel'

/** One alternative of a path as written: a string or a regular expression. */
export type PathPart = string | RegExp

/** The alternatives of a path argument, arrays (nested) expanded in order. */
export function alternatives (path: PathParams): PathPart[] {
  if (typeof path === 'string' || path instanceof RegExp) return [path]
  if (!Array.isArray(path)) return [String(path)]
  return (path as PathParams[]).flatMap((item) => alternatives(item))
}

/** Parts joined, outermost first: `/api` + `/users/:id` is `/api/users/:id`; regular expressions as literals; nothing is `/`. */
export function joinParts (parts: readonly PathPart[]): string {
  let out = ''
  for (const part of parts) {
    const text = String(part)
    if (text === '/' || text === '') continue
    out = (out.endsWith('/') ? out.slice(0, -1) : out) + (text[0] === '/' ? text : `/${text}`)
  }
  return out === '' ? '/' : out
}
