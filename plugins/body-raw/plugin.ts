// The body-raw plugin and `framework.raw`, without the parser: its module (and the body reader
// with it) is required when the first parser is made, so an app that reads no raw bodies never loads it.
import { frameworkParser } from '../body-reader/framework-parser'
import type * as RawParser from './raw-parser'

let rawParser: typeof RawParser | undefined

/** `createRawParser`, its module required on first use. */
function loadCreateRawParser (): typeof RawParser.createRawParser {
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  return (rawParser ??= require('./raw-parser') as typeof RawParser).createRawParser
}

/**
 * `PLUGIN_NAME`, the plugin's name; `raw(options)`, Express 4's `express.raw(options)`; and
 * `bodyRawPlugin()`, which adds it as `framework.raw`.
 */
export const { name: PLUGIN_NAME, parse: raw, plugin: bodyRawPlugin } = frameworkParser<RawParser.RawOptions>('body-raw', 'raw', loadCreateRawParser)
