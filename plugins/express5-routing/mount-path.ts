// What router 2.3 puts back on `req.url` after a middleware: the separator survives a rewrite.
import { MountPath } from '../../kernel/internal/mount-path'

/**
 * The kernel's {@link MountPath}, as router 2.3 leaves a middleware: the `/` added in front of
 * what the middleware was given is taken off again only while it still stands alone before
 * the query (`/`, `/?q`), or doubles the removed path's final `/`. A middleware that rewrote
 * `req.url` to `/x/` keeps its slash (`/m/x/`, not `/mx/`), and one that wrote `x` or `?a=1`
 * keeps its first character.
 */
export class Router2MountPath extends MountPath {
  override leave (req: { url: string, baseUrl?: string }): void {
    if (this.slashAdded && !addedSlashStands(req.url, this.removed)) this.slashAdded = false
    super.leave(req)
  }
}

/** Whether a leading `/` of `url` is the one added after `removed`, to take off before putting `removed` back. */
function addedSlashStands (url: unknown, removed: string): boolean {
  if (typeof url !== 'string' || url[0] !== '/') return false
  return url.length === 1 || url[1] === '?' || removed[removed.length - 1] === '/'
}
