// res.attachment([filename]) as Express 5.3 has it: content-disposition 2's header.
import { extname } from 'path'
import type { Response } from '../../kernel/types'
import { attachmentDisposition } from '../shared/content-disposition-2'

/**
 * Sets `Content-Disposition: attachment`; with a filename, also its `filename` parameter (of
 * the base name, bare when it is a token, with `filename*` for non-ASCII names) and the
 * Content-Type by extension.
 * @example res.attachment('reports/résumé.pdf')
 */
export function attachment (this: Response, filename?: string): Response {
  if (filename) this.type(extname(filename))
  return this.set('Content-Disposition', attachmentDisposition(filename))
}
