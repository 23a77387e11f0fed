// The express5-files plugin: res.sendFile, res.download and framework.static as Express 5 has them.
import { definePlugin, type Plugin } from '../../kernel'
import { PLUGIN_NAME as FILE_TRANSFER } from '../file-transfer/plugin'
import { fileTransferPolicy } from '../file-transfer/policy'
import { DEFAULT_MEDIA_TYPE, mime } from '../shared/mime-3'
import { attachmentDisposition } from '../shared/content-disposition-2'
import { checkOptions, describeOptions, type NoOptions } from '../shared/options'

export const PLUGIN_NAME = 'express5-files'

/** The Content-Type of a file as send 1 gives it: mime-types 3's type, with a lower-case charset for text. */
export function fileContentType (file: string): string {
  return mime.contentType(mime.lookup(file) || DEFAULT_MEDIA_TYPE) || DEFAULT_MEDIA_TYPE
}

/**
 * The file transfers of Express 5, over the file-transfer plugin: files are typed by mime-types
 * 3 (`text/javascript` for `.js`, `charset=utf-8`, also for `framework.static`), res.download's
 * Content-Disposition is content-disposition 2's (`filename=report.txt`), res.sendFile and
 * res.download send an ETag as the app's `etag` setting says, and Express 4's `res.sendfile` is
 * gone.
 */
export function express5FilesPlugin (options?: NoOptions): Plugin {
  checkOptions(describeOptions('express5FilesPlugin'), options)
  return definePlugin({
    name: PLUGIN_NAME,
    dependencies: [FILE_TRANSFER],
    apply ({ decorateResponse, framework }) {
      const policy = fileTransferPolicy.of(framework)
      policy.contentType = fileContentType
      policy.contentDisposition = attachmentDisposition
      policy.etagFromSetting = true
      decorateResponse({ sendfile: undefined }, { override: ['sendfile'] })
    }
  })
}
