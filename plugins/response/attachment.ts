// res.attachment([filename]): Content-Disposition: attachment.
import { extname } from 'path'
import contentDisposition from 'content-disposition'
import type { Response } from '../../kernel/types'

/** Marks the response as a download; with a filename, also its parameter and the Content-Type by extension. */
export function attachment (this: Response, filename?: string): Response {
  if (filename) this.type(extname(filename))
  return this.set('Content-Disposition', contentDisposition(filename))
}
