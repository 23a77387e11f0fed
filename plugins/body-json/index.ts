// The body-json plugin: `framework.json(options)`, Express 4's built-in JSON body parser.
import { definePlugin } from '../../kernel'
import { FRAMEWORK_FLAVOR, type BodyParserHandler } from '../body-reader'
import { createJsonParser, type JsonOptions } from './json-parser'

export { createJsonParser, type JsonOptions, type StandaloneJsonOptions } from './json-parser'
export type { JsonReviver } from './parse-json'

/** The plugin's name, used by presets and in errors. */
export const PLUGIN_NAME = 'body-json'

declare module '../../kernel/framework' {
  interface Framework {
    /**
     * Middleware parsing JSON bodies into `req.body` (Express 4 built-in: `req.body` is `{}`
     * when there is no body, no match or an error; gzip and deflate are inflated).
     *
     * @example app.use(framework.json({ limit: '1mb' }))
     */
    json (options?: JsonOptions): BodyParserHandler
  }
}

/** Express 4's `express.json(options)`. */
export function json (options?: JsonOptions): BodyParserHandler {
  return createJsonParser(options, FRAMEWORK_FLAVOR)
}

/** Adds `framework.json`. */
export function bodyJsonPlugin () {
  return definePlugin({
    name: PLUGIN_NAME,
    apply (kernel) {
      kernel.framework.json = json
    }
  })
}
