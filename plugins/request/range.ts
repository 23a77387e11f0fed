// req.range(size, options): the Range header parsed against a resource size.
/// <reference types="node" preserve="true" />
import type parseRange from 'range-parser'
import type { IncomingMessage } from 'http'
import type { RequestRanges } from './types'

let rangeParser: typeof parseRange | undefined

/** Options of `req.range`: `combine` merges overlapping and adjacent ranges. */
export interface RangeOptions {
  combine?: boolean
}

/**
 * The `Range` header parsed for a resource of `size` bytes: an array of `{ start, end }`
 * with a `type` (`'bytes'`), `-1` when unsatisfiable, `-2` when malformed, `undefined`
 * without a `Range` header.
 */
export function range (this: IncomingMessage, size: number, options?: RangeOptions): RequestRanges | -1 | -2 | undefined {
  const header = this.headers.range
  if (!header) return undefined
  // range-parser, required by the first request with a Range header.
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  rangeParser ??= require('range-parser') as typeof parseRange
  return rangeParser(size, header, options)
}
