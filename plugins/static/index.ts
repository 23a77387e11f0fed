// The static plugin: framework.static(root, options), serving files with the file-transfer engine.
import { definePlugin } from '../../kernel'
import { PLUGIN_NAME as FILE_TRANSFER, fileTransferPolicy, mime } from '../file-transfer'
import { serveStatic } from './serve-static'
import type { StaticFactory } from './types'
import { checkOptions, describeOptions, type NoOptions } from '../shared/options'

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
        return serveStatic(root, options, policy)
      } as StaticFactory
      Object.defineProperty(factory, 'mime', { value: mime, enumerable: true })
      framework.static = factory
    }
  })
}

export { serveStatic } from './serve-static'
export type { StaticOptions, StaticFactory } from './types'
