// The name of a list closest to a misspelt one, for errors that suggest what was meant: the
// kernel's own options and every plugin factory's (plugins/shared/options.ts).

/** Names longer than this are not compared (a key is shown cut to it). */
export const MAX_NAME = 100

/** The Levenshtein distance between two strings: insertions, deletions and substitutions. */
export function editDistance (a: string, b: string): number {
  let previous = Array.from({ length: b.length + 1 }, (_, j) => j)
  for (let i = 1; i <= a.length; i++) {
    const current = [i]
    for (let j = 1; j <= b.length; j++) {
      current[j] = Math.min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + (a[i - 1] === b[j - 1] ? 0 : 1))
    }
    previous = current
  }
  return previous[b.length]
}

/**
 * The name of `names` closest to `name` (case ignored), when it is close enough to be the one
 * meant: within half of `name`'s length in edits (two for short names), or containing it, or
 * contained in it (three letters or more).
 */
export function closestName (name: string, names: readonly string[]): string | undefined {
  if (name.length > MAX_NAME) return undefined
  const wanted = name.toLowerCase()
  let best: string | undefined
  let bestDistance = Infinity
  for (const candidate of names) {
    const known = candidate.toLowerCase()
    const contains = Math.min(wanted.length, known.length) >= 3 && (known.includes(wanted) || wanted.includes(known))
    const distance = contains
      ? Math.min(1, editDistance(wanted, known))
      : editDistance(wanted, known)
    if (distance < bestDistance) {
      best = candidate
      bestDistance = distance
    }
  }
  return bestDistance <= Math.max(2, Math.floor(name.length / 2)) ? best : undefined
}
