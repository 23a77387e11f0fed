// The two frameworks the side-by-side ecosystem tests run on, with the same expectations:
// Ristretto's default preset, and express@4 itself (a dev dependency), which shows the
// expectations are Express's.
import express4 from 'express'
import ristretto = require('../../../presets/default')

/** Either framework, typed as Ristretto's (its API is Express 4's). */
export type AnyFramework = typeof ristretto

export const FRAMEWORKS: ReadonlyArray<readonly [name: string, framework: AnyFramework]> = [
  ['ristretto', ristretto],
  ['express@4', express4 as unknown as AnyFramework]
]

/** The real express@4, for apps that must be made by Express whichever framework is under test. */
export const realExpress4 = express4
