// req.protocol / req.secure: the scheme the client used, through trusted proxies.
import type { TLSSocket } from 'tls'
import { peerIsTrusted, type AppRequest } from './trusted'

/** Separates the values of a repeated or list-valued `X-Forwarded-Proto`. */
const LIST_SEPARATOR = ','

/**
 * `'https'` on a TLS connection, else `'http'`; when the socket peer is a trusted proxy,
 * the first value of `X-Forwarded-Proto` instead (when present).
 */
export function protocol (this: AppRequest): string {
  const socket = this.socket as TLSSocket | null
  const proto = socket && socket.encrypted ? 'https' : 'http'
  if (!peerIsTrusted(this)) return proto
  const forwarded = this.headers['x-forwarded-proto']
  const header = (typeof forwarded === 'string' && forwarded) || proto
  const index = header.indexOf(LIST_SEPARATOR)
  return index !== -1 ? header.substring(0, index).trim() : header.trim()
}

/** `true` when `req.protocol` is `'https'`. */
export function secure (this: AppRequest): boolean {
  return (this as unknown as { protocol: string }).protocol === 'https'
}
