// The file-transfer plugin's per-framework switches: the defaults of its options, and what its helpers do at the edges.
import { frameworkPolicy } from '../shared/framework-policy'
import type { DotfilesPolicy, SymlinkPolicy } from './transfer-options'
import type contentDisposition from 'content-disposition'
import { contentTypeOf } from './mime'

/** How res.sendFile, res.download, res.sendfile and framework.static behave in one framework. */
export interface FileTransferPolicy {
  /** `dotfiles` of transfers whose options set neither `dotfiles` nor `hidden`. Default unset: only a final dot segment is ignored. */
  dotfiles: DotfilesPolicy | undefined
  /** `symlinks` of transfers whose options do not set it. Default `'follow'`. */
  symlinks: SymlinkPolicy
  /**
   * res.download without `root`: false (default) resolves the path first, as Express 4 does, so
   * `..` segments are followed; true refuses a `..` segment before resolving (403), as res.sendFile does.
   */
  confineDownloads: boolean
  /**
   * The status on the `EISDIR` error a folder gives the callback of res.sendFile and res.download
   * (and `next(err)` after it). Default none: as in Express 4, a 500 once passed to `next`.
   */
  directoryStatus: 404 | undefined
  /** The Content-Type a file is sent with, from its name. Default: its type by mime-types 2, with the charset (`UTF-8`) for text. */
  contentType: (file: string) => string
  /** The Content-Disposition res.download sends for a file name or path. Default: content-disposition 0.5's, on the base name. */
  contentDisposition: (filename: string) => string
  /** Whether res.sendFile (and res.download) send an ETag as the app's `etag` setting says, whatever their options say. Default false. */
  etagFromSetting: boolean
}

let contentDispositionModule: typeof contentDisposition | undefined

/** content-disposition 0.5's header for a file name, the module required by the first res.download. */
function attachmentHeader (filename: string): string {
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  contentDispositionModule ??= require('content-disposition') as typeof contentDisposition
  return contentDispositionModule(filename)
}

/** The policy of each framework; the defaults are Express 4's behaviour. */
export const fileTransferPolicy = frameworkPolicy<FileTransferPolicy>({
  dotfiles: undefined,
  symlinks: 'follow',
  confineDownloads: false,
  directoryStatus: undefined,
  contentType: contentTypeOf,
  contentDisposition: attachmentHeader,
  etagFromSetting: false
})

/** The option defaults a policy gives {@link compileTransferOptions}. */
export type TransferDefaults = Pick<FileTransferPolicy, 'dotfiles' | 'symlinks'> & Partial<Pick<FileTransferPolicy, 'contentType'>>
