// The request plugin: Express 4's request helpers, and the `trust proxy` and `subdomain offset` settings.
import { definePlugin, type Plugin } from '../../kernel'
import { defineGetter } from './define-getter'
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

export type { RangeOptions, TrustFunction } from './types'
export { compileTrust } from './trust-proxy'

export const PLUGIN_NAME = 'request'

/** Default of the `subdomain offset` setting: `example.com` is the domain, what precedes it the subdomains. */
export const SUBDOMAIN_OFFSET_DEFAULT = 2

/** The methods, by the name they take on the request prototype. */
const methods: Record<string, (...args: any[]) => unknown> = {
  get,
  header: get,
  accepts,
  acceptsCharsets,
  acceptsCharset,
  acceptsEncodings,
  acceptsEncoding,
  acceptsLanguages,
  acceptsLanguage,
  is,
  range,
  param
}

/** The getters, by property name. */
const getters: Record<string, () => unknown> = {
  protocol,
  secure,
  ip,
  ips,
  subdomains,
  path,
  hostname,
  host,
  fresh,
  stale,
  xhr
}

/**
 * The request helpers of Express 4 on the shared request prototype (`req.get`,
 * `req.accepts*`, `req.is`, `req.range`, `req.ip`, `req.hostname`, `req.fresh`…), the
 * `trust proxy` setting compiled to `trust proxy fn`, and the `subdomain offset` default.
 *
 * @example
 * createFramework({ plugins: [queryPlugin(), requestPlugin()] })
 */
export function requestPlugin (): Plugin {
  return definePlugin({
    name: PLUGIN_NAME,
    apply ({ hooks }) {
      hooks.extendRequest.tap(PLUGIN_NAME, (proto) => {
        Object.assign(proto, methods)
        for (const name of Object.keys(getters)) defineGetter(proto, name, getters[name])
      })
      hooks.setting.for('trust proxy').tap(PLUGIN_NAME, (app, value) => {
        app.set('trust proxy fn', compileTrust(value))
      })
      hooks.appCreated.tap(PLUGIN_NAME, (app) => {
        app.set('subdomain offset', SUBDOMAIN_OFFSET_DEFAULT)
      })
    }
  })
}
