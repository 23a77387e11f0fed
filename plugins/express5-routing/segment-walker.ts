// Route paths of text and whole-segment parameters (`/users/:id/notes/:noteId`), matched by walking the pathname.
import type { Token } from 'path-to-regexp-8'
import type { PathMatch, PathMatcher } from './path-matcher'

/** ASCII text: what a `/i` regexp (without `u`) and an ASCII case fold (`toLowerCase`) compare alike. */
export const FOLDS_ALIKE = /^[\x00-\x7f]*$/

/**
 * A matcher that answers as path-to-regexp 8's `match` does for the same pattern, or undefined
 * when the pattern is not of the kind walked here. The kind: a route pattern (`end`) that starts
 * with text, whose text is ASCII, and whose every parameter is followed by the end or by text
 * starting with `/`. path-to-regexp 8 gives each such parameter the greedy `([^/]+)` (a segment
 * capture that never meets another in its segment), so the regexp has one way to match: text
 * compared as it stands (`sensitive`) or in ASCII case-insensitively (its `i` flag never folds
 * a non-ASCII character to an ASCII one), each parameter taking the characters up to the next
 * `/` (at least one), and with `trailing` one more `/` at the end. The params object has no
 * prototype, as path-to-regexp's; a parameter named `__proto__` keeps the regexp.
 */
export function segmentWalker (tokens: readonly Token[], sensitive: boolean, trailing: boolean, decode: (value: string) => string): PathMatcher | undefined {
  const texts: string[] = []
  const names: string[] = []
  let expectText = true
  for (let i = 0; i < tokens.length; i++) {
    const token = tokens[i]
    if (token.type === 'text') {
      if (!expectText || !FOLDS_ALIKE.test(token.value)) return undefined
      texts.push(sensitive ? token.value : token.value.toLowerCase())
      expectText = false
    } else if (token.type === 'param' && !expectText && token.name !== '__proto__') {
      const after = tokens[i + 1]
      if (after !== undefined && (after.type !== 'text' || after.value[0] !== '/')) return undefined
      names.push(token.name)
      expectText = true
    } else {
      return undefined
    }
  }
  if (texts.length === 0 || texts[0][0] !== '/') return undefined
  // A pattern ending with a parameter has no text after it.
  if (texts.length === names.length) texts.push('')

  // Where each parameter's value starts and ends in the pathname being tested. One array per
  // matcher is enough: a test runs to its end before another starts (decoding calls nothing back).
  const bounds = new Int32Array(2 * names.length)
  return function walkSegments (pathname: string): PathMatch | false {
    let pos = 0
    for (let i = 0; i < texts.length; i++) {
      const text = texts[i]
      if (!startsAt(pathname, pos, text, sensitive)) return false
      pos += text.length
      if (i === names.length) break
      let end = pathname.indexOf('/', pos)
      if (end === -1) end = pathname.length
      if (end === pos) return false
      bounds[2 * i] = pos
      bounds[2 * i + 1] = pos = end
    }
    if (pos !== pathname.length && !(trailing && pos === pathname.length - 1 && pathname.charCodeAt(pos) === 47)) return false
    if (names.length === 0) return { params: Object.create(null) as Record<string, string>, path: pathname }
    const params: Record<string, string> = {}
    // Decoded in order: a bad encoding throws for the first bad value, a later name wins, as with the regexp.
    for (let i = 0; i < names.length; i++) params[names[i]] = decode(pathname.slice(bounds[2 * i], bounds[2 * i + 1]))
    // Built with a prototype, then without: V8 keeps such an object's fast layout, which `Object.create(null)` does not.
    return { params: Object.setPrototypeOf(params, null), path: pathname }
  }
}

/** Whether `text` (lower case unless `sensitive`) stands in `pathname` at `pos`, ASCII letters folded unless `sensitive`. */
function startsAt (pathname: string, pos: number, text: string, sensitive: boolean): boolean {
  if (pathname.length - pos < text.length) return false
  if (sensitive) return pathname.startsWith(text, pos)
  for (let i = 0; i < text.length; i++) {
    const c = pathname.charCodeAt(pos + i)
    if ((c >= 65 && c <= 90 ? c + 32 : c) !== text.charCodeAt(i)) return false
  }
  return true
}
