// The request plugin: Express 4's request helpers, and the `trust proxy` and `subdomain offset` settings.
import { definePlugin, type Decorations, type Plugin, type Request } from '../../kernel'
import { ownSettings } from '../shared/settings'
import { compileTrust } from './trust-proxy'
import { get } from './header'
import { accepts, acceptsCharsets, acceptsEncodings, acceptsLanguages, acceptsCharset, acceptsEncoding, acceptsLanguage } from './negotiation'
import { is } from './is'
import { range } from './range'
import { param } from './param'
import { protocol, secure } from './protocol'
import { ip, ips } from './address'
import { hostname, host, subdomains } from './hostname'
import { fresh, stale } from './freshness'
import { path } from './path'
import { xhr } from './xhr'
import { checkOptions, describeOptions, type NoOptions } from '../shared/options'

export type { RangeOptions, TrustFunction } from './types'
export { compileTrust } from './trust-proxy'

export const PLUGIN_NAME = 'request'

/** Default of the `subdomain offset` setting: `example.com` is the domain, what precedes it the subdomains. */
export const SUBDOMAIN_OFFSET_DEFAULT = 2

/**
 * The helpers, by the name they take on the request prototype: methods, and getters (as Express
 * defines them). Where the public types (`@types/express`'s) are overloads narrower than one
 * implementation, or say `string` where a request without a host gives `undefined`, the
 * implementation is given that type.
 */
const helpers: Decorations<Request> = {
  get: get as Request['get'],
  header: get as Request['header'],
  accepts: accepts as Request['accepts'],
  acceptsCharsets: acceptsCharsets as Request['acceptsCharsets'],
  acceptsCharset,
  acceptsEncodings: acceptsEncodings as Request['acceptsEncodings'],
  acceptsEncoding,
  acceptsLanguages: acceptsLanguages as Request['acceptsLanguages'],
  acceptsLanguage,
  is: is as Request['is'],
  range,
  param,
  protocol: { getter: protocol },
  secure: { getter: secure },
  ip: { getter: ip },
  ips: { getter: ips },
  subdomains: { getter: subdomains },
  path: { getter: path as () => string },
  hostname: { getter: hostname as () => string },
  host: { getter: host as () => string },
  fresh: { getter: fresh },
  stale: { getter: stale },
  xhr: { getter: xhr }
}

/**
 * The request helpers of Express 4 on the shared request prototype (`req.get`,
 * `req.accepts*`, `req.is`, `req.range`, `req.ip`, `req.hostname`, `req.fresh`…), the
 * `trust proxy` setting compiled to `trust proxy fn`, and the `subdomain offset` default.
 *
 * @example
 * createFramework({ plugins: [queryPlugin(), requestPlugin()] })
 */
export function requestPlugin (options?: NoOptions): Plugin {
  checkOptions(describeOptions('requestPlugin'), options)
  return definePlugin({
    name: PLUGIN_NAME,
    apply ({ hooks, decorateRequest }) {
      decorateRequest(helpers)
      ownSettings(hooks, PLUGIN_NAME, {
        compiled: { 'trust proxy': compileTrust },
        defaults: { 'subdomain offset': SUBDOMAIN_OFFSET_DEFAULT }
      })
    }
  })
}
