// The response plugin's per-framework switches.
import { frameworkPolicy } from '../shared/framework-policy'

/** How the response helpers of one framework behave where Express 4 is permissive. */
export interface ResponsePolicy {
  /**
   * Whether res.location (and res.redirect) percent-encode `\` as `%5C`. Default false, as
   * Express 4: a backslash is kept, and browsers read `/\evil.example` as `//evil.example`.
   */
  encodeBackslashes: boolean
  /**
   * Whether res.links refuses (a TypeError, `RST_LINK_REFUSED`) a URL that would end its `<…>`
   * or a relation that would end its quotes. Default false, as Express: the value is written as
   * given, and `>, <https://evil.example>; rel="preload"` adds a link.
   */
  checkLinks: boolean
}

/** The policy of each framework; the defaults are Express 4's behaviour. */
export const responsePolicy = frameworkPolicy<ResponsePolicy>({ encodeBackslashes: false, checkLinks: false })
