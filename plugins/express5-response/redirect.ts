// res.location(url) and res.redirect([status,] url) as Express 5 has them: no 'back', status first.
/// <reference types="node" preserve="true" />
import encodeUrl from 'encodeurl'
import type { Response } from '../../kernel/types'
import { reporter } from '../../kernel/deprecate'
import { endRedirect, redirectBody, type RedirectHtml } from '../response/redirect-body'

/** The status of a redirect when none is given. */
const DEFAULT_REDIRECT_STATUS = 302

/** Reports the deprecated forms of this module's members at the user's call ({@link reporter}). */
const deprecate = reporter()

/** Sets `Location` to `url`, encoding characters not allowed in a URL (existing escapes are kept). */
export function location (this: Response, url: string | URL): Response {
  return this.set('Location', encodeUrl(String(url)))
}

/** Express 5.3's HTML redirect: a document titled with the status message, the paragraph its body. */
const htmlDocument: RedirectHtml = (message, line) =>
  `<!DOCTYPE html><head><title>${message}</title></head><body>${line}</body>`

/**
 * Redirects to `url` (encoded into `Location`), with status 302 or the one given first. The
 * body says where, as text or as an HTML document (titled with the status message) with the URL
 * escaped, or is empty for other types; HEAD gets no body.
 * @throws as `res.status` does for an invalid status.
 */
export function redirect (this: Response, statusOrUrl: number | string, url?: string): void {
  let address: unknown = statusOrUrl
  let status: unknown = DEFAULT_REDIRECT_STATUS
  if (arguments.length === 2) {
    status = statusOrUrl
    address = url
  }
  if (!address) deprecate('Provide a url argument')
  if (typeof address !== 'string') deprecate('Url must be a string')
  if (typeof status !== 'number') deprecate('Status must be a number')

  const body = redirectBody(this, address as string, status, htmlDocument)
  this.status(status as number)
  endRedirect(this, body)
}
