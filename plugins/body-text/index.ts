// The body-text plugin: `framework.text(options)`, Express 4's built-in text body parser.
import { definePlugin } from '../../kernel'
import { FRAMEWORK_FLAVOR, type BodyParserHandler } from '../body-reader'
import { createTextParser, type TextOptions } from './text-parser'

export { createTextParser, type TextOptions, type StandaloneTextOptions } from './text-parser'

/** The plugin's name, used by presets and in errors. */
export const PLUGIN_NAME = 'body-text'

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

/** Express 4's `express.text(options)`. */
export function text (options?: TextOptions): BodyParserHandler {
  return createTextParser(options, FRAMEWORK_FLAVOR)
}

/** Adds `framework.text`. */
export function bodyTextPlugin () {
  return definePlugin({
    name: PLUGIN_NAME,
    apply (kernel) {
      kernel.framework.text = text
    }
  })
}
