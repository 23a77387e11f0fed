// Runs of consecutive layers that share a literal prefix, so a router skips a whole run when the path lacks it.
import { lacks, type Layer } from './layer'

/**
 * The runs of one stack: where a run of two or more layers starts at `i`, `end[i]` is the index
 * just past it and `prefix[i]` the text all their matches start with (lowercase unless
 * `sensitive[i]`). Kept apart from the layers, so skipping a run reads two arrays instead of
 * every layer it passes. Computed for a snapshot of the stack; a skip is taken only after
 * checking the skipped layers are still the same objects in the same places, so a stack edited
 * in place (push, splice, assignment) is never skipped wrongly.
 */
export interface PrefixRuns {
  readonly layers: readonly Layer[]
  readonly end: Int32Array
  readonly prefix: readonly string[]
  readonly sensitive: Uint8Array
}

const runsOf = new WeakMap<readonly Layer[], PrefixRuns>()

/** What a layer's matches all start with, as compared ('' when unknown); a NUL marks case-sensitive keys apart. */
function keyOf (layer: Layer): string {
  const literal = layer.literal
  return literal === undefined || literal.prefix === '' ? '' : literal.sensitive ? '\0' + literal.prefix : literal.lowerPrefix
}

function computeRuns (stack: readonly Layer[]): PrefixRuns {
  const layers = stack.slice()
  const end = new Int32Array(layers.length)
  const prefix: string[] = new Array<string>(layers.length).fill('')
  const sensitive = new Uint8Array(layers.length)
  let i = 0
  while (i < layers.length) {
    const key = keyOf(layers[i])
    let j = i + 1
    if (key !== '') {
      while (j < layers.length && keyOf(layers[j]) === key) j++
    }
    if (j - i > 1) {
      const literal = layers[i].literal!
      end[i] = j
      prefix[i] = literal.sensitive ? literal.prefix : literal.lowerPrefix
      sensitive[i] = literal.sensitive ? 1 : 0
    }
    i = j
  }
  const runs: PrefixRuns = { layers, end, prefix, sensitive }
  runsOf.set(stack, runs)
  return runs
}

/** The runs of `stack`, computed again when its length changed. */
export function prefixRuns (stack: readonly Layer[]): PrefixRuns {
  const runs = runsOf.get(stack)
  return runs !== undefined && runs.layers.length === stack.length ? runs : computeRuns(stack)
}

/**
 * The first index from `index` on that is not inside a run whose prefix `path` lacks
 * (`lowerPath` is its lowercase). Returns `index` when nothing can be skipped.
 */
export function skipRuns (runs: PrefixRuns, stack: readonly Layer[], index: number, path: string, lowerPath: string): number {
  const layers = runs.layers
  while (index < layers.length) {
    const end = runs.end[index]
    if (end === 0 || !lacks(runs.sensitive[index] === 1 ? path : lowerPath, runs.prefix[index])) return index
    for (let k = index; k < end; k++) {
      if (stack[k] !== layers[k]) {
        // Edited in place: recompute next time, and skip nothing now.
        runsOf.delete(stack)
        return index
      }
    }
    index = end
  }
  return index
}
