// The file-transfer plugin: res.sendFile, res.download and the deprecated res.sendfile, on a streaming engine.
import './types'

export { PLUGIN_NAME, fileTransferPlugin } from './plugin'

export { transferFile, endsWithSlash, type TransferListeners } from './transfer'
export { compileTransferOptions, parseMaxAge, MAX_MAX_AGE_MS, type TransferOptions, type CompiledTransferOptions, type DotfilesPolicy, type SymlinkPolicy } from './transfer-options'
export { fileTransferPolicy, type FileTransferPolicy, type TransferDefaults } from './policy'
export { trackTransfer, type TransferCallback } from './track-transfer'
export { mime, contentTypeOf, DEFAULT_TYPE, type MimeLookup } from './mime'
export type { SendFileOptions } from './types'
