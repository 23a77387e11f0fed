// The body of res.set / res.header, shared by Express 4 and 5: they differ only in how a Content-Type is completed.
import type { Response } from '../../kernel/types'

/** `res.set` as it sits on the response prototype. */
export type SetHeader = (this: Response, field: string | Record<string, unknown>, value?: unknown) => Response

/**
 * Makes `res.set(field, value)` / `res.set({ field: value, … })`. Values become strings (arrays,
 * arrays of strings); a Content-Type is passed through `completeContentType` (which adds its
 * charset, or looks up an extension).
 * @throws TypeError (from the helper made) for an array Content-Type, or a value node refuses in a header.
 */
export function headerSetter (completeContentType: (value: string) => string): SetHeader {
  return function set (this: Response, field: string | Record<string, unknown>, value?: unknown): Response {
    if (arguments.length !== 2) {
      const fields = field as Record<string, unknown>
      for (const key in fields) this.set(key, fields[key] as string)
      return this
    }
    const name = field as string
    let coerced: string | string[] = Array.isArray(value) ? value.map(String) : String(value)
    // Only a 12-character name can be Content-Type: other names skip the lowercase copy.
    if (name.length === 12 && (name === 'Content-Type' || name.toLowerCase() === 'content-type')) {
      if (Array.isArray(coerced)) throw new TypeError('Content-Type cannot be set to an Array')
      coerced = completeContentType(coerced)
    }
    // Node refuses CR/LF and other invalid characters with a TypeError naming the header.
    this.setHeader(name, coerced)
    return this
  }
}
