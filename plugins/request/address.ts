// req.ip / req.ips: the client address and the proxy chain, per the `trust proxy` setting.
import proxyAddr from 'proxy-addr'
import { trustFunction, type AppRequest } from './trusted'
import { trustNone } from './trust-proxy'

/**
 * The client address: the socket peer, or, through trusted proxies, the nearest
 * untrusted entry of `X-Forwarded-For`.
 */
export function ip (this: AppRequest): string | undefined {
  const trust = trustFunction(this)
  // Trusting no proxy (the default), proxy-addr's answer is always the peer: skip reading X-Forwarded-For.
  if (trust === trustNone) return socketAddress(this)
  return proxyAddr(this, trust)
}

/** The socket peer's address, read as proxy-addr reads it (`req.connection` when there is no `req.socket`). */
function socketAddress (req: AppRequest): string | undefined {
  return req.socket ? req.socket.remoteAddress : (req as AppRequest & { connection: { remoteAddress?: string } }).connection.remoteAddress
}

/**
 * The trusted chain of `X-Forwarded-For` addresses, client first and the socket peer left
 * out; `[]` when the peer is not trusted.
 */
export function ips (this: AppRequest): string[] {
  const addrs = proxyAddr.all(this, trustFunction(this))
  addrs.reverse().pop()
  return addrs
}
