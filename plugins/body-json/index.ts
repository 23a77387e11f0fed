// The body-json plugin: `framework.json(options)`, Express 4's built-in JSON body parser.
import type { BodyParserHandler } from '../body-reader'
import type { JsonOptions } from './json-parser'

export { PLUGIN_NAME, json, bodyJsonPlugin } from './plugin'
export { createJsonParser, type JsonOptions, type StandaloneJsonOptions } from './json-parser'
export type { JsonReviver } from './parse-json'

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
