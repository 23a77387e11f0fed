// Warnings a test expects (process warnings, depd's deprecations), kept and asserted rather than
// printed: a passing run stays quiet, and a warning that goes missing or appears fails the test.
import { before, after } from 'node:test'
import assert from 'node:assert/strict'

/** A warning as kept: `Name: message` for a process warning, `namespace deprecated message` for depd's. */
type Kept = string

/** A depd deprecation, as depd emits it to 'deprecation' listeners. */
interface DeprecationError extends Error { namespace?: string }

/**
 * Keeps the process's warnings and deprecations from now on instead of printing them: node's own
 * 'warning' listener (which prints) is set aside, and with a 'deprecation' listener on, depd
 * emits rather than writes to stderr. `stop()` puts node's listener back and returns what was kept.
 */
export function keepWarnings (): { stop: () => Kept[] } {
  const kept: Kept[] = []
  const printers = process.listeners('warning')
  const onWarning = (warning: Error): void => { kept.push(`${warning.name}: ${warning.message}`) }
  const onDeprecation = (err: DeprecationError): void => { kept.push(`${err.namespace} deprecated ${err.message}`) }
  process.removeAllListeners('warning')
  process.on('warning', onWarning)
  process.on('deprecation', onDeprecation)
  return {
    stop () {
      process.removeListener('warning', onWarning)
      process.removeListener('deprecation', onDeprecation)
      for (const printer of printers) process.on('warning', printer)
      return kept
    }
  }
}

/**
 * Node 20 and 22 warn that MockTimers is experimental; it is stable from Node 24 on, which say
 * nothing. Tests that mock timers list it in `mayRaise`.
 */
export const mockTimersWarning = 'ExperimentalWarning: The MockTimers API is an experimental feature and might change at any time'

function matches (kept: Kept, expected: string | RegExp): boolean {
  return typeof expected === 'string' ? kept === expected : expected.test(kept)
}

/**
 * For the describe block it is called in (or the whole file, called at its top level): its tests'
 * warnings and deprecations are kept rather than printed, and after them exactly `expected` must
 * have been raised: each one at least once (depd warns once per call site), nothing else but
 * what `mayRaise` lists (warnings of random inputs that may or may not come).
 * @example expectWarnings(['ristretto deprecated res.send(status): Use res.sendStatus(status) instead'])
 */
export function expectWarnings (expected: ReadonlyArray<string | RegExp>, mayRaise: ReadonlyArray<string | RegExp> = []): void {
  let keeping: { stop: () => Kept[] } | undefined
  before(() => { keeping = keepWarnings() })
  after(async () => {
    // Warnings are emitted on the next tick: let the last ones arrive.
    await new Promise((resolve) => setImmediate(resolve))
    const kept = keeping?.stop() ?? []
    const unexpected = [...new Set(kept)].filter((k) => ![...expected, ...mayRaise].some((e) => matches(k, e)))
    const missing = expected.filter((e) => !kept.some((k) => matches(k, e)))
    assert.deepEqual({ unexpected, missing }, { unexpected: [], missing: [] }, 'warnings raised by these tests')
  })
}
