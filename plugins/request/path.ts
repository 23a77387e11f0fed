// req.path: the path part of the URL, without the mount point inside a mounted router.
/// <reference types="node" preserve="true" />
import parseUrl from 'parseurl'
import type { IncomingMessage } from 'http'

/** The pathname of `req.url` (so, inside a mounted app or router, without its mount path). */
export function path (this: IncomingMessage): string | undefined {
  const url = parseUrl(this)
  return url ? (url.pathname ?? undefined) : undefined
}
