// req.hostname / req.host / req.subdomains: the host the client asked for, through trusted proxies.
import { isIP } from 'net'
import { deprecate } from '../../kernel/deprecate'
import { peerIsTrusted, type AppRequest } from './trusted'

/** Separates the values of a repeated or list-valued `X-Forwarded-Host`. */
const LIST_SEPARATOR = ','

/** The HTTP/2 pseudo-header naming the host (HTTP/1 header names cannot start with `:`). */
const AUTHORITY = ':authority'

/**
 * The host name from `Host` (over HTTP/2, `:authority` when there is no `Host`), or, when
 * the socket peer is a trusted proxy, from the first value of `X-Forwarded-Host`; the port
 * is dropped and an IPv6 literal (`[::1]`) is kept whole. `undefined` when there is no host.
 */
export function hostname (this: AppRequest): string | undefined {
  let host = this.headers['x-forwarded-host'] as string | undefined
  if (!host || !peerIsTrusted(this)) {
    // HTTP/2 clients name the host in `:authority`, and may send no Host header.
    host = this.headers.host || (this.headers[AUTHORITY] as string | undefined)
  } else {
    const comma = host.indexOf(LIST_SEPARATOR)
    if (comma !== -1) host = host.substring(0, comma).trimEnd()
  }
  if (!host) return undefined
  const offset = host[0] === '[' ? host.indexOf(']') + 1 : 0
  const colon = host.indexOf(':', offset)
  return colon !== -1 ? host.substring(0, colon) : host
}

/** @deprecated Use `req.hostname`. */
export const host = deprecate.function(function host (this: AppRequest): string | undefined {
  return (this as unknown as { hostname: string | undefined }).hostname
}, 'req.host: Use req.hostname instead')

/**
 * The subdomains of `req.hostname`, nearest the domain first, after dropping the
 * `subdomain offset` (default 2) last labels. An IP address is one label.
 */
export function subdomains (this: AppRequest): string[] {
  const name = (this as unknown as { hostname: string | undefined }).hostname
  if (!name) return []
  const offset = this.app.get('subdomain offset') as number
  const labels = isIP(name) === 0 ? name.split('.').reverse() : [name]
  return labels.slice(offset)
}
