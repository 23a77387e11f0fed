// The file-transfer plugin: res.sendFile, res.download and res.sendfile, whose streaming engine is
// required by their first call (an app that sends no file never loads it).
import { definePlugin } from '../../kernel'
import { createSendFile } from './send-file'
import { createDownload } from './download'
import { createSendfileDeprecated } from './sendfile-legacy'
import { fileTransferPolicy } from './policy'
import { checkOptions, describeOptions, type NoOptions } from '../shared/options'
// Read now, as the framework is loaded: wrappers installed later are no longer node's own.
import './native-output'

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
