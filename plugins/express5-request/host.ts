// req.host and req.hostname as Express 5 reads them: the host with its port, and the name without it.
import { peerIsTrusted, type AppRequest } from '../request/trusted'

/** The HTTP/2 pseudo-header naming the host (HTTP/1 header names cannot start with `:`). */
const AUTHORITY = ':authority'

/**
 * The host the client asked for, port included: `Host` (over HTTP/2, `:authority` when there is
 * no `Host`), or, when the socket peer is a trusted proxy, the first value of `X-Forwarded-Host`.
 * `undefined` when there is none.
 */
export function host (this: AppRequest): string | undefined {
  let value = this.headers['x-forwarded-host'] as string | undefined
  if (!value || !peerIsTrusted(this)) {
    value = this.headers.host || (this.headers[AUTHORITY] as string | undefined)
  } else {
    const comma = value.indexOf(',')
    if (comma !== -1) value = value.substring(0, comma).trimEnd()
  }
  return value || undefined
}

/** `req.host` without its port; an IPv6 literal (`[::1]`) is kept whole. */
export function hostname (this: AppRequest): string | undefined {
  const value = (this as unknown as { host: string | undefined }).host
  if (!value) return undefined
  const offset = value[0] === '[' ? value.indexOf(']') + 1 : 0
  const colon = value.indexOf(':', offset)
  return colon !== -1 ? value.substring(0, colon) : value
}
