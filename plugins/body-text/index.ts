// The body-text plugin: `framework.text(options)`, Express 4's built-in text body parser.
import type { BodyParserHandler } from '../body-reader'
import type { TextOptions } from './text-parser'

export { PLUGIN_NAME, text, bodyTextPlugin } from './plugin'
export { createTextParser, type TextOptions, type StandaloneTextOptions } from './text-parser'

declare module '../../kernel/framework' {
  interface Framework {
    /**
     * Middleware reading bodies into a string in `req.body`, decoded with the Content-Type's
     * charset or `defaultCharset` (Express 4 built-in: `req.body` is `{}` when there is no
     * body, no match or an error).
     *
     * @example app.use(framework.text({ type: 'text/*' }))
     */
    text (options?: TextOptions): BodyParserHandler
  }
}
