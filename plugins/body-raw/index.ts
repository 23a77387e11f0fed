// The body-raw plugin: `framework.raw(options)`, Express 4's built-in raw body parser.
import type { BodyParserHandler } from '../body-reader'
import type { RawOptions } from './raw-parser'

export { PLUGIN_NAME, raw, bodyRawPlugin } from './plugin'
export { createRawParser, type RawOptions, type StandaloneRawOptions } from './raw-parser'

declare module '../../kernel/framework' {
  interface Framework {
    /**
     * Middleware reading bodies into a Buffer in `req.body` (Express 4 built-in: `req.body`
     * is `{}` when there is no body, no match or an error).
     *
     * @example app.post('/upload', framework.raw({ type: 'image/*', limit: '5mb' }), handler)
     */
    raw (options?: RawOptions): BodyParserHandler
  }
}
