// The query plugin: the `query parser` setting, the `query` layer of every app, and `framework.query`.
import { definePlugin, type Plugin } from '../../kernel'
import { ownSettings } from '../shared/settings'
import { compileQueryParser } from './compile-query-parser'
import { query, queryLayer, AppQueryLayer } from './query-middleware'
import { queryPolicy } from './policy'
import { checkOptions, describeOptions, type NoOptions } from '../shared/options'

export { compileQueryParser } from './compile-query-parser'
export { query, type QueryMiddleware } from './query-middleware'
export type { QueryParser } from './parsers'
export { queryPolicy, type QueryPolicy } from './policy'

export const PLUGIN_NAME = 'query'

type QueryFactory = (options: unknown, appLayer: AppQueryLayer) => ReturnType<typeof query>

/** The function each framework's apps make their `query` layer with, when one was registered. */
const appQueryFactories = new WeakMap<object, QueryFactory>()

/**
 * Makes the `query` layer of every app of `framework` made from now on by calling `make`, as
 * Express's apps call what `express/lib/middleware/query` exports: `make(parser, layer)` with
 * the app's `query parser fn` and the layer's description, which `framework.query` turns into
 * the layer. The Express 4 edition registers that module's export, so that a tool that wraps
 * the export as node loads it (dd-trace, to read each request's query) wraps the apps' layers.
 */
export function makeAppQueryLayersWith (framework: object, make: typeof query): void {
  appQueryFactories.set(framework, make as unknown as QueryFactory)
}

/** Default of the `query parser` setting: qs, with nested objects and arrays. */
export const QUERY_PARSER_DEFAULT = 'extended'

declare module '../../kernel/framework' {
  interface Framework {
    /**
     * Query-string middleware: sets `req.query` when nothing set it yet. A function is the
     * parser; an object is qs options (`allowPrototypes` defaults to true).
     */
    query: typeof query
  }
}

/**
 * `req.query` as Express 4 sets it: each app router starts with a layer named `query`
 * that parses the query string with the app's `query parser fn` (compiled from the
 * `query parser` setting: `'extended'` by default, `'simple'`, `true`, `false` or a function),
 * its result passed through the framework's {@link queryPolicy} filter when there is one.
 *
 * @example
 * createFramework({ plugins: [queryPlugin(), requestPlugin()] })
 */
export function queryPlugin (options?: NoOptions): Plugin {
  checkOptions(describeOptions('queryPlugin'), options)
  return definePlugin({
    name: PLUGIN_NAME,
    apply ({ hooks, framework }) {
      framework.query = query
      ownSettings(hooks, PLUGIN_NAME, {
        compiled: { 'query parser': compileQueryParser },
        defaults: { 'query parser': QUERY_PARSER_DEFAULT }
      })
      const policy = queryPolicy.of(framework)
      hooks.routerCreated.tap(PLUGIN_NAME, (app, router) => {
        const parser = app.get('query parser fn')
        const make = appQueryFactories.get(framework)
        router.use(make === undefined ? queryLayer(parser, policy, framework) : make(parser, new AppQueryLayer(parser, policy, framework)))
      })
    }
  })
}
