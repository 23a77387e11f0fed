// One entry of a router's stack: a path matcher and the handler it guards.
import { pathToRegexp, type PathKey, type PathOptions } from '../internal/path-to-regexp'
import type { Route } from './route'
import type { PathParams } from '../types'

/** Characters that make a string path a pattern rather than a literal, in path-to-regexp 0.1. */
const PATTERN_CHARS = /[:*?()+[\]{}\\^$|]/

/** The regexp of a layer, with Express 4's fast-path flags (read by tools, so they stay). */
export interface LayerRegExp extends RegExp {
  fast_slash: boolean
  fast_star: boolean
}

type AnyHandler = (...args: any[]) => unknown

/** Builds an error for a parameter that cannot be URI-decoded: a client error, never a crash. */
function decodeParam (value: string | undefined): string | undefined {
  if (typeof value !== 'string' || value.length === 0 || value.indexOf('%') === -1) return value
  try {
    return decodeURIComponent(value)
  } catch (err) {
    if (err instanceof URIError) {
      const error = err as URIError & { status?: number, statusCode?: number }
      error.message = `Failed to decode param '${value}'`
      error.status = error.statusCode = 400
    }
    throw err
  }
}

/**
 * A stack entry. Its shape (`handle`, `name`, `params`, `path`, `keys`, `regexp`,
 * `route`, `method`) is Express 4's, because route listers and monitoring tools read it.
 */
export class Layer {
  handle: AnyHandler
  name: string
  params: Record<string, string | undefined> | undefined
  path: string | undefined
  keys: PathKey[]
  regexp: LayerRegExp
  /** Set on the layer that carries a route (router.route), undefined for middleware. */
  route: Route | undefined
  /** Set on a route's own layers: the lowercase method it serves, undefined for `all`. */
  method: string | undefined
  /** Length of a literal path pattern (no parameters), used to reject most paths without a regexp run. */
  private readonly literalLength: number

  constructor (path: PathParams, options: PathOptions, fn: AnyHandler) {
    this.handle = fn
    this.name = fn.name || '<anonymous>'
    this.params = undefined
    this.path = undefined
    this.route = undefined
    this.method = undefined
    this.keys = []
    const opts = options || {}
    this.regexp = pathToRegexp(path as string, this.keys, opts) as LayerRegExp
    this.regexp.fast_star = path === '*'
    this.regexp.fast_slash = path === '/' && opts.end === false
    // A literal end-anchored path matches only paths of its length, give or take a trailing slash.
    this.literalLength = typeof path === 'string' && opts.end !== false && !PATTERN_CHARS.test(path) ? path.length : -1
  }

  /** Runs the handler as error middleware: only four-parameter functions handle errors. */
  handle_error (error: unknown, req: unknown, res: unknown, next: (err?: unknown) => void): void {
    const fn = this.handle
    if (fn.length !== 4) {
      next(error)
      return
    }
    try {
      fn(error, req, res, next)
    } catch (err) {
      next(err)
    }
  }

  /** Runs the handler as request middleware: four-parameter functions are skipped. */
  handle_request (req: unknown, res: unknown, next: (err?: unknown) => void): void {
    const fn = this.handle
    if (fn.length > 3) {
      next()
      return
    }
    try {
      fn(req, res, next)
    } catch (err) {
      next(err)
    }
  }

  /** Tests a pathname; on success sets `params` and `path` (the matched part). Throws 400 errors on bad encoding. */
  match (path: string | undefined | null): boolean {
    let match: RegExpExecArray | null = null
    if (path != null) {
      if (this.regexp.fast_slash) {
        this.params = {}
        this.path = ''
        return true
      }
      if (this.regexp.fast_star) {
        this.params = { 0: decodeParam(path) }
        this.path = path
        return true
      }
      const literal = this.literalLength
      if (literal === -1 || (path.length - literal <= 1 && literal - path.length <= 1)) {
        match = this.regexp.exec(path)
      }
    }
    if (!match) {
      this.params = undefined
      this.path = undefined
      return false
    }
    const params: Record<string, string | undefined> = {}
    this.params = params
    this.path = match[0]
    const keys = this.keys
    for (let i = 1; i < match.length; i++) {
      const prop = keys[i - 1].name
      const val = decodeParam(match[i])
      if (val !== undefined || !Object.prototype.hasOwnProperty.call(params, prop)) {
        params[prop] = val
      }
    }
    return true
  }
}
