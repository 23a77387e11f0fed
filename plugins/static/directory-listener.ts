// What static serving does with a folder: redirect to its trailing-slash URL, or report it as not found.
/// <reference types="node" preserve="true" />
import type { IncomingMessage, ServerResponse } from 'http'
import encodeUrl from 'encodeurl'
import escapeHtml from 'escape-html'
import parseUrl from 'parseurl'
import { htmlDocument } from '../../kernel/html-document'

/** Leading slashes run together: `//evil.example/` must not become a protocol-relative Location. */
const LEADING_SLASHES = /^\/+/
/** Backslashes, which browsers read as slashes (`/\\evil.example` as `//evil.example`). */
const BACKSLASHES = /\\/g

/**
 * Redirects (301) to the original URL's path plus `/`, keeping the query string and the fragment.
 * The Location is path-only (never a host) and percent-encoded, backslashes included (a raw
 * backslash is not valid in a request target, so no well-formed request is redirected
 * differently); the body names it, HTML-escaped.
 */
export function redirectToFolder (req: IncomingMessage, res: ServerResponse): void {
  const original = parseUrl.original(req)
  const pathname = ((original && original.pathname) || '') + '/'
  const search = (original && original.search) || ''
  const hash = (original && original.hash) || ''
  const location = encodeUrl(pathname.replace(LEADING_SLASHES, '/') + search + hash).replace(BACKSLASHES, '%5C')
  const body = htmlDocument('Redirecting', 'Redirecting to ' + escapeHtml(location))
  res.statusCode = 301
  res.setHeader('Content-Type', 'text/html; charset=UTF-8')
  res.setHeader('Content-Length', Buffer.byteLength(body))
  res.setHeader('Content-Security-Policy', "default-src 'none'")
  res.setHeader('X-Content-Type-Options', 'nosniff')
  res.setHeader('Location', location)
  res.end(body)
}
