// The options of `lambda(app, options)`, described once: what the factory checks and docs/reference.md lists.
import { checkOptions, describeOptions } from '../shared/options'
import type { LambdaOptions } from './types'

/** The name options errors carry: `lambda() has no option …`. */
export const FACTORY_NAME = 'lambda'

/** The options of `lambda`, as it checks them and docs/reference.md lists them. */
export const LAMBDA_OPTIONS = describeOptions(FACTORY_NAME, [
  { name: 'basePath', type: ['string'], default: 'none', effect: 'a prefix taken off the path: the path from after its first occurrence, `/` when nothing follows' },
  { name: 'binary', type: ['boolean', 'string', 'string[]', 'function'], default: 'none', effect: 'which responses are base64-encoded: all, none, those whose `Content-Type` matches a type (`*` a wildcard), or a function of the headers; when not given, those with a gzip, deflate or br `Content-Encoding` or a type in `BINARY_CONTENT_TYPES`' },
  { name: 'requestId', type: ['string', 'false'], default: "'x-request-id'", effect: 'the request header given the event\'s `requestContext.requestId` when the request has none; `false`: none' },
  { name: 'request', type: ['object', 'function'], default: 'none', effect: 'assigned to each request (an object), or awaited with `(req, event, context)` (a function), before the app runs' },
  { name: 'response', type: ['object', 'function'], default: 'none', effect: 'assigned to each response (an object), or awaited with `(res, event, context)` (a function), once it has finished' }
])

/**
 * Checks options against {@link LAMBDA_OPTIONS}.
 *
 * @throws PluginError `RST_PLUGIN_OPTIONS` for an unknown key or a value of the wrong type.
 */
export function checkLambdaOptions (options: unknown): asserts options is LambdaOptions | undefined {
  checkOptions(LAMBDA_OPTIONS, options)
}
