// The static plugin: framework.static(root, options), whose file server (and the transfer engine
// with it) is required by the first call, so an app that serves no folder never loads it.
import { definePlugin } from '../../kernel'
import { PLUGIN_NAME as FILE_TRANSFER } from '../file-transfer/plugin'
import { fileTransferPolicy } from '../file-transfer/policy'
import { mime } from '../file-transfer/mime'
import type * as ServeStatic from './serve-static'
import type { StaticFactory } from './types'
import { checkOptions, describeOptions, type NoOptions } from '../shared/options'

let serveStaticModule: typeof ServeStatic | undefined

export const PLUGIN_NAME = 'static'

/**
 * Adds `framework.static(root, options)` and `framework.static.mime`. The framework's
 * file-transfer policy gives the `dotfiles` and `symlinks` options their defaults.
 */
export function staticPlugin (options?: NoOptions) {
  checkOptions(describeOptions('staticPlugin'), options)
  return definePlugin({
    name: PLUGIN_NAME,
    dependencies: [FILE_TRANSFER],
    apply ({ framework }) {
      const policy = fileTransferPolicy.of(framework)
      const factory = function serveStaticFactory (root: string, options?: Parameters<StaticFactory>[1]) {
        // eslint-disable-next-line @typescript-eslint/no-require-imports
        serveStaticModule ??= require('./serve-static') as typeof ServeStatic
        return serveStaticModule.serveStatic(root, options, policy)
      } as StaticFactory
      Object.defineProperty(factory, 'mime', { value: mime, enumerable: true })
      framework.static = factory
    }
  })
}
