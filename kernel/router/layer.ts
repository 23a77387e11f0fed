// One entry of a router's stack: a path matcher and the handler it guards.
import { pathToRegexp, type PathKey, type PathOptions } from '../internal/path-to-regexp'
import type { Route } from './route'
import type { PathParams } from '../types'

/** The regexp of a layer, with Express 4's fast-path flags (read by tools, so they stay). */
export interface LayerRegExp extends RegExp {
  fast_slash: boolean
  fast_star: boolean
}

type AnyHandler = (...args: any[]) => unknown

/** Decodes a parameter; one that cannot be URI-decoded throws a 400 error: a client error, never a crash. */
export function decodeParam (value: string | undefined): string | undefined {
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
 * A lazy parameter as path-to-regexp 0.1 writes it in a regexp's source: `([^/]+?)`, `([^/\.]+?)`
 * after a `.`, or `((?:(?!\/|<text>).)+?)` after other literal text. Group 1: the one-character
 * class; group 2: the parenthesis closing the capture, the wrapper's, and its `?` if optional.
 */
const LAZY_PARAM = String.raw`\((\[\^\/\]|\[\^\/\\\.\]|\(\?:\(\?!\\\/\|(?:[^()\\]|\\.)*\)\.\))\+\?(\)\)\??)`
/** A parameter right before another (`/:a:b`): every extra character it took, the next one could take. */
const PARAM_BEFORE_PARAM = new RegExp(LAZY_PARAM + String.raw`(?=\(\?:\(\[\^\/\]\+\?\))`, 'g')
/** A `*` with nothing after it but the optional slash and the end: it always matches, nothing backtracks. */
const STAR_AT_END = String.raw`\(\.\*\)(?:\\\/\?)?(?:\$|\(\?=\\\/\|\$\)|\(\?:\\\/\|\$\))?$`
/** A parameter, literal text (not starting with `/`), then a `*` followed by more pattern (`/:a-*-:b`). */
const PARAM_BEFORE_STAR = new RegExp(LAZY_PARAM + String.raw`(?!\\\/)((?:[^()[\]{}|?*+^$\\]|\\.)+)(?=\(\.\*\))(?!` + STAR_AT_END + ')', 'g')

/**
 * Rewrites the two path-to-regexp 0.1 shapes whose regexps backtrack polynomially (ReDoS) into
 * equivalent ones that run in linear time; path-to-regexp 0.1.12 already guards `/:a-:b`.
 * - `/:a:b` (and `/:a:b:c`, `/:a?:b?`): a lazy parameter directly before another can take one
 *   character only, since the next one absorbs whatever more it could take (same captures).
 * - `/:a-*-:b`: a lazy parameter before literal text and a `*` can stop at the first occurrence of
 *   that text, since the `*` absorbs whatever more it could take (same captures).
 * RegExp paths are the user's own and are left alone.
 */
function withoutBacktracking (regexp: RegExp, path: PathParams): RegExp {
  if (path instanceof RegExp) return regexp
  const source = regexp.source
    .replace(PARAM_BEFORE_PARAM, (_, cls: string, closers: string) => '(' + cls + closers)
    .replace(PARAM_BEFORE_STAR, (_, cls: string, closers: string, text: string) =>
      '(' + cls + '(?:(?!' + text + ')' + cls + ')*?' + closers + text)
  return source === regexp.source ? regexp : new RegExp(source, regexp.flags)
}

/**
 * Where a router's matcher keeps what it derived from a layer's path (see `matchers/matcher.ts`):
 * a private field of the layer, so tools that list, compare or print layers never see it.
 * `read` gives undefined for anything that is not a kernel layer (a hole, a tool's own object).
 */
export let matcherMemo: { read (layer: unknown): unknown, write (layer: Layer, memo: unknown): void }

/** The path a layer was added with, as given (a private field: tools never see it), for tracing; `unsetPath` for `use(fn)`. */
export let addedPath: (layer: Layer) => PathParams | undefined
export let unsetPath: (layer: Layer) => void

/**
 * A stack entry. Its own fields (`handle`, `name`, `params`, `path`, `keys`, `regexp`, and
 * `route` or `method` where Express sets them) are Express 4's, in Express's order: route
 * listers, monitoring tools and patches such as express-async-errors read and write them.
 * `regexp` is the source of truth for matching: `match` reads it, as Express's does.
 */
export interface Layer {
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
  /** Runs the handler as error middleware: only four-parameter functions handle errors. */
  handle_error (error: unknown, req: unknown, res: unknown, next: (err?: unknown) => void): void
  /** Runs the handler as request middleware: four-parameter functions are skipped. */
  handle_request (req: unknown, res: unknown, next: (err?: unknown) => void): void
  /** Tests a pathname; on success sets `params` and `path` (the matched part). Throws 400 errors on bad encoding. */
  match (path: string | undefined | null): boolean
}

/** The Layer class: `new Layer(path, options, fn)`, and the prototype tools patch. */
export interface LayerConstructor {
  new (path: PathParams, options: PathOptions, fn: AnyHandler): Layer
  readonly prototype: Layer
}

// The class is declared by the two interfaces above: the declarations of a class with private
// fields carry `#private`, which consumers compiling for a target before ES2015 cannot read.
export const Layer: LayerConstructor = class Layer {
  // Declared, not defined: assigned in the constructor as Express assigns them, so an accessor a
  // tool puts on `Layer.prototype` (express-async-errors' `handle`) sees the assignment.
  declare handle: AnyHandler
  declare name: string
  declare params: Record<string, string | undefined> | undefined
  declare path: string | undefined
  declare keys: PathKey[]
  declare regexp: LayerRegExp
  declare route: Route | undefined
  declare method: string | undefined
  /** `handle.length`, remembered for the function it was read from (reading a function's length is slow in V8). */
  #arityOf: AnyHandler | undefined = undefined
  #arity = 0
  #matcherMemo: unknown = undefined
  #addedPath: PathParams | undefined

  static {
    matcherMemo = {
      read: (layer) => typeof layer === 'object' && layer !== null && #matcherMemo in layer ? layer.#matcherMemo : undefined,
      write: (layer, memo) => { (layer as Layer).#matcherMemo = memo }
    }
    addedPath = (layer) => #addedPath in layer ? layer.#addedPath : undefined
    unsetPath = (layer) => { (layer as Layer).#addedPath = undefined }
  }

  constructor (path: PathParams, options: PathOptions, fn: AnyHandler) {
    this.handle = fn
    this.name = fn.name || '<anonymous>'
    this.#addedPath = path
    this.params = undefined
    this.path = undefined
    const opts = options || {}
    const keys: PathKey[] = this.keys = []
    this.regexp = withoutBacktracking(pathToRegexp(path as string, keys, opts), path) as LayerRegExp
    this.regexp.fast_star = path === '*'
    this.regexp.fast_slash = path === '/' && opts.end === false
  }

  /** The number of declared parameters of the current `handle` (tools may replace `handle`: it is re-read then). */
  #handleArity (fn: AnyHandler): number {
    if (fn !== this.#arityOf) {
      this.#arity = fn.length
      this.#arityOf = fn
    }
    return this.#arity
  }

  /** Runs the handler as error middleware: only four-parameter functions handle errors. */
  handle_error (error: unknown, req: unknown, res: unknown, next: (err?: unknown) => void): void {
    const fn = this.handle
    if (this.#handleArity(fn) !== 4) {
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
    if (this.#handleArity(fn) > 3) {
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
      const regexp = this.regexp
      if (regexp.fast_slash) {
        this.params = {}
        this.path = ''
        return true
      }
      if (regexp.fast_star) {
        this.params = { 0: decodeParam(path) }
        this.path = path
        return true
      }
      match = regexp.exec(path)
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

/** `Layer.prototype.match` as the kernel made it, to notice a tool's replacement. */
export const kernelMatch = Layer.prototype.match

// Express 4's function behind `handle_request` is named `handle`, so stack frames read
// `Layer.handle [as handle_request]`; tools that inspect stacks look for that frame
// (express-rate-limit, to warn about a limiter created inside a request handler).
Object.defineProperty(Layer.prototype.handle_request, 'name', { value: 'handle' })
