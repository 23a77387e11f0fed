// req.fresh / req.stale as Express 5 decides them: If-None-Match, when sent, takes precedence.
/// <reference types="node" preserve="true" />
import type { IncomingHttpHeaders, IncomingMessage, ServerResponse } from 'http'

/** A `no-cache` directive anywhere in `Cache-Control`. */
const NO_CACHE = /(?:^|,)\s*?no-cache\s*?(?:,|$)/

interface FreshRequest extends IncomingMessage {
  res?: ServerResponse
}

/** Whether one entity tag of an `If-None-Match` list matches `etag` (weak comparison). */
function etagMatches (list: string, etag: string): boolean {
  const bare = (tag: string) => tag.startsWith('W/') ? tag.substring(2) : tag
  const wanted = bare(etag)
  for (const candidate of list.split(',')) {
    const tag = candidate.trim()
    if (tag === etag || bare(tag) === wanted) return true
  }
  return false
}

/**
 * Whether a cached copy described by the request's conditional headers is still valid for the
 * response validators `res` holds: `If-None-Match` against `ETag` when the request has it
 * (`*` matches any), otherwise `If-Modified-Since` against `Last-Modified`. A request with
 * `Cache-Control: no-cache` is never fresh.
 */
export function isFresh (headers: IncomingHttpHeaders, res: ServerResponse): boolean {
  const noneMatch = headers['if-none-match']
  const modifiedSince = headers['if-modified-since']
  if (!noneMatch && !modifiedSince) return false
  const cacheControl = headers['cache-control']
  if (cacheControl && NO_CACHE.test(cacheControl)) return false
  if (noneMatch) {
    if (noneMatch === '*') return true
    const etag = res.getHeader('ETag')
    return typeof etag === 'string' && etag !== '' && etagMatches(noneMatch, etag)
  }
  const lastModified = res.getHeader('Last-Modified')
  if (typeof lastModified !== 'string') return false
  const modified = Date.parse(lastModified)
  const since = Date.parse(modifiedSince as string)
  return !Number.isNaN(modified) && !Number.isNaN(since) && modified <= since
}

/** The methods whose responses a client may revalidate: safe and cacheable (QUERY since Express 5.3). */
function revalidated (method: string | undefined): boolean {
  return method === 'GET' || method === 'HEAD' || method === 'QUERY'
}

/** `true` for a GET, HEAD or QUERY answered with a 2xx or 304 whose client copy is still valid. */
export function fresh (this: FreshRequest): boolean {
  const res = this.res
  if (!res || !revalidated(this.method)) return false
  const status = res.statusCode
  if ((status >= 200 && status < 300) || status === 304) return isFresh(this.headers, res)
  return false
}

/** The opposite of `req.fresh`. */
export function stale (this: FreshRequest): boolean {
  return !(this as unknown as { fresh: boolean }).fresh
}
