// One entry of a router 2 stack (or of a route's): the path it answers and the handler it guards.
import { compilePath, type Path, type PathMatcher, type PathOptions } from './path-matcher'
import { settle } from './settle'
import { handlerContext, traceHandler, tracing } from './tracing'
import type { Route } from './route'

type AnyHandler = (...args: any[]) => unknown
type Next = (err?: unknown) => void

/** What `layer.match` found: the parameters, the matched part of the path, the parameters' names, and which path matched. */
export interface LayerMatch {
  params: Record<string, string | string[]>
  path: string
  /** The names of `params`, in the order the match found them. */
  keys: string[]
  /** The path (of an array, the one) that matched, as given: a string or a RegExp. */
  pattern: unknown
}

/**
 * A stack entry, with router 2.3's fields: `handle`, `name`, `rawPath` (the path as given, an array flattened),
 * `slash` (middleware on `/`, which matches every path), `matchers` (one per path of an array),
 * and `route` or `method` where the router sets them. A match's results are returned to the
 * request that asked, never kept on the layer.
 */
export class Layer {
  handle: AnyHandler
  name: string
  /** The path the layer was made with, as given (an array stays an array). */
  rawPath: unknown
  slash: boolean
  matchers: PathMatcher[]
  /** Set on the layer that carries a route (router.route), undefined for middleware (router.use). */
  declare route?: Route | undefined
  /** Set on a route's own layers: the lowercase method it serves, undefined for `all`. */
  declare method?: string | undefined

  constructor (path: Path, options: PathOptions, fn: AnyHandler) {
    const opts = options || {}
    this.handle = fn
    this.name = fn.name || '<anonymous>'
    // An array of paths is flattened (nested arrays too) and copied, one matcher per path.
    const rawPath = Array.isArray(path) ? (path as unknown[]).flat(Infinity) as Path : path
    this.rawPath = rawPath
    this.slash = path === '/' && opts.end === false
    this.matchers = compilePath(rawPath, opts)
  }

  /** Runs the handler as error middleware (only four-parameter functions handle errors); a rejected promise reaches `next`. Traced when the channel has subscribers. */
  handleError (error: unknown, req: unknown, res: unknown, next: Next): void {
    const fn = this.handle
    if (fn.length !== 4) {
      next(error)
      return
    }
    if (tracing()) {
      traceHandler(handlerContext(this, req, res, { error }), next, (traced) => fn(error, req, res, traced))
      return
    }
    try {
      settle(fn(error, req, res, next), next, 'handlers')
    } catch (err) {
      next(err)
    }
  }

  /**
   * Runs the handler as request middleware (four-parameter functions are skipped); a rejected
   * promise reaches `next`. The layer of a route is not traced: the route's handlers are.
   */
  handleRequest (req: unknown, res: unknown, next: Next): void {
    const fn = this.handle
    if (fn.length > 3) {
      next()
      return
    }
    if (!this.route && tracing()) {
      traceHandler(handlerContext(this, req, res), next, (traced) => fn(req, res, traced))
      return
    }
    try {
      settle(fn(req, res, next), next, 'handlers')
    } catch (err) {
      next(err)
    }
  }

  /**
   * Tests a pathname with each of its paths in turn: what matched, or false. Throws a 400 error
   * when a parameter cannot be URI-decoded.
   */
  match (path: string | null | undefined): LayerMatch | false {
    if (path == null) return false
    if (this.slash) return { params: {}, path: '', keys: [], pattern: this.rawPath }
    const matchers = this.matchers
    for (let i = 0; i < matchers.length; i++) {
      const found = matchers[i](path)
      if (found) {
        const rawPath = this.rawPath
        return {
          params: found.params,
          path: found.path,
          keys: Object.keys(found.params),
          pattern: Array.isArray(rawPath) ? rawPath[i] : rawPath
        }
      }
    }
    return false
  }
}
