// The body-urlencoded plugin: `framework.urlencoded(options)`, Express 4's built-in form body parser.
import { definePlugin } from '../../kernel'
import { FRAMEWORK_FLAVOR, type BodyParserHandler } from '../body-reader'
import { createUrlencodedParser, type UrlencodedOptions } from './urlencoded-parser'

export { createUrlencodedParser, type UrlencodedOptions, type StandaloneUrlencodedOptions } from './urlencoded-parser'

/** The plugin's name, used by presets and in errors. */
export const PLUGIN_NAME = 'body-urlencoded'

declare module '../../kernel/framework' {
  interface Framework {
    /**
     * Middleware parsing `application/x-www-form-urlencoded` bodies into `req.body`
     * (Express 4 built-in: `extended` defaults to true, UTF-8 only, `req.body` is `{}`
     * when there is no body, no match or an error).
     *
     * @example app.use(framework.urlencoded({ extended: false }))
     */
    urlencoded (options?: UrlencodedOptions): BodyParserHandler
  }
}

/** Express 4's `express.urlencoded(options)`. */
export function urlencoded (options?: UrlencodedOptions): BodyParserHandler {
  return createUrlencodedParser(options, FRAMEWORK_FLAVOR)
}

/** Adds `framework.urlencoded`. */
export function bodyUrlencodedPlugin () {
  return definePlugin({
    name: PLUGIN_NAME,
    apply (kernel) {
      kernel.framework.urlencoded = urlencoded
    }
  })
}
