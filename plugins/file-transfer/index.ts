// The file-transfer plugin: res.sendFile, res.download and the deprecated res.sendfile, on a streaming engine.
import { definePlugin } from '../../kernel'
import { createSendFile } from './send-file'
import { createDownload } from './download'
import { createSendfileDeprecated } from './sendfile-legacy'
import { fileTransferPolicy } from './policy'
import './types'
import { checkOptions, describeOptions, type NoOptions } from '../shared/options'

export const PLUGIN_NAME = 'file-transfer'

/**
 * Adds res.sendFile, res.download and res.sendfile to the framework's response prototype. They
 * follow the framework's {@link fileTransferPolicy}, read on each call.
 */
export function fileTransferPlugin (options?: NoOptions) {
  checkOptions(describeOptions('fileTransferPlugin'), options)
  return definePlugin({
    name: PLUGIN_NAME,
    apply ({ decorateResponse, framework }) {
      const policy = fileTransferPolicy.of(framework)
      decorateResponse({ sendFile: createSendFile(policy), download: createDownload(policy), sendfile: createSendfileDeprecated(policy) })
    }
  })
}

export { transferFile, endsWithSlash, type TransferListeners } from './transfer'
export { compileTransferOptions, parseMaxAge, MAX_MAX_AGE_MS, type TransferOptions, type CompiledTransferOptions, type DotfilesPolicy, type SymlinkPolicy } from './transfer-options'
export { fileTransferPolicy, type FileTransferPolicy, type TransferDefaults } from './policy'
export { trackTransfer, type TransferCallback } from './track-transfer'
export { mime, contentTypeOf, DEFAULT_TYPE, type MimeLookup } from './mime'
export type { SendFileOptions } from './types'
