// res.attachment([filename]): Content-Disposition: attachment.
import { extname } from 'path'
import type contentDisposition from 'content-disposition'
import type { Response } from '../../kernel/types'

let contentDispositionModule: typeof contentDisposition | undefined

/** Marks the response as a download; with a filename, also its parameter and the Content-Type by extension. */
export function attachment (this: Response, filename?: string): Response {
  if (filename) this.type(extname(filename))
  // content-disposition, required by the first call.
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  contentDispositionModule ??= require('content-disposition') as typeof contentDisposition
  return this.set('Content-Disposition', contentDispositionModule(filename))
}
