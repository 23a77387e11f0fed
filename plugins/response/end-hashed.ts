// Ends a response with a string body that Express would have hashed for its ETag. Express sends such a
// body as a Buffer, so node writes the head in latin1 and the body's bytes after it. A string body
// goes out in the same bytes, in one write with the head, whenever the head is ASCII (latin1 and UTF-8
// agree there): that is checked on the head node has made, never assumed.
import { OutgoingMessage, ServerResponse } from 'http'
import type { Response } from '../../kernel/types'

/** The fields of node's response this reads and calls, beside its public API. */
interface NodeResponse {
  end: (chunk: string | Buffer, encoding?: BufferEncoding) => unknown
  _implicitHeader: () => void
  _header: string | null
  _contentLength: number | null
  strictContentLength: boolean
  destroyed: boolean
  finished: boolean
}

const nodeEnd = OutgoingMessage.prototype.end
const nodeImplicitHeader = (ServerResponse.prototype as unknown as NodeResponse)._implicitHeader

/**
 * `res.end` with the UTF-8 bytes of `text` (`length` of them), as Express ends a hashed body. When
 * node's own `end` and `_implicitHeader` are the response's (nothing wraps them), the head is made
 * first, as node's `end` makes it before writing: the body's length noted (node then writes a
 * `Content-Disposition` value as latin1 bytes), then `writeHead(statusCode)`, seen by whatever wraps
 * `writeHead`. An ASCII head lets the string itself be ended.
 */
export function endHashed (res: Response, text: string, length: number): void {
  const r = res as unknown as NodeResponse
  if (r.end === nodeEnd && r._implicitHeader === nodeImplicitHeader && !r._header && !r.destroyed && !r.finished && !r.strictContentLength) {
    r._contentLength = length
    r._implicitHeader()
    const head = r._header
    // Node refuses header characters above U+00FF: the head is ASCII when its UTF-8 is as long as it.
    if (typeof head === 'string' && Buffer.byteLength(head, 'utf8') === head.length) {
      r.end(text, 'utf8')
      return
    }
  }
  r.end(Buffer.from(text, 'utf8'))
}
