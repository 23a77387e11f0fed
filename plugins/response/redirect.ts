// res.redirect([status,] url): Location plus a short negotiated body.
import type { Response } from '../../kernel/types'
import { reporter } from '../../kernel/deprecate'
import { enterOuterReporter, leaveOuterReporter } from '../shared/outer-reporter'
import type * as RedirectBody from './redirect-body'

let redirectBodyModule: typeof RedirectBody | undefined

/** The status of a redirect when none is given. */
const DEFAULT_REDIRECT_STATUS = 302

/** Reports the deprecated forms of this module's members at the user's call ({@link reporter}). */
const deprecate = reporter()

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
      deprecate('res.redirect(url, status): Use res.redirect(status, url) instead')
      status = statusOrUrl as number
    }
  }

  // The body's negotiation, required by the first redirect.
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  redirectBodyModule ??= require('./redirect-body') as typeof RedirectBody
  // res.location('back') reports at the line that called res.redirect.
  const outer = enterOuterReporter(deprecate)
  let body: string
  try {
    body = redirectBodyModule.redirectBody(this, address as string, status)
  } finally {
    leaveOuterReporter(outer)
  }
  this.statusCode = status
  redirectBodyModule.endRedirect(this, body)
}
