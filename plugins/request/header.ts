// req.get(name) / req.header(name): a request header by case-insensitive name.
/// <reference types="node" preserve="true" />
import type { IncomingMessage } from 'http'

/**
 * The value of request header `name`, matched case-insensitively; `Referer` and
 * `Referrer` answer for each other. `undefined` when absent.
 *
 * @throws TypeError when `name` is missing or not a string.
 */
export function get (this: IncomingMessage, name: string): string | string[] | undefined {
  if (!name) throw new TypeError('name argument is required to req.get')
  if (typeof name !== 'string') throw new TypeError('name must be a string to req.get')
  const lc = name.toLowerCase()
  if (lc === 'referer' || lc === 'referrer') {
    return (this.headers.referrer as string | undefined) || this.headers.referer
  }
  return this.headers[lc]
}
