// res.vary(field): adds to the Vary header through the vary package.
import varyHeader from 'vary'
import type { Response } from '../../kernel/types'
import { reporter } from '../../kernel/deprecate'

/** Reports the deprecated forms of this module's members at the user's call ({@link reporter}). */
const deprecate = reporter()

/** Adds `field` (or each field of an array) to `Vary`, once. */
export function vary (this: Response, field: string | string[]): Response {
  if (!field || (Array.isArray(field) && field.length === 0)) {
    deprecate('res.vary(): Provide a field name')
    return this
  }
  varyHeader(this, field)
  return this
}
