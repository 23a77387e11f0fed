// The express5-request plugin: the request plugin's helpers, changed where Express 5 changed them.
import { definePlugin, type Decorations, type Plugin, type Request } from '../../kernel'
import { ownSettings } from '../shared/settings'
import { PLUGIN_NAME as REQUEST } from '../request'
import { host, hostname } from './host'
import { fresh, stale } from './freshness'
import { query } from './query'
import { compileQueryParser, QUERY_PARSER_DEFAULT } from './query-parser'
import { checkOptions, describeOptions, type NoOptions } from '../shared/options'

export { compileQueryParser, QUERY_PARSER_DEFAULT, type QueryParser } from './query-parser'
export { isFresh } from './freshness'

export const PLUGIN_NAME = 'express5-request'

/** Express 4 helpers Express 5 no longer has. */
const REMOVED = ['param', 'acceptsCharset', 'acceptsEncoding', 'acceptsLanguage'] as const

/** The request plugin's helpers that Express 5 reads otherwise. */
const changed: Decorations<Request> = {
  host: { getter: host as () => string },
  hostname: { getter: hostname as () => string },
  fresh: { getter: fresh },
  stale: { getter: stale }
}

/**
 * The request of Express 5, over the request plugin's helpers: `req.query` is a getter parsing
 * the query string with `query parser fn` on each read (the `query parser` setting defaults to
 * `'simple'`; no query plugin goes with this one), `req.host` keeps the port, `req.fresh` lets
 * `If-None-Match` decide alone when present (for QUERY requests too, as for GET and HEAD), and `req.param` and the singular
 * `req.acceptsCharset`/`acceptsEncoding`/`acceptsLanguage` are gone.
 *
 * @example
 * createFramework({ plugins: [requestPlugin(), express5RequestPlugin()] })
 */
export function express5RequestPlugin (options?: NoOptions): Plugin {
  checkOptions(describeOptions('express5RequestPlugin'), options)
  return definePlugin({
    name: PLUGIN_NAME,
    dependencies: [REQUEST],
    apply ({ hooks, decorateRequest }) {
      decorateRequest(changed, { override: ['host', 'hostname', 'fresh', 'stale'] })
      decorateRequest({ query: { getter: query as () => Request['query'] } })
      decorateRequest(Object.fromEntries(REMOVED.map((name) => [name, undefined])), { override: REMOVED })
      ownSettings(hooks, PLUGIN_NAME, {
        compiled: { 'query parser': compileQueryParser },
        defaults: { 'query parser': QUERY_PARSER_DEFAULT }
      })
    }
  })
}
