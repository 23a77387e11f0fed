// Route paths of text and whole-segment parameters (`/users/:id/notes/:noteId`), matched by the kernel's segment walker.
import type { Token } from 'path-to-regexp-8'
import { matchSegments, segmentPatternOf } from '../../kernel/router/matchers/fast/segment-pattern'
import type { PathMatch, PathMatcher } from './path-matcher'

/** ASCII text: what a `/i` regexp (without `u`) and an ASCII case fold (`toLowerCase`) compare alike. */
export const FOLDS_ALIKE = /^[\x00-\x7f]*$/

/** Stands for a parameter in a pattern's text while it is cut into segments: never in ASCII text. */
const PARAM = '\uffff'

/**
 * A matcher that answers as path-to-regexp 8's `match` does for the same pattern, or undefined
 * when the pattern is not of the kind walked here. The kind: a route pattern (`end`) that starts
 * with `/`, whose text is ASCII, and whose every parameter is a whole segment. path-to-regexp 8
 * gives each such parameter the greedy `([^/]+)`, so the regexp has one way to match, the one the
 * kernel's `matchSegments` walks: text compared as it stands (`sensitive`) or ASCII
 * case-insensitively (the `i` flag never folds a non-ASCII character to an ASCII one), each
 * parameter taking the non-empty rest of its segment, and with `trailing` one more `/` at the end.
 * The params object has no prototype, as path-to-regexp's.
 */
export function segmentWalker (tokens: readonly Token[], sensitive: boolean, trailing: boolean, decode: (value: string) => string): PathMatcher | undefined {
  let joined = ''
  const names: string[] = []
  for (const token of tokens) {
    if (token.type === 'text' && FOLDS_ALIKE.test(token.value)) {
      joined += sensitive ? token.value : token.value.toLowerCase()
    } else if (token.type === 'param') {
      joined += PARAM
      names.push(token.name)
    } else {
      return undefined
    }
  }
  if (joined[0] !== '/') return undefined
  const segments = joined.slice(1).split('/')
  // Each parameter a whole segment, or the pattern is not of this kind (`/user-:id`, `/:id.json`).
  if (segments.some((segment) => segment.includes(PARAM) && segment !== PARAM)) return undefined
  const pattern = segmentPatternOf(segments.map((segment) => segment === PARAM ? undefined : segment), names, sensitive, !trailing)
  const makeParams = pattern.makeParams
  if (makeParams === undefined) return undefined
  return function walkSegments (pathname: string): PathMatch | false {
    if (!matchSegments(pattern, pathname)) return false
    // Built with a prototype, then without: V8 keeps such an object's fast layout, which `Object.create(null)` does not.
    return { params: Object.setPrototypeOf(makeParams(pathname, pattern.bounds, decode), null), path: pathname }
  }
}
