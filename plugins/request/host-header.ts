// The host a request names, as req.hostname (Express 4) and req.host (Express 5) read it, and its name without the port.
import { peerIsTrusted, type AppRequest } from './trusted'

/** Separates the values of a repeated or list-valued `X-Forwarded-Host`. */
const LIST_SEPARATOR = ','

/** The HTTP/2 pseudo-header naming the host (HTTP/1 header names cannot start with `:`). */
const AUTHORITY = ':authority'

/**
 * The host the client asked for, port included: `Host` (over HTTP/2, `:authority` when there is
 * no `Host`), or, when the socket peer is a trusted proxy, the first value of `X-Forwarded-Host`.
 * `undefined` when there is none.
 */
export function requestedHost (req: AppRequest): string | undefined {
  let host = req.headers['x-forwarded-host'] as string | undefined
  if (!host || !peerIsTrusted(req)) {
    // HTTP/2 clients name the host in `:authority`, and may send no Host header.
    host = req.headers.host || (req.headers[AUTHORITY] as string | undefined)
  } else {
    const comma = host.indexOf(LIST_SEPARATOR)
    if (comma !== -1) host = host.substring(0, comma).trimEnd()
  }
  return host || undefined
}

/** `host` without its port; an IPv6 literal (`[::1]`) is kept whole. */
export function withoutPort (host: string): string {
  const offset = host[0] === '[' ? host.indexOf(']') + 1 : 0
  const colon = host.indexOf(':', offset)
  return colon !== -1 ? host.substring(0, colon) : host
}
