// The logger plugin, for trimmed builds: attaches the request logger as `framework.logger`.
import { definePlugin, type Plugin } from '../../kernel'
import { logger } from './logger'
import type { Logger } from './types'
import { checkOptions, describeOptions, type NoOptions } from '../shared/options'

export const PLUGIN_NAME = 'logger'

declare module '../../kernel/framework' {
  interface Framework {
    /**
     * The request logger (`require('ristretto/logger')`), present when the build includes
     * the logger plugin. Not part of the default preset: Express 4 has no bundled logger.
     */
    logger?: Logger
  }
}

/**
 * Adds `framework.logger` to a trimmed build, so one import gives both the framework
 * and its request logger. The default preset leaves it out, as Express 4 does.
 *
 * @example
 * const framework = createFramework({ plugins: [loggerPlugin()] })
 * framework().use(framework.logger!('tiny'))
 */
export function loggerPlugin (options?: NoOptions): Plugin {
  checkOptions(describeOptions('loggerPlugin'), options)
  return definePlugin({
    name: PLUGIN_NAME,
    apply ({ framework }) {
      Object.defineProperty(framework, 'logger', {
        configurable: true,
        enumerable: true,
        writable: true,
        value: logger
      })
    }
  })
}
