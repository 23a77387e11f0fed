// Public types of the file-transfer plugin: the helpers it adds to Response and their options.
import type { TransferOptions } from './transfer-options'
import type { TransferCallback } from './track-transfer'

/** Options of res.sendFile and res.download: the transfer options plus headers to send with the file. */
export interface SendFileOptions extends TransferOptions {
  /** Headers set when the file is found (not on errors). A later duplicate (any case) wins. */
  headers?: Record<string, string | number | readonly string[]>
}

export type { TransferCallback }

declare module '../../kernel/types' {
  interface Response {
    /**
     * Streams a file. `path` must be absolute unless `options.root` is set (then it is resolved inside
     * root and may not leave it). Content-Type comes from the extension. `fn(err)` is called once the
     * file is sent or on error (an aborted client gives `code: 'ECONNABORTED'`); without `fn`, errors
     * go to `next(err)` with `status` 404, 403 or 400, and a folder calls `next()`.
     * @example res.sendFile('report.pdf', { root: __dirname + '/files', maxAge: '1d' })
     */
    sendFile (path: string, fn?: TransferCallback): void
    sendFile (path: string, options: SendFileOptions, fn?: TransferCallback): void
    /**
     * Streams a file as an attachment: `Content-Disposition: attachment; filename="…"` from
     * `filename` or the path's base name. A relative path is resolved from the working directory,
     * or inside `options.root`. `options.headers` cannot override Content-Disposition.
     */
    download (path: string, fn?: TransferCallback): void
    download (path: string, filename: string, fn?: TransferCallback): void
    download (path: string, options: SendFileOptions, fn?: TransferCallback): void
    download (path: string, filename: string, options: SendFileOptions, fn?: TransferCallback): void
    /**
     * @deprecated use res.sendFile. `path` is URL-decoded, relative to the working directory unless
     * `options.root` is set, and refused (403) when it holds a `..` segment without a root.
     */
    sendfile (path: string, fn?: TransferCallback): void
    sendfile (path: string, options: SendFileOptions, fn?: TransferCallback): void
  }
}
