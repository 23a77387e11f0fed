// The four built-in parser plugins (`framework.json` and its kin), made one way. Not exported by the
// body reader's index: the standalone parser (`ristretto/parser`) needs none of it.
import depd from 'depd'
import { definePlugin, type Plugin } from '../../kernel'
import type * as Flavors from './flavors'
import type { BodyFlavor } from './flavors'
import type { BodyParserHandler } from './create-parser'
import { bodyPolicy } from './policy'
import { checkOptions, describeOptions, type NoOptions } from '../shared/options'

/**
 * Reports what body-parser 1 finds deprecated in the options under its name, as Express 4 (whose
 * parsers are body-parser 1's) does, at the user's call (see kernel/deprecate.ts's `reporter`).
 */
const deprecate = depd('body-parser')

let flavors: typeof Flavors | undefined

/**
 * The parsers' flavors, required when the first parser is made: with them come the body reader's
 * charsets, on-finished and http-errors, which an app that parses no body never needs.
 */
function frameworkFlavor (): BodyFlavor {
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  return (flavors ??= require('./flavors') as typeof Flavors).FRAMEWORK_FLAVOR
}

/** What makes a parser of one kind: `(options, flavor) => middleware`. */
export type CreateParser<O> = (options: O | undefined, flavor: BodyFlavor) => BodyParserHandler

/** The member each plugin adds to the framework. */
export type ParserMember = 'json' | 'raw' | 'text' | 'urlencoded'

/** One of Express 4's built-in parsers: its plugin's name, the parser function, and the plugin. */
export interface FrameworkParser<O> {
  /** The plugin's name, used by presets and in errors. */
  name: string
  /** Express 4's `express[member](options)`: a parser of the framework flavor. */
  parse: (options?: O) => BodyParserHandler
  /**
   * The plugin adding the parser to the framework as `framework[member]`, following that
   * framework's body policy. Takes no options (the parser does): any is a `RST_PLUGIN_OPTIONS` error.
   */
  plugin: (options?: NoOptions) => Plugin
}

/**
 * The built-in parser that `loadCreate()` makes, under `member`, and the plugin `name` that adds
 * it. `loadCreate` is called when the first parser is made (it requires the parser's module then,
 * so an app that makes none never loads it). `deprecated(options)` is the notice body-parser 1
 * gives for the options, if any (reported at the line that made the parser, once per line).
 *
 * @example
 * export const { name: PLUGIN_NAME, parse: json, plugin: bodyJsonPlugin } = frameworkParser<JsonOptions>('body-json', 'json', loadCreateJsonParser)
 */
export function frameworkParser<O> (
  name: string,
  member: ParserMember,
  loadCreate: () => CreateParser<O>,
  deprecated?: (options: O | undefined) => string | undefined
): FrameworkParser<O> {
  const parse = function (options?: O): BodyParserHandler {
    const notice = deprecated?.(options)
    if (notice !== undefined) deprecate(notice)
    return loadCreate()(options, frameworkFlavor())
  }
  Object.defineProperty(parse, 'name', { configurable: true, value: member })
  const description = describeOptions(`body${member[0].toUpperCase()}${member.slice(1)}Plugin`)
  return {
    name,
    parse,
    plugin: function plugin (options?: NoOptions): Plugin {
      checkOptions(description, options)
      return definePlugin({
        name,
        apply ({ framework }) {
          const policy = bodyPolicy.of(framework)
          /** The framework's flavor, made with its first parser. */
          let flavor: BodyFlavor | undefined
          const frameworkParse = function (options?: O): BodyParserHandler {
            const notice = deprecated?.(options)
            if (notice !== undefined) deprecate(notice)
            flavor ??= Object.freeze({ ...frameworkFlavor(), policy })
            return loadCreate()(options, flavor)
          }
          Object.defineProperty(frameworkParse, 'name', { configurable: true, value: member })
          ;(framework as unknown as Record<ParserMember, unknown>)[member] = frameworkParse
        }
      })
    }
  }
}
