// Content-Disposition values as Express 5.3 writes them: content-disposition 2, on the file's base name.
import { basename } from 'path'
import { create } from 'content-disposition-2'

/**
 * `attachment`, with the `filename` parameter of the base name of `filename` when one is given:
 * bare when the name is an HTTP token (`filename=report.txt`), quoted otherwise, and with an
 * ASCII fallback plus `filename*=UTF-8''…` when the name has non-ASCII characters.
 * @throws TypeError when `filename` is given but is not a string (as `path.basename`).
 * @example attachmentDisposition('reports/résumé.pdf') // attachment; filename="r?sum?.pdf"; filename*=UTF-8''r%C3%A9sum%C3%A9.pdf
 */
export function attachmentDisposition (filename?: string): string {
  return filename === undefined ? create() : create(basename(filename))
}
