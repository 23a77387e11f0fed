// res.vary(field): adds to the Vary header through the vary package.
import type varyHeader from 'vary'
import type { Response } from '../../kernel/types'
import { reporter } from '../../kernel/deprecate'

let varyModule: typeof varyHeader | undefined

/** Reports the deprecated forms of this module's members at the user's call ({@link reporter}). */
const deprecate = reporter()

/** Adds `field` (or each field of an array) to `Vary`, once. */
export function vary (this: Response, field: string | string[]): Response {
  if (!field || (Array.isArray(field) && field.length === 0)) {
    deprecate('res.vary(): Provide a field name')
    return this
  }
  // The vary package, required by the first call.
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  varyModule ??= require('vary') as typeof varyHeader
  varyModule(this, field)
  return this
}
