// res.sendfile(path, [options], [fn]): Express 3's form, deprecated: the path is URL-decoded and may be relative.
import { deprecate } from '../../kernel/deprecate'
import type { Response } from '../../kernel/types'
import { loadSendTracked } from './load-transfer'
import type { TransferCallback } from './track-transfer'
import type { SendFileOptions } from './types'
import type { FileTransferPolicy } from './policy'

/**
 * The legacy helper of a framework whose file-transfer policy is `policy`: `path` is
 * URL-encoded, relative paths start at the working directory (or `root`). It warns once per
 * call site that res.sendFile replaces it.
 */
export function createSendfileDeprecated (policy: Readonly<FileTransferPolicy>) {
  function sendfile (this: Response, file: string, options?: SendFileOptions | TransferCallback, fn?: TransferCallback): void {
    let done = fn
    let opts: SendFileOptions = (options as SendFileOptions) || {}
    if (typeof options === 'function') {
      done = options
      opts = {}
    }
    loadSendTracked().sendTracked(this, String(file), true, opts, done, policy)
  }
  return deprecate.function(sendfile, 'res.sendfile: Use res.sendFile instead')
}
