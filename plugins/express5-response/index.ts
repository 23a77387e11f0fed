// The express5-response plugin: the response plugin's helpers, changed where Express 5 changed them.
import { definePlugin, type Decorations, type Plugin, type Response } from '../../kernel'
import { PLUGIN_NAME as RESPONSE, responsePolicy } from '../response'
import { withAliases } from '../response/aliases'
import { PLUGIN_NAME as REQUEST } from '../express5-request'
import { status, sendStatus } from './status'
import { set, type } from './headers'
import { send, json, jsonp } from './send'
import { createLinks } from './links'
import { location, redirect } from './redirect'
import { clearCookie, vary } from './cookie'
import { attachment } from './attachment'
import { checkOptions, describeOptions, type NoOptions } from '../shared/options'

export { mime, contentTypeOf } from '../shared/mime-3'

export const PLUGIN_NAME = 'express5-response'

/** The response plugin's helpers that Express 5 has otherwise, by name (with their aliases). */
const changed: Decorations<Response> = withAliases({
  status,
  sendStatus,
  set,
  type,
  vary,
  location,
  redirect: redirect as Response['redirect'],
  clearCookie,
  attachment,
  send,
  json,
  jsonp
})

/**
 * The response of Express 5, over the response plugin's helpers: `res.status` refuses codes
 * that are not integers from 100 to 999; `res.send`, `res.json` and `res.jsonp` take the body
 * only (a number is JSON) and `res.send` sends typed arrays as bytes; `res.redirect` takes the
 * status first, and neither it nor `res.location` reads `'back'`; `res.clearCookie` ignores
 * `maxAge` and `expires`; `res.attachment` writes content-disposition 2's header
 * (`filename=report.txt`, `filename*` for non-ASCII names); `res.vary` needs a field; `res.links` takes arrays of URLs; media
 * types come from mime-types 3 (`res.type('js')` is `text/javascript`).
 *
 * @example
 * createFramework({ plugins: [requestPlugin(), responsePlugin(), express5RequestPlugin(), express5ResponsePlugin()] })
 */
export function express5ResponsePlugin (options?: NoOptions): Plugin {
  checkOptions(describeOptions('express5ResponsePlugin'), options)
  return definePlugin({
    name: PLUGIN_NAME,
    dependencies: [RESPONSE, REQUEST],
    apply ({ decorateResponse, framework }) {
      const own = { ...changed, links: createLinks(responsePolicy.of(framework)) }
      decorateResponse(own, { override: Object.keys(own) as Array<keyof Response> })
    }
  })
}
