// The regular-expression work a piece of code does, counted in the steps of a backtracking matcher
// (test/reliability/regexp-steps.ts), so ReDoS checks compare work, never time.
// Every `RegExp.prototype.exec` call made while the code runs is counted: `test`, `match`,
// `replace`, `split` and `search` go through `exec` once it is replaced, as the language
// specifies. node's own modules use the original `exec` and are not counted.
import { countSteps, StepLimitExceeded } from '../reliability/regexp-steps'

/** What `regexpWork` counted. */
export interface Work {
  /** Steps, summed over every call (a call stopped at the limit counts the limit). */
  steps: number
  /** Sources of the regexps the matcher cannot count (flags `s`, `m`, `u`, `v`; back references, lookbehind, named groups): each call counts one step per character. */
  uncounted: string[]
}

/** Most steps counted for one call; past it the call counts this many. */
const CALL_LIMIT = 20_000_000

const twins = new Map<string, RegExp>()

/**
 * The regexp to count for one call: the same source with only its `i` flag, anchored for a
 * sticky regexp (`split` makes them), which is then run on the input from `lastIndex`.
 */
function twinOf (regexp: RegExp): RegExp {
  const key = `${regexp.sticky ? 'y' : ''}${regexp.ignoreCase ? 'i' : ''}/${regexp.source}`
  let twin = twins.get(key)
  if (twin === undefined) {
    twin = new RegExp(regexp.sticky ? `^(?:${regexp.source})` : regexp.source, regexp.ignoreCase ? 'i' : '')
    twins.set(key, twin)
  }
  return twin
}

function stepsOf (regexp: RegExp, input: string, work: Work): number {
  const start = regexp.global || regexp.sticky ? Math.min(regexp.lastIndex, input.length) : 0
  const rest = input.slice(start)
  if (/[smuv]/.test(regexp.flags)) {
    if (!work.uncounted.includes(regexp.source)) work.uncounted.push(regexp.source)
    return rest.length + 1
  }
  try {
    return countSteps(twinOf(regexp), rest, CALL_LIMIT).steps
  } catch (err) {
    if (err instanceof StepLimitExceeded) return CALL_LIMIT
    if (!work.uncounted.includes(regexp.source)) work.uncounted.push(regexp.source)
    return rest.length + 1
  }
}

let active: Work | undefined

/**
 * Runs `run` (awaited) and counts the regexp steps every `exec` made meanwhile. Calls do not
 * nest: one count at a time.
 *
 * @example const { steps } = await regexpWork(() => fresh(reqHeaders, resHeaders))
 */
export async function regexpWork (run: () => unknown): Promise<Work> {
  if (active !== undefined) throw new Error('regexpWork: one count at a time')
  const work: Work = { steps: 0, uncounted: [] }
  const nativeExec = Object.getOwnPropertyDescriptor(RegExp.prototype, 'exec')!
  const exec = nativeExec.value as (this: RegExp, input: string) => RegExpExecArray | null
  active = work
  Object.defineProperty(RegExp.prototype, 'exec', {
    ...nativeExec,
    value: function countedExec (this: RegExp, input: string) {
      // The counter's own regexps run through the original exec (active is unset meanwhile).
      if (active === work) {
        active = undefined
        try {
          work.steps += stepsOf(this, String(input), work)
        } finally {
          active = work
        }
      }
      return exec.call(this, input)
    }
  })
  try {
    await run()
  } finally {
    Object.defineProperty(RegExp.prototype, 'exec', nativeExec)
    active = undefined
  }
  return work
}

/**
 * Most growth of the work for an input 10 times longer that still counts as linear: linear work
 * grows about 10 times (plus fixed costs), quadratic about 100.
 */
export const MAX_LINEAR_GROWTH = 30
