// req.is(types): whether the request body's Content-Type matches.
/// <reference types="node" preserve="true" />
import type typeis from 'type-is'
import type { IncomingMessage } from 'http'
import { hasBody } from '../shared/has-body'

let typeisModule: typeof typeis | undefined

/**
 * The first of `types` (extensions such as `json`, media types, or wildcards such as
 * `text/*`) matching the request's `Content-Type`; `false` when none does; `null` when
 * the request has no body.
 */
export function is (this: IncomingMessage, types?: string | string[], ...more: string[]): string | false | null {
  let list: string[]
  if (Array.isArray(types)) list = types
  else list = arguments.length === 0 ? [] : [types as string, ...more]
  if (!hasBody(this)) return null
  // type-is (with media-typer and mime-types), required by the first call.
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  typeisModule ??= require('type-is') as typeof typeis
  return typeisModule.is(this.headers['content-type'] as string, list)
}
