// res.sendFile(path, [options], [fn]): streams one file, from an absolute path or a path inside `root`.
import path from 'path'
import type { Response } from '../../kernel/types'
import { loadSendTracked } from './load-transfer'
import type { TransferCallback } from './track-transfer'
import type { SendFileOptions } from './types'
import type { FileTransferPolicy } from './policy'

/** The res.sendFile helper of a framework whose file-transfer policy is `policy`. */
export function createSendFile (policy: Readonly<FileTransferPolicy>) {
  return function sendFile (this: Response, file: unknown, options?: SendFileOptions | TransferCallback, fn?: TransferCallback): void {
    let done = fn
    let opts: SendFileOptions = (options as SendFileOptions) || {}
    if (!file) throw new TypeError('path argument is required to res.sendFile')
    if (typeof file !== 'string') throw new TypeError('path must be a string to res.sendFile')
    if (typeof options === 'function') {
      done = options
      opts = {}
    }
    if (!opts.root && !path.isAbsolute(file)) throw new TypeError('path must be absolute or specify root to res.sendFile')
    if (policy.etagFromSetting) {
      // Layered over the caller's options, which are left as they are.
      opts = Object.create(opts) as SendFileOptions
      opts.etag = this.app.enabled('etag')
    }
    loadSendTracked().sendTracked(this, file, false, opts, done, policy)
  }
}
