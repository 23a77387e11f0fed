// res.redirect([status,] url): Location plus a short negotiated body.
import type { Response } from '../../kernel/types'
import { deprecate } from '../../kernel/deprecate'
import { endRedirect, redirectBody } from './redirect-body'

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

  const body = redirectBody(this, address as string, status)
  this.statusCode = status
  endRedirect(this, body)
}
