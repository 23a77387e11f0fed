// res.render(view, [locals], [callback]): app.render with res.locals, sending the HTML unless a callback takes it.
import type { Response } from '../../kernel/types'
import type { RenderCallback } from './view'
import type { RenderLocals } from './types'

/** Sends rendered HTML: with res.send when the response plugin is there, else as a plain text/html body. */
function sendHtml (res: Response, html: string | undefined): void {
  if (typeof (res as { send?: unknown }).send === 'function') {
    (res as unknown as { send (body?: unknown): unknown }).send(html)
    return
  }
  const body = html === undefined ? '' : String(html)
  if (!res.getHeader('Content-Type')) res.setHeader('Content-Type', 'text/html; charset=utf-8')
  res.setHeader('Content-Length', Buffer.byteLength(body))
  res.end(res.req.method === 'HEAD' ? undefined : body)
}

/** The res.render method. */
export function render (this: Response, view: string, locals?: RenderLocals | RenderCallback, callback?: RenderCallback): void {
  const res = this
  const req = this.req
  let done = callback
  let opts = locals as RenderLocals | undefined
  if (typeof locals === 'function') {
    done = locals
    opts = undefined
  }
  // Layer res.locals under the call's locals without changing the caller's object.
  const options: RenderLocals = Object.create(opts || null)
  options._locals = res.locals
  const finish: RenderCallback = done || function respond (err, html) {
    if (err) {
      if (req.next) req.next(err)
      else if (!res.headersSent) { res.statusCode = 500; res.end() }
      return
    }
    sendHtml(res, html)
  }
  req.app.render(view, options, finish)
}
