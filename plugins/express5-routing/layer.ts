// One entry of a router 2 stack (or of a route's): the path it answers and the handler it guards.
import { compilePath, type Path, type PathMatcher, type PathOptions } from './path-matcher'
import { settle } from './settle'
import type { Route } from './route'

type AnyHandler = (...args: any[]) => unknown
type Next = (err?: unknown) => void

/**
 * A stack entry, with router 2's fields: `handle`, `name`, `params` and `path` (of the last
 * match), `keys` (the names of the last match's params), `slash` (middleware on `/`, which
 * matches every path), `matchers` (one per path of an array), and `route` or `method` where the
 * router sets them.
 */
export class Layer {
  handle: AnyHandler
  keys: string[]
  name: string
  params: Record<string, string | string[]> | undefined
  path: string | undefined
  slash: boolean
  matchers: PathMatcher[]
  /** Set on the layer that carries a route (router.route), undefined for middleware. */
  route?: Route | undefined
  /** Set on a route's own layers: the lowercase method it serves, undefined for `all`. */
  method?: string | undefined

  constructor (path: Path, options: PathOptions, fn: AnyHandler) {
    const opts = options || {}
    this.handle = fn
    this.keys = []
    this.name = fn.name || '<anonymous>'
    this.params = undefined
    this.path = undefined
    this.slash = path === '/' && opts.end === false
    this.matchers = compilePath(path, opts)
  }

  /** Runs the handler as error middleware (only four-parameter functions handle errors); a rejected promise reaches `next`. */
  handleError (error: unknown, req: unknown, res: unknown, next: Next): void {
    const fn = this.handle
    if (fn.length !== 4) {
      next(error)
      return
    }
    try {
      settle(fn(error, req, res, next), next, 'handlers')
    } catch (err) {
      next(err)
    }
  }

  /** Runs the handler as request middleware (four-parameter functions are skipped); a rejected promise reaches `next`. */
  handleRequest (req: unknown, res: unknown, next: Next): void {
    const fn = this.handle
    if (fn.length > 3) {
      next()
      return
    }
    try {
      settle(fn(req, res, next), next, 'handlers')
    } catch (err) {
      next(err)
    }
  }

  /** Tests a pathname with each of its paths in turn; on success sets `params`, `path` and `keys`. Throws 400 errors on bad encoding. */
  match (path: string | null | undefined): boolean {
    if (path != null && this.slash) {
      this.params = {}
      this.path = ''
      return true
    }
    let found: ReturnType<PathMatcher> = false
    if (path != null) {
      for (let i = 0; i < this.matchers.length && !found; i++) found = this.matchers[i](path)
    }
    if (!found) {
      this.params = undefined
      this.path = undefined
      return false
    }
    this.params = found.params
    this.path = found.path
    this.keys = Object.keys(found.params)
    return true
  }
}
