// A raw HTTP client for the probe: writes bytes as given, reads the answer, and tells an answer from a hang or a dropped connection.
import net from 'node:net'

/** What came back: the status line's code, the header block and the body text (latin1), or why nothing did. */
export type Reply =
  | { kind: 'answer', status: number, head: string, body: string }
  | { kind: 'closed' }
  | { kind: 'timeout' }

/** A request to send: its raw bytes, and whether to keep the connection open after them (a body cut short). */
export interface RawRequest {
  bytes: string | Buffer
  /** Milliseconds to wait for a complete answer before calling it a hang. */
  deadline: number
}

/** The length of a complete answer in `text`, or -1 while it is incomplete. */
function completeLength (text: string, status: number, head: string, bodyStart: number, method: string): number {
  if (method === 'HEAD' || status === 204 || status === 304 || (status >= 100 && status < 200)) return bodyStart
  const length = /\r\ncontent-length: *(\d+)/i.exec(head)
  if (length) return text.length >= bodyStart + Number(length[1]) ? bodyStart + Number(length[1]) : -1
  if (/\r\ntransfer-encoding: *chunked/i.test(head)) {
    const end = text.indexOf('\r\n0\r\n\r\n', bodyStart - 2)
    return end === -1 ? -1 : end + 7
  }
  return -1
}

/** Sends `request` on a fresh connection to `port`; resolves with the first answer, a close, or a timeout. */
export function send (port: number, request: RawRequest): Promise<Reply> {
  return new Promise((resolve) => {
    const socket = net.connect(port, '127.0.0.1')
    const method = String(request.bytes.slice(0, 8)).split(' ')[0]
    let text = ''
    let settled = false
    const finish = (reply: Reply): void => {
      if (settled) return
      settled = true
      clearTimeout(timer)
      socket.destroy()
      resolve(reply)
    }
    const parse = (final: boolean): void => {
      let headEnd = text.indexOf('\r\n\r\n')
      let status = /^HTTP\/1\.[01] (\d{3})/.exec(text)
      // Interim answers (100 Continue) come before the answer.
      while (status && headEnd !== -1 && status[1][0] === '1' && status[1] !== '101') {
        text = text.slice(headEnd + 4)
        headEnd = text.indexOf('\r\n\r\n')
        status = /^HTTP\/1\.[01] (\d{3})/.exec(text)
      }
      if (headEnd === -1 || !status) { if (final) finish({ kind: 'closed' }); return }
      const head = text.slice(0, headEnd)
      const end = completeLength(text, Number(status[1]), head, headEnd + 4, method)
      if (end !== -1 || final) finish({ kind: 'answer', status: Number(status[1]), head, body: text.slice(headEnd + 4, end === -1 ? undefined : end) })
    }
    const timer = setTimeout(() => { parse(false); finish({ kind: 'timeout' }) }, request.deadline)
    socket.setEncoding('latin1')
    socket.on('data', (chunk: string) => { text += chunk; parse(false) })
    socket.on('error', () => { parse(true) })
    socket.on('close', () => { parse(true) })
    socket.on('connect', () => { socket.write(request.bytes) })
  })
}
