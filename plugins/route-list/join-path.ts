// Paths as written, joined across mounts: arrays expanded, regular expressions kept.

/** One part of a path as written: a string pattern or a regular expression. */
export type PathPart = string | RegExp

/** The alternatives of a path argument: arrays (nested) are expanded, in order. */
export function alternatives (path: unknown): PathPart[] {
  if (typeof path === 'string' || path instanceof RegExp) return [path]
  if (!Array.isArray(path)) return [String(path)]
  const out: PathPart[] = []
  for (const item of path) out.push(...alternatives(item))
  return out
}

/**
 * Joins parts, outermost mount first, into one display path: `'/api'` + `'/users/:id'`
 * is `'/api/users/:id'`; a `'/'` part adds nothing; a regular expression is written as
 * its literal (`/^\/item\/(\d+)$/i`). Nothing joined is `'/'`.
 */
export function joinParts (parts: readonly PathPart[]): string {
  let out = ''
  for (const part of parts) {
    const text = typeof part === 'string' ? part : String(part)
    if (text === '/' || text === '') continue
    if (text[0] === '/') out = (out.endsWith('/') ? out.slice(0, -1) : out) + text
    else out = out === '' ? text : (out.endsWith('/') ? out : out + '/') + text
  }
  return out === '' ? '/' : out
}
