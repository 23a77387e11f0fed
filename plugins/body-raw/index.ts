// The body-raw plugin: `framework.raw(options)`, Express 4's built-in raw body parser.
import { definePlugin } from '../../kernel'
import { FRAMEWORK_FLAVOR, type BodyParserHandler } from '../body-reader'
import { createRawParser, type RawOptions } from './raw-parser'

export { createRawParser, type RawOptions, type StandaloneRawOptions } from './raw-parser'

/** The plugin's name, used by presets and in errors. */
export const PLUGIN_NAME = 'body-raw'

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

/** Express 4's `express.raw(options)`. */
export function raw (options?: RawOptions): BodyParserHandler {
  return createRawParser(options, FRAMEWORK_FLAVOR)
}

/** Adds `framework.raw`. */
export function bodyRawPlugin () {
  return definePlugin({
    name: PLUGIN_NAME,
    apply (kernel) {
      kernel.framework.raw = raw
    }
  })
}
