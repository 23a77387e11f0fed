// Conditional-request checks of a file response: If-Match, If-Unmodified-Since, freshness and If-Range.
/// <reference types="node" preserve="true" />
import type { IncomingMessage, ServerResponse } from 'http'
import fresh from 'fresh'

/** Spaces around one entry of an entity-tag list (tabs are not trimmed). */
const SURROUNDING_SPACES = /^ +| +$/g

/** The entries of a comma-separated list such as `"a", W/"b"`: spaces around each trimmed, empty ones dropped. */
function tokenList (header: string): string[] {
  const tokens: string[] = []
  for (const part of header.split(',')) {
    const token = part.replace(SURROUNDING_SPACES, '')
    if (token !== '') tokens.push(token)
  }
  return tokens
}

function parseHttpDate (value: unknown): number {
  return typeof value === 'string' ? Date.parse(value) : NaN
}

function headerString (res: ServerResponse, name: string): string | undefined {
  const value = res.getHeader(name)
  return value === undefined ? undefined : String(value)
}

/** Whether the request carries any of the four validator headers. */
export function isConditionalRequest (req: IncomingMessage): boolean {
  const h = req.headers
  return Boolean(h['if-match'] || h['if-unmodified-since'] || h['if-none-match'] || h['if-modified-since'])
}

/**
 * Whether a precondition fails (412): If-Match names no current tag (weak comparison, `*` matches
 * any existing tag), or If-Unmodified-Since is older than Last-Modified (or there is none).
 */
export function isPreconditionFailure (req: IncomingMessage, res: ServerResponse): boolean {
  const match = req.headers['if-match']
  if (match) {
    const tag = headerString(res, 'ETag')
    if (!tag) return true
    if (match === '*') return false
    return tokenList(match).every((candidate) => candidate !== tag && candidate !== 'W/' + tag && 'W/' + candidate !== tag)
  }
  const unmodifiedSince = parseHttpDate(req.headers['if-unmodified-since'])
  if (!Number.isNaN(unmodifiedSince)) {
    const lastModified = parseHttpDate(headerString(res, 'Last-Modified'))
    return Number.isNaN(lastModified) || lastModified > unmodifiedSince
  }
  return false
}

/** Whether the status allows a 304 (2xx or 304 itself). */
export function isCachableStatus (status: number): boolean {
  return (status >= 200 && status < 300) || status === 304
}

/** Whether the client's copy is current (If-None-Match / If-Modified-Since against ETag / Last-Modified). */
export function isFresh (req: IncomingMessage, res: ServerResponse): boolean {
  return fresh(req.headers, {
    etag: headerString(res, 'ETag'),
    'last-modified': headerString(res, 'Last-Modified')
  })
}

/** Whether If-Range (an entity tag or a date) still matches, so the Range header may be honoured. */
export function isRangeFresh (req: IncomingMessage, res: ServerResponse): boolean {
  const ifRange = req.headers['if-range']
  if (!ifRange) return true
  if (ifRange.includes('"')) {
    const tag = headerString(res, 'ETag')
    return Boolean(tag && ifRange.includes(tag))
  }
  return parseHttpDate(headerString(res, 'Last-Modified')) <= parseHttpDate(ifRange)
}
