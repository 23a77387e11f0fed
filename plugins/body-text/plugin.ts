// The body-text plugin and `framework.text`, without the parser: its module (and the body reader
// with it) is required when the first parser is made, so an app that reads no text bodies never loads it.
import { frameworkParser } from '../body-reader/framework-parser'
import type * as TextParser from './text-parser'

let textParser: typeof TextParser | undefined

/** `createTextParser`, its module required on first use. */
function loadCreateTextParser (): typeof TextParser.createTextParser {
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  return (textParser ??= require('./text-parser') as typeof TextParser).createTextParser
}

/**
 * `PLUGIN_NAME`, the plugin's name; `text(options)`, Express 4's `express.text(options)`; and
 * `bodyTextPlugin()`, which adds it as `framework.text`.
 */
export const { name: PLUGIN_NAME, parse: text, plugin: bodyTextPlugin } = frameworkParser<TextParser.TextOptions>('body-text', 'text', loadCreateTextParser)
