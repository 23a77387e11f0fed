// req.hostname / req.host / req.subdomains: the host the client asked for, through trusted proxies.
import { isIP } from 'net'
import { deprecate } from '../../kernel/deprecate'
import type { AppRequest } from './trusted'
import { requestedHost, withoutPort } from './host-header'

/**
 * The host name from `Host` (over HTTP/2, `:authority` when there is no `Host`), or, when
 * the socket peer is a trusted proxy, from the first value of `X-Forwarded-Host`; the port
 * is dropped and an IPv6 literal (`[::1]`) is kept whole. `undefined` when there is no host.
 */
export function hostname (this: AppRequest): string | undefined {
  const host = requestedHost(this)
  return host ? withoutPort(host) : undefined
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
