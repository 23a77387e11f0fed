// Compiles the `trust proxy` setting into the `trust proxy fn` that req.ip, req.protocol and req.hostname consult.
import proxyAddr from 'proxy-addr'

/** Decides whether the address at hop `i` (0 = the socket peer) is a trusted proxy. */
export type TrustFunction = (addr: string | undefined, i: number) => boolean

/** Separates the entries of a `trust proxy` string: `'loopback, 10.0.0.0/8'`. */
const LIST_SEPARATOR = ','

function trustAll (): boolean {
  return true
}

/**
 * What `false` and other empty values compile to: proxy-addr's own trust-nothing function, so
 * req.ip can tell it apart and answer the socket peer without parsing `X-Forwarded-For`.
 */
export const trustNone = proxyAddr.compile([]) as TrustFunction

/**
 * Turns a `trust proxy` value into a trust function:
 * - a function is used as is;
 * - `true` trusts every hop, so the client is the left-most `X-Forwarded-For` entry;
 * - a number `n` trusts the first `n` hops from the server;
 * - a string (an address, a subnet, a pre-configured name such as `loopback`, `linklocal`,
 *   `uniquelocal`, or a comma-separated list of them) or an array of such strings trusts those;
 * - `false` and other empty values trust nothing.
 *
 * @throws TypeError from proxy-addr for an address it cannot read (`invalid IP address: …`).
 */
export function compileTrust (value: unknown): TrustFunction {
  if (typeof value === 'function') return value as TrustFunction
  if (value === true) return trustAll
  if (typeof value === 'number') {
    const hops = value
    return function trustHops (addr: string | undefined, i: number): boolean {
      return i < hops
    }
  }
  let list = value
  if (typeof list === 'string') list = list.split(LIST_SEPARATOR).map((entry) => entry.trim())
  if (!list) return trustNone
  return proxyAddr.compile(list as string[]) as TrustFunction
}
