// Router 2's automatic answer to an OPTIONS request that no handler answered.

/**
 * Answers with the methods the matched routes serve: each once, sorted, joined by `, `, in the
 * `Allow` header and as a plain-text body. Returns the error that stopped it, if any.
 */
export function sendOptions (res: any, methods: readonly string[]): unknown {
  try {
    const allow = [...new Set(methods)].sort().join(', ')
    res.setHeader('Allow', allow)
    res.setHeader('Content-Length', Buffer.byteLength(allow))
    res.setHeader('Content-Type', 'text/plain')
    res.setHeader('X-Content-Type-Options', 'nosniff')
    res.end(allow)
    return undefined
  } catch (err) {
    return err
  }
}
