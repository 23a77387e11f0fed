// req.xhr: whether the request was made by a script (X-Requested-With: XMLHttpRequest).
/// <reference types="node" preserve="true" />
import type { IncomingMessage } from 'http'

const XML_HTTP_REQUEST = 'xmlhttprequest'

/** `true` when `X-Requested-With` is `XMLHttpRequest`, in any case. */
export function xhr (this: IncomingMessage): boolean {
  const value = this.headers['x-requested-with']
  return typeof value === 'string' && value.toLowerCase() === XML_HTTP_REQUEST
}
