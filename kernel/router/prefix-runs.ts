// Runs of consecutive layers that share a literal prefix, so a router skips a whole run when the path lacks it.
import { requiredPrefix, type Layer } from './layer'

/**
 * The runs of one stack. `end[i]` is the index just past the run that starts at `i` (only set
 * where a run of two or more layers starts). Computed for a snapshot of the stack's layers; a
 * skip is taken only after checking the skipped layers are still the same objects in the same
 * places, so a stack edited in place (push, splice, assignment) is never skipped wrongly.
 */
interface PrefixRuns {
  readonly stack: readonly Layer[]
  readonly layers: readonly Layer[]
  readonly end: Int32Array
}

const runsOf = new WeakMap<readonly Layer[], PrefixRuns>()

function computeRuns (stack: readonly Layer[]): PrefixRuns {
  const layers = stack.slice()
  const end = new Int32Array(layers.length)
  let i = 0
  while (i < layers.length) {
    const key = requiredPrefix(layers[i])
    let j = i + 1
    if (key !== '') {
      while (j < layers.length && requiredPrefix(layers[j]) === key) j++
    }
    if (j - i > 1) end[i] = j
    i = j
  }
  const runs: PrefixRuns = { stack, layers, end }
  runsOf.set(stack, runs)
  return runs
}

/**
 * Where to continue after layer `index` was rejected for lacking its literal prefix: past the
 * rest of its run (which needs the same prefix), or `index + 1`.
 */
export function afterPrefixRun (stack: readonly Layer[], index: number): number {
  let runs = runsOf.get(stack)
  if (runs === undefined || runs.layers.length !== stack.length) runs = computeRuns(stack)
  const end = runs.end[index]
  if (end === 0) return index + 1
  const layers = runs.layers
  for (let k = index; k < end; k++) {
    if (stack[k] !== layers[k]) {
      // Edited in place: recompute next time, and skip nothing now.
      runsOf.delete(stack)
      return index + 1
    }
  }
  return end
}
