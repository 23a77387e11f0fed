// req.fresh / req.stale: whether the client's cached copy still matches the response about to be sent.
/// <reference types="node" preserve="true" />
import type checkFresh from 'fresh'
import type { IncomingMessage, ServerResponse } from 'http'

/** Methods whose responses a client may hold in cache and revalidate. */
const CACHEABLE_METHODS: ReadonlySet<string | undefined> = new Set(['GET', 'HEAD', 'QUERY'])

let freshModule: typeof checkFresh | undefined

interface FreshRequest extends IncomingMessage {
  res?: ServerResponse
}

/**
 * `true` when the request's conditional headers (`If-None-Match`, `If-Modified-Since`)
 * match the response's `ETag` / `Last-Modified`, for a GET, HEAD or QUERY answered with
 * a 2xx or 304 status. `Cache-Control: no-cache` makes it `false`.
 */
export function fresh (this: FreshRequest): boolean {
  const res = this.res
  if (!res || !CACHEABLE_METHODS.has(this.method)) return false
  // Without a conditional header nothing can be fresh: skip reading the response's validators.
  const headers = this.headers
  if (!headers['if-none-match'] && !headers['if-modified-since']) return false
  const status = res.statusCode
  if ((status >= 200 && status < 300) || status === 304) {
    // The fresh package, required by the first conditional request: many apps never see one.
    // eslint-disable-next-line @typescript-eslint/no-require-imports
    freshModule ??= require('fresh') as typeof checkFresh
    return freshModule(this.headers, {
      etag: res.getHeader('ETag') as string | undefined,
      'last-modified': res.getHeader('Last-Modified') as string | undefined
    })
  }
  return false
}

/** The opposite of `req.fresh`: the client's copy, if any, must be replaced. */
export function stale (this: FreshRequest): boolean {
  return !(this as unknown as { fresh: boolean }).fresh
}
