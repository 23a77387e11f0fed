// The body-urlencoded plugin: `framework.urlencoded(options)`, Express 4's built-in form body parser.
import type { BodyParserHandler } from '../body-reader'
import type { UrlencodedOptions } from './urlencoded-parser'

export { PLUGIN_NAME, urlencoded, bodyUrlencodedPlugin } from './plugin'
export { createUrlencodedParser, type UrlencodedOptions, type StandaloneUrlencodedOptions } from './urlencoded-parser'

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
