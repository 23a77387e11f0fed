// The automatic OPTIONS reply: `Allow` and the same list as the body.
import type { NextCallback } from '../types'

/**
 * Answers an OPTIONS request with the methods the matched routes serve. Uses the response
 * helpers when a plugin installed them (so ETag and Content-Type match the rest of the app),
 * and plain node otherwise.
 */
export function sendOptions (res: any, options: string[], next: NextCallback): void {
  try {
    const body = options.join(',')
    if (typeof res.set === 'function' && typeof res.send === 'function') {
      res.set('Allow', body)
      res.send(body)
      return
    }
    res.setHeader('Allow', body)
    res.setHeader('Content-Type', 'text/plain; charset=utf-8')
    res.setHeader('Content-Length', Buffer.byteLength(body))
    res.end(body)
  } catch (err) {
    next(err)
  }
}
