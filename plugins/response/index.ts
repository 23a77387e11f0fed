// The response plugin: Express 4's response helpers (send, json, status, headers, cookies, redirects…).
import { definePlugin, type Decorations, type Plugin, type Response } from '../../kernel'
import { withAliases } from './aliases'
import { status, sendStatus } from './status'
import { set, get, append } from './headers'
import { type } from './content-type'
import { vary } from './vary'
import { createLinks } from './links'
import { createLocation } from './location'
import { responsePolicy } from './policy'
import { redirect } from './redirect'
import { attachment } from './attachment'
import { cookie, clearCookie } from './cookie'
import { format } from './format'
import { send } from './send'
import { json, jsonp } from './json'
import { compileETag } from './etag-setting'
import { ownSettings } from '../shared/settings'
import { checkOptions, describeOptions, type NoOptions } from '../shared/options'

export type { CookieOptions, FormatHandlers, FormatCallback, ETagFunction } from './types'
export { compileETag } from './etag-setting'
export { responsePolicy, type ResponsePolicy } from './policy'

export const PLUGIN_NAME = 'response'

/** Default of the `etag` setting: weak tags. */
export const ETAG_DEFAULT = 'weak'
/** Default of the `jsonp callback name` setting. */
export const JSONP_CALLBACK_DEFAULT = 'callback'

/**
 * The helpers, by the name they take on the response prototype (with their aliases). `res.get`
 * is typed as `@types/express` types it (a string), though it gives any value `getHeader` holds.
 */
const helpers: Decorations<Response> = withAliases({
  status,
  sendStatus,
  set,
  get: get as Response['get'],
  append,
  type,
  vary,
  redirect,
  attachment,
  cookie,
  clearCookie,
  format,
  send,
  json,
  jsonp
})

/**
 * The response helpers of Express 4 on the shared response prototype, the `etag` setting
 * (compiled to `etag fn`) and the `jsonp callback name` default; res.location follows the
 * framework's {@link responsePolicy}, as res.links does. Needs the request plugin
 * (`req.accepts` for `res.format`/`res.redirect`, `req.fresh` for `res.send`).
 *
 * @example
 * createFramework({ plugins: [requestPlugin(), responsePlugin()] })
 */
export function responsePlugin (options?: NoOptions): Plugin {
  checkOptions(describeOptions('responsePlugin'), options)
  return definePlugin({
    name: PLUGIN_NAME,
    dependencies: ['request'],
    apply ({ hooks, decorateResponse, framework }) {
      const policy = responsePolicy.of(framework)
      decorateResponse({ ...helpers, location: createLocation(policy), links: createLinks(policy) })
      ownSettings(hooks, PLUGIN_NAME, {
        compiled: { etag: compileETag },
        defaults: { etag: ETAG_DEFAULT, 'jsonp callback name': JSONP_CALLBACK_DEFAULT }
      })
    }
  })
}
