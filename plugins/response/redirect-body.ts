// What res.redirect sends, in Express 4 and 5 alike: Location and a short negotiated body saying where.
import type escapeHtml from 'escape-html'
import type { Response } from '../../kernel/types'
import { statusMessage } from './status'

/**
 * The HTML of a redirect: what `redirectBody` sends when the client takes HTML. `message` is the
 * status message (`undefined` for a code without one), `line` the escaped paragraph saying where.
 */
export type RedirectHtml = (message: string | undefined, line: string) => string

let escapeHtmlModule: typeof escapeHtml | undefined

/** The HTML of Express 4's and 5.0–5.2's redirects: the paragraph alone. */
const paragraphOnly: RedirectHtml = (_message, line) => line

/**
 * Sets `Location` to `address` (encoded by `res.location`) and negotiates the body of a redirect
 * with `status`: it says where, as text or as HTML with the URL escaped (so a target cannot
 * inject markup; `html` wraps that paragraph), or is empty for other types.
 */
export function redirectBody (res: Response, address: string, status: unknown, html: RedirectHtml = paragraphOnly): string {
  const location = String(res.location(address).get('Location'))
  const message = statusMessage(status)
  let body = ''
  res.format({
    text () { body = `${message}. Redirecting to ${location}` },
    html () {
      // escape-html, required by the first redirect answered with HTML.
      // eslint-disable-next-line @typescript-eslint/no-require-imports
      escapeHtmlModule ??= require('escape-html') as typeof escapeHtml
      body = html(message, `<p>${message}. Redirecting to ${escapeHtmlModule(location)}</p>`)
    },
    default () { body = '' }
  })
  return body
}

/** Ends a redirect, its status set, with `body`; HEAD gets none. */
export function endRedirect (res: Response, body: string): void {
  // A number, as Express passes it (a wrapped `res.set` sees the same value); `set` coerces it.
  res.set('Content-Length', Buffer.byteLength(body) as unknown as string)
  if (res.req.method === 'HEAD') res.end()
  else res.end(body)
}
