// req.host and req.hostname as Express 5 reads them: the host with its port, and the name without it.
import type { AppRequest } from '../request/trusted'
import { requestedHost, withoutPort } from '../request/host-header'

/**
 * The host the client asked for, port included: `Host` (over HTTP/2, `:authority` when there is
 * no `Host`), or, when the socket peer is a trusted proxy, the first value of `X-Forwarded-Host`.
 * `undefined` when there is none.
 */
export function host (this: AppRequest): string | undefined {
  return requestedHost(this)
}

/** `req.host` without its port; an IPv6 literal (`[::1]`) is kept whole. */
export function hostname (this: AppRequest): string | undefined {
  const value = (this as unknown as { host: string | undefined }).host
  return value ? withoutPort(value) : undefined
}
