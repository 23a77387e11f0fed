// res.download(path, [filename], [options], [fn]): res.sendFile with Content-Disposition: attachment.
import path from 'path'
import type { Response } from '../../kernel/types'
import type { TransferCallback } from './track-transfer'
import type { SendFileOptions } from './types'
import type { FileTransferPolicy } from './policy'

const CONTENT_DISPOSITION = 'content-disposition'

/**
 * A path without `root` as res.sendFile takes it: resolved (`..` segments followed) as Express 4
 * does, or, when `confine`, made absolute without resolving, so res.sendFile refuses a `..`
 * segment (403) and resolves the rest.
 */
function absolutePath (file: string, confine: boolean): string {
  if (!confine) return path.resolve(file)
  return path.isAbsolute(file) ? file : process.cwd() + path.sep + file
}

/**
 * The res.download helper of a framework whose file-transfer policy is `policy`. Accepts
 * (path, fn), (path, filename[, fn]), (path, options[, fn]) and (path, filename, options[, fn]).
 * The filename defaults to the path's base name.
 */
export function createDownload (policy: Readonly<FileTransferPolicy>) {
  return function download (this: Response, file: string, filename?: unknown, options?: unknown, fn?: unknown): void {
    let done = fn as TransferCallback | undefined
    let name = filename as string | null | undefined
    let opts = options as SendFileOptions | null | undefined
    if (typeof filename === 'function') {
      done = filename as TransferCallback
      name = null
      opts = null
    } else if (typeof options === 'function') {
      done = options as TransferCallback
      opts = null
    }
    // An options object may stand where the filename goes.
    if (typeof filename === 'object' && (typeof options === 'function' || options === undefined)) {
      name = null
      opts = filename as SendFileOptions | null
    }

    const headers: Record<string, string | number | readonly string[]> = {
      'Content-Disposition': policy.contentDisposition(name || file)
    }
    if (opts && opts.headers) {
      for (const key of Object.keys(opts.headers)) {
        if (key.toLowerCase() !== CONTENT_DISPOSITION) headers[key] = opts.headers[key]
      }
    }
    // Layer over the caller's options without changing them.
    const sendOptions: SendFileOptions = Object.create(opts || null)
    sendOptions.headers = headers
    const fullPath = !sendOptions.root ? absolutePath(file, policy.confineDownloads) : file
    this.sendFile(fullPath, sendOptions, done)
  }
}
