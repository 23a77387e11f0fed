// A bounded memo for pure string-to-string functions on the hot path (Content-Type rewriting, ETags of short bodies).

/** Entries kept by default before the memo starts over: header values an app sends are a handful, so this is never reached in practice. */
const MAX_ENTRIES = 256

/**
 * Memoizes `fn` (which must be pure: same input, same output, or the same throw). Results are
 * cached, throws are not. The cache is cleared when it holds `maxEntries`, so hostile input
 * cannot grow it.
 *
 * @example
 * const fastSetCharset = memoizeString((type) => setCharset(type, 'utf-8'))
 */
export function memoizeString (fn: (input: string) => string, maxEntries = MAX_ENTRIES): (input: string) => string {
  const cache = new Map<string, string>()
  return function memoized (input: string): string {
    let out = cache.get(input)
    if (out === undefined) {
      out = fn(input)
      if (cache.size >= maxEntries) cache.clear()
      cache.set(input, out)
    }
    return out
  }
}
