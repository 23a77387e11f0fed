// The body-urlencoded plugin and `framework.urlencoded`, without the parser: its module (and the body reader
// with it) is required when the first parser is made, so an app that reads no forms never loads it.
import { frameworkParser } from '../body-reader/framework-parser'
import type * as UrlencodedParser from './urlencoded-parser'

let urlencodedParser: typeof UrlencodedParser | undefined

/** `createUrlencodedParser`, its module required on first use. */
function loadCreateUrlencodedParser (): typeof UrlencodedParser.createUrlencodedParser {
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  return (urlencodedParser ??= require('./urlencoded-parser') as typeof UrlencodedParser).createUrlencodedParser
}

/**
 * `PLUGIN_NAME`, the plugin's name; `urlencoded(options)`, Express 4's `express.urlencoded(options)`; and
 * `bodyUrlencodedPlugin()`, which adds it as `framework.urlencoded`.
 */
export const { name: PLUGIN_NAME, parse: urlencoded, plugin: bodyUrlencodedPlugin } = frameworkParser<UrlencodedParser.UrlencodedOptions>(
  'body-urlencoded', 'urlencoded', loadCreateUrlencodedParser, extendedNotice)

/** body-parser 1's notice when `extended` is not given: its default (true) flips to false in body-parser 2 and Express 5. */
function extendedNotice (options: UrlencodedParser.UrlencodedOptions | undefined): string | undefined {
  return (options || {}).extended === undefined ? 'undefined extended: provide extended option' : undefined
}
