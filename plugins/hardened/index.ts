// The hardened plugin: switches the plugins' Express 4 behaviours that attackers use to safer ones.
import { definePlugin, type Plugin } from '../../kernel'
import { PLUGIN_NAME as FILE_TRANSFER, fileTransferPolicy } from '../file-transfer'
import { PLUGIN_NAME as QUERY, queryPolicy } from '../query'
import { PLUGIN_NAME as RESPONSE, responsePolicy } from '../response'
import { bodyPolicy } from '../body-reader'
import { viewsPolicy } from '../shared/views-policy'
import statuses from 'statuses'
import { engineOptionNames } from './engine-options'
import { dropPrototypeKeys } from './drop-prototype-keys'
import { resolveHardenedOptions, type HardenedOptions } from './options'

export { dropPrototypeKeys, PROTOTYPE_KEYS } from './drop-prototype-keys'
export { engineOptionNames } from './engine-options'
export { resolveHardenedOptions, DEFAULT_BODY_IDLE_TIMEOUT, HARDENED_OPTIONS, type HardenedOptions, type ResolvedHardenedOptions } from './options'

export const PLUGIN_NAME = 'hardened'

/**
 * Protections where Express 4 is unsafe, for the framework it is part of (the modern preset has
 * it; the default preset keeps Express 4's behaviour). Each is on unless its option turns it
 * off: downloads without a root refuse `..`; symbolic links may not leave a root; dot folders
 * are dotfiles; `__proto__`, `constructor` and `prototype` keys are dropped from parsed bodies
 * and queries; quiet request bodies get a 408; backslashes in `Location` are encoded; a folder
 * given to res.sendFile or res.download is a 404; res.links refuses values that would add a
 * link; a render's locals cannot set its engine's options; error pages never show a stack. The body parsers (`framework.json` and its
 * kin) and framework.static follow it when they are in the framework.
 *
 * @example
 * createFramework({ plugins: [...defaultPreset.plugins, hardenedPlugin({ bodyIdleTimeout: 10_000 })] })
 */
export function hardenedPlugin (options?: HardenedOptions): Plugin {
  const resolved = resolveHardenedOptions(options)
  return definePlugin({
    name: PLUGIN_NAME,
    dependencies: [QUERY, RESPONSE, FILE_TRANSFER],
    apply ({ framework, hooks }) {
      const files = fileTransferPolicy.of(framework)
      files.confineDownloads = resolved.confineDownloads
      files.symlinks = resolved.symlinks
      files.dotfiles = resolved.dotDirectories ? 'ignore' : undefined
      files.directoryStatus = resolved.directoryNotFound ? 404 : undefined

      const bodies = bodyPolicy.of(framework)
      bodies.idleTimeout = resolved.bodyIdleTimeout
      bodies.filter = resolved.dropPrototypeKeys ? dropPrototypeKeys : undefined
      queryPolicy.of(framework).filter = resolved.dropPrototypeKeys ? dropPrototypeKeys : undefined

      const responses = responsePolicy.of(framework)
      responses.encodeBackslashes = resolved.encodeBackslashes
      responses.checkLinks = resolved.checkLinks
      viewsPolicy.of(framework).engineOptions = resolved.isolateRenderLocals ? engineOptionNames : undefined
      if (resolved.hideErrorStacks) hooks.errorPage.tap(PLUGIN_NAME, (_message, _err, status) => String(statuses.message[status]))
    }
  })
}
