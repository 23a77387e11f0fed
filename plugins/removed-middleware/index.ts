// Express 4's getters for the Connect 2 middleware it stopped bundling: reading one throws a clear error.
import { definePlugin } from '../../kernel'
import { checkOptions, describeOptions, type NoOptions } from '../shared/options'

const PLUGIN_NAME = 'removed-middleware'

/** The names Express 3 exported and Express 4 removed; old code that calls them learns why it breaks. */
export const REMOVED_MIDDLEWARE: readonly string[] = Object.freeze([
  'bodyParser', 'compress', 'cookieSession', 'session', 'logger', 'cookieParser', 'favicon',
  'responseTime', 'errorHandler', 'timeout', 'methodOverride', 'vhost', 'csrf', 'directory',
  'limit', 'multipart', 'staticCache'
])

/** Defines a throwing getter on the framework for each removed middleware name not provided by another plugin. */
export function removedMiddlewarePlugin (options?: NoOptions) {
  checkOptions(describeOptions('removedMiddlewarePlugin'), options)
  return definePlugin({
    name: PLUGIN_NAME,
    apply ({ framework }) {
      for (const name of REMOVED_MIDDLEWARE) {
        if (Object.prototype.hasOwnProperty.call(framework, name)) continue
        Object.defineProperty(framework, name, {
          configurable: true,
          enumerable: false,
          get: function removedMiddleware () {
            throw new Error(`Most middleware (like ${name}) is no longer bundled with Express and must be installed separately. ` +
              'Please see https://github.com/senchalabs/connect#middleware.')
          }
        })
      }
    }
  })
}
