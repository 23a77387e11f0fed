// res.sendfile(path, [options], [fn]): Express 3's form, deprecated: the path is URL-decoded and may be relative.
import { deprecate } from '../../kernel/deprecate'
import type { Response } from '../../kernel/types'
import { sendTracked } from './send-tracked'
import type { TransferCallback } from './track-transfer'
import type { SendFileOptions } from './types'

/** The legacy helper: `path` is URL-encoded, relative paths start at the working directory (or `root`). */
function sendfile (this: Response, file: string, options?: SendFileOptions | TransferCallback, fn?: TransferCallback): void {
  let done = fn
  let opts: SendFileOptions = (options as SendFileOptions) || {}
  if (typeof options === 'function') {
    done = options
    opts = {}
  }
  sendTracked(this, String(file), true, opts, done)
}

/** res.sendfile, warning once per call site that res.sendFile replaces it. */
export const sendfileDeprecated = deprecate.function(sendfile, 'res.sendfile: Use res.sendFile instead')
