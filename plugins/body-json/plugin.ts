// The body-json plugin and `framework.json`, without the parser: its module (and the body reader
// with it) is required when the first parser is made, so an app that reads no JSON bodies never loads it.
import { frameworkParser } from '../body-reader/framework-parser'
import type * as JsonParser from './json-parser'

let jsonParser: typeof JsonParser | undefined

/** `createJsonParser`, its module required on first use. */
function loadCreateJsonParser (): typeof JsonParser.createJsonParser {
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  return (jsonParser ??= require('./json-parser') as typeof JsonParser).createJsonParser
}

/**
 * `PLUGIN_NAME`, the plugin's name; `json(options)`, Express 4's `express.json(options)`; and
 * `bodyJsonPlugin()`, which adds it as `framework.json`.
 */
export const { name: PLUGIN_NAME, parse: json, plugin: bodyJsonPlugin } = frameworkParser<JsonParser.JsonOptions>('body-json', 'json', loadCreateJsonParser)
