// The file-transfer plugin: res.sendFile, res.download and the deprecated res.sendfile, on a streaming engine.
import { definePlugin } from '../../kernel'
import { sendFile } from './send-file'
import { download } from './download'
import { sendfileDeprecated } from './sendfile-legacy'
import './types'

export const PLUGIN_NAME = 'file-transfer'

/** Adds res.sendFile, res.download and res.sendfile to the framework's response prototype. */
export function fileTransferPlugin () {
  return definePlugin({
    name: PLUGIN_NAME,
    apply ({ decorateResponse }) {
      decorateResponse({ sendFile, download, sendfile: sendfileDeprecated })
    }
  })
}

export { transferFile, endsWithSlash, type TransferListeners } from './transfer'
export { compileTransferOptions, parseMaxAge, MAX_MAX_AGE_MS, type TransferOptions, type CompiledTransferOptions, type DotfilesPolicy } from './transfer-options'
export { trackTransfer, type TransferCallback } from './track-transfer'
export { mime, contentTypeOf, DEFAULT_TYPE, type MimeLookup } from './mime'
export type { SendFileOptions } from './types'
