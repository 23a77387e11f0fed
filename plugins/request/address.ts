// req.ip / req.ips: the client address and the proxy chain, per the `trust proxy` setting.
import proxyAddr from 'proxy-addr'
import { trustFunction, type AppRequest } from './trusted'

/**
 * The client address: the socket peer, or, through trusted proxies, the nearest
 * untrusted entry of `X-Forwarded-For`.
 */
export function ip (this: AppRequest): string | undefined {
  return proxyAddr(this, trustFunction(this))
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
