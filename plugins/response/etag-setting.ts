// The `etag` setting compiled into the `etag fn` setting res.send uses.
import etag from 'etag'
import type { ETagFunction } from './types'

/** Builds a generator that tags a body (string or Buffer) with the etag package. */
function etagGenerator (weak: boolean): ETagFunction {
  return function generateETag (body, encoding) {
    return etag(Buffer.isBuffer(body) ? body : Buffer.from(body, encoding), { weak })
  }
}

const weakETag = etagGenerator(true)
const strongETag = etagGenerator(false)

/**
 * Compiles a value of the `etag` setting: `true`/`'weak'` → weak tags, `'strong'` → strong tags,
 * `false` → none (undefined), a function → used as is.
 * @throws TypeError for any other value.
 */
export function compileETag (value: unknown): ETagFunction | undefined {
  if (typeof value === 'function') return value as ETagFunction
  switch (value) {
    case true:
    case 'weak':
      return weakETag
    case false:
      return undefined
    case 'strong':
      return strongETag
    default:
      throw new TypeError(`unknown value for etag function: ${String(value)}`)
  }
}
