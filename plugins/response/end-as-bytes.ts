// Ends a response with a string body in the bytes Express sends for it, its UTF-8 Buffer.
import { OutgoingMessage } from 'http'

/** Node's own `end`, as loaded: a response whose `end` is another's takes the plain path. */
const nodeEnd = OutgoingMessage.prototype.end

const NON_ASCII = /[^\x00-\x7f]/

interface NodeResponse {
  end: (...args: any[]) => unknown
  finished?: boolean
  destroyed?: boolean
  _header?: string | null
  _contentLength?: number | null
  _implicitHeader?: () => void
}

/**
 * `res.end(Buffer.from(body, 'utf8'))`, in the same bytes and steps, without the Buffer where
 * that is sure to change nothing. Node writes a head before a Buffer body in latin1 and as a
 * chunk of its own (a vectored write), but joins it to a string body in UTF-8 (one write): the
 * bytes differ only when the head has a character above 0x7f. So when `end` is node's own (a
 * wrapper might set headers before calling it), the head is stored first, as node's `end`
 * stores it on its first step (through `writeHead`, wrappers included, with the body's byte
 * length noted as `end` notes it: node encodes a Content-Disposition by it), and a head of
 * ASCII only is sent with the string. `byteLength` is the body's length in bytes.
 */
export function endAsBytes (res: NodeResponse, body: string, byteLength: number): void {
  // Node's `end` stores no head for a response already ended or destroyed: neither may this.
  if (res.end === nodeEnd && typeof res._implicitHeader === 'function' && res.finished !== true && res.destroyed !== true) {
    if (!res._header) {
      res._contentLength = byteLength
      res._implicitHeader()
    }
    if (typeof res._header === 'string' && !NON_ASCII.test(res._header)) {
      res.end(body, 'utf8')
      return
    }
  }
  res.end(Buffer.from(body, 'utf8'))
}
