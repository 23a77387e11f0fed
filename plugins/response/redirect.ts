// res.redirect([status,] url): Location plus a short negotiated body.
import escapeHtml from 'escape-html'
import type { Response } from '../../kernel/types'
import { deprecate } from '../../kernel/deprecate'
import { statusMessage } from './status'

/** The status of a redirect when none is given. */
const DEFAULT_REDIRECT_STATUS = 302

/**
 * Redirects to `url` (encoded into `Location`). The body says where, as text or as HTML with the URL
 * escaped (so a target cannot inject markup), or is empty for other types; HEAD gets no body.
 */
export function redirect (this: Response, url: string | number, statusOrUrl?: string | number): void {
  let address: unknown = url
  let status: number = DEFAULT_REDIRECT_STATUS
  if (arguments.length === 2) {
    if (typeof url === 'number') {
      status = url
      address = statusOrUrl
    } else {
      deprecate('res.redirect(url, status): use res.redirect(status, url)')
      status = statusOrUrl as number
    }
  }

  const location = String(this.location(address as string).get('Location'))
  const message = statusMessage(status)
  let body = ''
  this.format({
    text () { body = `${message}. Redirecting to ${location}` },
    html () { body = `<p>${message}. Redirecting to ${escapeHtml(location)}</p>` },
    default () { body = '' }
  })

  this.statusCode = status
  // A number, as Express passes it (a wrapped `res.set` sees the same value); `set` coerces it.
  this.set('Content-Length', Buffer.byteLength(body) as unknown as string)
  if (this.req.method === 'HEAD') this.end()
  else this.end(body)
}
