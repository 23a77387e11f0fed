// res.clearCookie and res.vary as Express 5 has them.
import varyHeader from 'vary'
import type { Response } from '../../kernel/types'
import type { CookieOptions } from '../response/types'

/** The instant a cleared cookie expires at (the epoch, plus one millisecond). */
const EPOCH = 1

/**
 * Clears a cookie: an empty value that expired at the epoch. Pass the options it was set with
 * (path, domain…); `maxAge` and `expires` among them are ignored.
 */
export function clearCookie (this: Response, name: string, options?: CookieOptions): Response {
  const opts: CookieOptions = { path: '/', ...options, expires: new Date(EPOCH) }
  delete opts.maxAge
  return this.cookie(name, '', opts)
}

/**
 * Adds `field` (or each field of an array) to `Vary`, once.
 * @throws TypeError without a field.
 */
export function vary (this: Response, field: string | readonly string[]): Response {
  varyHeader(this, field as string | string[])
  return this
}
