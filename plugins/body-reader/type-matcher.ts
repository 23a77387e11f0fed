// Compiles a parser's `type` option into a predicate on the request.
/// <reference types="node" preserve="true" />
import typeis from 'type-is'
import type { IncomingMessage } from 'http'
import type { TypeOption } from './options'

/** A concrete media type as type-is normalizes it: lower-case tokens, no wildcard, no parameters. */
const CONCRETE_TYPE = /^[a-z0-9!#$&^_.+-]+\/[a-z0-9!#$&^_.+-]+$/

/** Whether a parser reads this request's body; truthy means yes. */
export type TypeMatcher = (req: IncomingMessage) => unknown

/**
 * Turns `type` into a matcher. Strings are normalized once here (`json` → `application/json`,
 * `+json` → `*\/*+json`), so each request only compares its Content-Type against ready media types.
 */
export function compileTypeMatcher (type: TypeOption): TypeMatcher {
  if (typeof type === 'function') return type
  const list = typeof type === 'string' ? [type] : Array.from(type)
  const normalized = list.map((t) => typeis.normalize(t) || '') as string[]
  // A Content-Type written exactly as one of the concrete types needs no parsing.
  const exact = new Set(normalized.filter((t) => CONCRETE_TYPE.test(t)))
  return function matchesType (req: IncomingMessage): boolean {
    const header = req.headers['content-type']
    if (header !== undefined && exact.has(header)) return true
    return typeis.is(header as string, normalized) !== false
  }
}
