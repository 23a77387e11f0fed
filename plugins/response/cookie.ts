// res.cookie and res.clearCookie: Set-Cookie lines through the cookie package.
import type * as Cookie from 'cookie'
import type * as CookieSignature from 'cookie-signature'
import type { Response } from '../../kernel/types'
import type { CookieOptions } from './types'
import { reporter } from '../../kernel/deprecate'

/** Prefix marking a cookie value as JSON (read back by cookie-parser). */
const JSON_PREFIX = 'j:'
/** Prefix marking a signed cookie value. */
const SIGNED_PREFIX = 's:'
/** The instant a cleared cookie expires at (the epoch, plus one millisecond as in Express). */
const EPOCH = 1

let cookieModule: typeof Cookie | undefined
let signatureModule: typeof CookieSignature | undefined

/** Reports the deprecated forms of this module's members at the user's call ({@link reporter}). */
const deprecate = reporter()

/** The secret cookie-parsing middleware left on the request, if any. */
function secretOf (res: Response): string | undefined {
  return (res.req as unknown as { secret?: string }).secret
}

/**
 * Sets a cookie. The options object is not modified.
 * @example res.cookie('cart', { items: 3 }, { maxAge: 900000, httpOnly: true })
 */
export function cookie (this: Response, name: string, value: unknown, options?: CookieOptions): Response {
  const opts: Record<string, unknown> = { ...options }
  const secret = secretOf(this)
  const signed = opts.signed
  if (signed && !secret) throw new Error('cookieParser("secret") required for signed cookies')

  let val = typeof value === 'object' ? JSON_PREFIX + JSON.stringify(value) : String(value)
  if (signed) {
    // cookie-signature, required by the first signed cookie.
    // eslint-disable-next-line @typescript-eslint/no-require-imports
    signatureModule ??= require('cookie-signature') as typeof CookieSignature
    val = SIGNED_PREFIX + signatureModule.sign(val, secret as string)
  }

  if (opts.maxAge != null) {
    const maxAge = Number(opts.maxAge)
    // A non-numeric maxAge is left for the serializer to refuse with a clear TypeError.
    if (!Number.isNaN(maxAge)) {
      opts.expires = new Date(Date.now() + maxAge)
      opts.maxAge = Math.floor(maxAge / 1000)
    }
  }
  if (opts.path == null) opts.path = '/'
  // The cookie package, required by the first cookie set.
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  cookieModule ??= require('cookie') as typeof Cookie
  return this.append('Set-Cookie', cookieModule.serialize(name, String(val), opts as Cookie.CookieSerializeOptions))
}

/** Clears a cookie: an empty value that expired at the epoch. Pass the options it was set with (path, domain…). */
export function clearCookie (this: Response, name: string, options?: CookieOptions): Response {
  if (options) {
    if (options.maxAge) {
      deprecate('res.clearCookie: Passing "options.maxAge" is deprecated. In v5.0.0 of Express, this option will be ignored, as res.clearCookie will automatically set cookies to expire immediately. Please update your code to omit this option.')
    }
    if (options.expires) {
      deprecate('res.clearCookie: Passing "options.expires" is deprecated. In v5.0.0 of Express, this option will be ignored, as res.clearCookie will automatically set cookies to expire immediately. Please update your code to omit this option.')
    }
  }
  return this.cookie(name, '', { expires: new Date(EPOCH), path: '/', ...options })
}
