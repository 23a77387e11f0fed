// The body-urlencoded plugin: `framework.urlencoded(options)`, Express 4's built-in form body parser.
import type { BodyParserHandler } from '../body-reader'
import { frameworkParser } from '../body-reader/framework-parser'
import { createUrlencodedParser, type UrlencodedOptions } from './urlencoded-parser'

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

/**
 * `PLUGIN_NAME`, the plugin's name; `urlencoded(options)`, Express 4's `express.urlencoded(options)`; and
 * `bodyUrlencodedPlugin()`, which adds it as `framework.urlencoded`.
 */
export const { name: PLUGIN_NAME, parse: urlencoded, plugin: bodyUrlencodedPlugin } = frameworkParser<UrlencodedOptions>(
  'body-urlencoded', 'urlencoded', createUrlencodedParser, extendedNotice)

/** body-parser 1's notice when `extended` is not given: its default (true) flips to false in body-parser 2 and Express 5. */
function extendedNotice (options: UrlencodedOptions | undefined): string | undefined {
  return (options || {}).extended === undefined ? 'undefined extended: provide extended option' : undefined
}
