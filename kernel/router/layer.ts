// One entry of a router's stack: a path matcher and the handler it guards.
import { pathToRegexp, type PathKey, type PathOptions } from '../internal/path-to-regexp'
import type { Route } from './route'
import { matchSegments, segmentPattern, type SegmentPattern } from './segment-pattern'
import type { PathParams } from '../types'

/** Characters that make a string path a pattern rather than a literal, in path-to-regexp 0.1. */
const PATTERN_CHARS = /[:*?()+[\]{}\\^$|]/
/** Regexp quantifiers path-to-regexp leaves as they are: they apply to the character before them. */
const QUANTIFIERS = '?+{'
/** Anything outside printable ASCII: such paths keep the regexp, whose case folding is Unicode's. */
const NON_ASCII = /[^\x20-\x7e]/

/**
 * Whether `path` starts with `prefix` (`prefix.length` characters), ignoring ASCII case when
 * `sensitive` is false. `prefix` is printable ASCII, so only ASCII letters can fold, exactly as
 * in a non-Unicode `i` regexp.
 */
function startsWithLiteral (path: string, prefix: string, sensitive: boolean): boolean {
  const n = prefix.length
  if (path.length < n) return false
  if (sensitive) return path.startsWith(prefix)
  for (let i = 0; i < n; i++) {
    const a = path.charCodeAt(i)
    const b = prefix.charCodeAt(i)
    if (a === b) continue
    const lower = a | 0x20
    if (lower !== (b | 0x20) || lower < 0x61 || lower > 0x7a) return false
  }
  return true
}

/**
 * How a string path can be tested without its regexp: a literal end-anchored path is a string
 * comparison (give or take the trailing slash path-to-regexp makes optional); a pattern gets the
 * literal text before its first token as a prefix every match must start with, so most paths
 * are rejected without running the regexp.
 */
interface LiteralTest {
  /** The end-anchored literal path, or undefined for patterns and prefixes. */
  exact: string | undefined
  /** Also match `exact` with its trailing slash dropped (it ends with `/`) or added (it does not). */
  optionalSlash: boolean
  /** Text every matching path starts with ('' when nothing is known), and its lowercase. */
  prefix: string
  lowerPrefix: string
  sensitive: boolean
  /** The number of `/` in every match (an optional trailing slash not counted), or -1 when it varies. */
  slashes: number
  /** The match may end with one more `/` than `slashes` counts (a non-strict end-anchored path). */
  trailingSlash: boolean
}

/** Tokens that can match a `/` or change how many a match has: stars, optional parts, groups, raw regexp syntax. */
const VARIABLE_SLASHES = /[*?()+[\]{}\\^$|]/

/**
 * How many `/` every match of an end-anchored pattern has: its parameters (`:name`, after a
 * `/`, a `.` or other text) match no `/`, so only the literal slashes count, plus the trailing
 * slash a non-strict path makes optional. -1 when tokens can match slashes or make them optional.
 */
function slashesOf (path: string, opts: PathOptions): number {
  if (opts.end === false || VARIABLE_SLASHES.test(path)) return -1
  const counted = !opts.strict && path.endsWith('/') ? path.slice(0, -1) : path
  let n = 0
  for (let i = 0; i < counted.length; i++) if (counted.charCodeAt(i) === 0x2f) n++
  return n
}

function literalTest (path: PathParams, opts: PathOptions): LiteralTest | undefined {
  if (typeof path !== 'string' || NON_ASCII.test(path)) return undefined
  const sensitive = Boolean(opts.sensitive)
  if (!PATTERN_CHARS.test(path)) {
    // path-to-regexp escapes only `.` in such a path; the rest is literal text.
    if (opts.end === false) return prefixTest(path.endsWith('/') ? path.slice(0, -1) : path, sensitive)
    // Every path the literal matches starts with it (without the slash that may be dropped).
    const prefix = !opts.strict && path.endsWith('/') ? path.slice(0, -1) : path
    return { exact: path, optionalSlash: !opts.strict, prefix, lowerPrefix: prefix.toLowerCase(), sensitive, slashes: -1, trailingSlash: false }
  }
  // A top-level `|` splits the whole regexp into alternatives: nothing is known then.
  if (path.indexOf('|') !== -1) return undefined
  // Up to the first token (before the character a quantifier makes optional); a `/`, `.` or `/.`
  // right before it may belong to an optional parameter.
  let cut = path.search(PATTERN_CHARS)
  if (QUANTIFIERS.includes(path[cut])) cut--
  let prefix = path.slice(0, cut)
  if (prefix.endsWith('.')) prefix = prefix.slice(0, -1)
  if (prefix.endsWith('/')) prefix = prefix.slice(0, -1)
  const slashes = slashesOf(path, opts)
  if (prefix.length <= 1 && slashes === -1) return undefined
  return prefixTest(prefix.length > 1 ? prefix : '', sensitive, slashes, slashes !== -1 && !opts.strict)
}

function prefixTest (prefix: string, sensitive: boolean, slashes = -1, trailingSlash = false): LiteralTest {
  return { exact: undefined, optionalSlash: false, prefix, lowerPrefix: prefix.toLowerCase(), sensitive, slashes, trailingSlash }
}

/**
 * A cheap test a router runs before `layer.match`: true when `path` cannot match because it
 * lacks the layer's literal prefix. `lowerPath` is `path.toLowerCase()` (for case-insensitive
 * layers): the prefix is ASCII, and a non-ASCII character never matches an ASCII one in a
 * non-Unicode `i` regexp, so a path the regexp accepts always passes (this never wrongly rejects).
 */
export function lacksPrefix (layer: Layer, path: string, lowerPath: string): boolean {
  const literal = layer.literalTest()
  if (literal === undefined) return false
  return literal.sensitive ? lacks(path, literal.prefix) : lacks(lowerPath, literal.lowerPrefix)
}

/**
 * The shape of a request path for {@link lacksSlashes}: twice its number of `/`, plus one when it
 * ends with `/`. The slashes before `from`, when already known, are given as `counted`.
 */
export function pathShape (path: string, from = 0, counted = 0): number {
  let n = counted
  for (let i = from; i < path.length; i++) if (path.charCodeAt(i) === 0x2f) n++
  return n * 2 + (path.charCodeAt(path.length - 1) === 0x2f ? 1 : 0)
}

/**
 * A second cheap test before `layer.match`: true when a path of this shape ({@link pathShape})
 * has more or fewer `/` than every match of the layer's pattern (`/api/users/:id` never matches
 * `/api/users/1/notes`). Never true for a path the regexp accepts.
 */
export function lacksSlashes (layer: Layer, shape: number): boolean {
  const literal = layer.literalTest()
  if (literal === undefined || literal.slashes === -1) return false
  const slashes = shape >> 1
  return slashes !== literal.slashes && !(literal.trailingSlash && (shape & 1) === 1 && slashes - 1 === literal.slashes)
}

/** Whether `subject` does not start with `prefix` ('' never lacks). */
function lacks (subject: string, prefix: string): boolean {
  const last = prefix.length - 1
  if (last < 0) return false
  // The prefix's last character first: it tells most prefixes of a route table apart, and costs
  // far less than a full comparison (`startsWith` is a slow builtin call in V8).
  if (subject.length <= last || subject.charCodeAt(last) !== prefix.charCodeAt(last)) return true
  return !subject.startsWith(prefix)
}

/** Whether `path` equals the literal `exact`, as its end-anchored regexp would decide. */
function matchesExact (path: string, test: LiteralTest): boolean {
  const exact = test.exact!
  const n = exact.length
  if (path.length === n) return startsWithLiteral(path, exact, test.sensitive)
  if (!test.optionalSlash) return false
  if (exact[n - 1] === '/') return path.length === n - 1 && startsWithLiteral(path, exact.slice(0, -1), test.sensitive)
  return path.length === n + 1 && path[n] === '/' && startsWithLiteral(path, exact, test.sensitive)
}

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
 * A stack entry. Its own fields (`handle`, `name`, `params`, `path`, `keys`, `regexp`, and
 * `route` or `method` where Express sets them) are Express 4's, in Express's order: route
 * listers, monitoring tools and patches such as express-async-errors read and write them.
 * `regexp` is the source of truth for matching: the shortcuts below were derived from the path
 * the regexp was compiled from, and are used only while `regexp` is still that regexp.
 */
export class Layer {
  // Declared, not defined: assigned in the constructor as Express assigns them, so an accessor a
  // tool puts on `Layer.prototype` (express-async-errors' `handle`) sees the assignment.
  declare handle: AnyHandler
  declare name: string
  declare params: Record<string, string | undefined> | undefined
  declare path: string | undefined
  declare keys: PathKey[]
  declare regexp: LayerRegExp
  /** Set on the layer that carries a route (router.route), undefined for middleware. */
  declare route: Route | undefined
  /** Set on a route's own layers: the lowercase method it serves, undefined for `all`. */
  declare method: string | undefined
  /** The regexp the shortcuts were derived with. */
  #compiled: RegExp
  /** How to decide (literal paths) or pre-filter (patterns) a match without the regexp; undefined: always the regexp. */
  #literal: LiteralTest | undefined
  /** Set when the path is whole segments of text and `:name`: matched by walking the path, without the regexp. */
  #segments: SegmentPattern | undefined
  /** `handle.length`, remembered for the function it was read from (reading a function's length is slow in V8). */
  #arityOf: AnyHandler | undefined = undefined
  #arity = 0

  constructor (path: PathParams, options: PathOptions, fn: AnyHandler) {
    this.handle = fn
    this.name = fn.name || '<anonymous>'
    this.params = undefined
    this.path = undefined
    const opts = options || {}
    const keys: PathKey[] = this.keys = []
    this.regexp = withoutBacktracking(pathToRegexp(path as string, keys, opts), path) as LayerRegExp
    this.regexp.fast_star = path === '*'
    this.regexp.fast_slash = path === '/' && opts.end === false
    this.#compiled = this.regexp
    this.#literal = this.regexp.fast_slash || this.regexp.fast_star ? undefined : literalTest(path, opts)
    this.#segments = segmentPattern(path, opts)
  }

  /**
   * The literal test of the path `regexp` was compiled from, while `regexp` is still that one, with
   * neither fast flag set since (they make it match every path), and the layer matches with the
   * kernel's own `match` (a replaced one decides alone). Internal.
   */
  literalTest (): LiteralTest | undefined {
    const regexp = this.regexp
    return regexp === this.#compiled && !regexp.fast_slash && !regexp.fast_star && this.match === kernelMatch ? this.#literal : undefined
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
      const derived = regexp === this.#compiled
      const literal = derived ? this.#literal : undefined
      const segments = derived ? this.#segments : undefined
      if (literal !== undefined && literal.exact !== undefined) {
        if (matchesExact(path, literal)) {
          // The whole path is the match, and a literal has no parameters.
          this.params = {}
          this.path = path
          return true
        }
      } else if (segments !== undefined) {
        if (matchSegments(segments, path)) return this.#setSegmentParams(path, segments)
      } else if (literal === undefined || startsWithLiteral(path, literal.prefix, literal.sensitive)) {
        match = regexp.exec(path)
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

  /** Sets `params` from the value bounds {@link matchSegments} found, and `path` to the whole path. */
  #setSegmentParams (path: string, segments: SegmentPattern): boolean {
    const bounds = segments.bounds
    const keys = this.keys
    this.path = path
    // The pattern's own factory, while `keys` (public: tools may edit it) still names its parameters.
    if (segments.makeParams !== undefined && sameNames(keys, segments.names)) {
      this.params = segments.makeParams(path, bounds, decodeParam)
      return true
    }
    const params: Record<string, string | undefined> = {}
    this.params = params
    // One value per capture, named by `keys` as the regexp's would be; every value is defined, so
    // a later parameter of the same name wins, as in the loop above.
    for (let i = 0; i < segments.names.length; i++) params[keys[i].name] = decodeParam(path.slice(bounds[2 * i], bounds[2 * i + 1]))
    return true
  }
}

/** `Layer.prototype.match` as the kernel made it, to notice a tool's replacement. */
export const kernelMatch = Layer.prototype.match

/** Whether `keys` names exactly `names`, in order. */
function sameNames (keys: readonly PathKey[], names: readonly string[]): boolean {
  if (keys.length !== names.length) return false
  for (let i = 0; i < names.length; i++) {
    if (keys[i].name !== names[i]) return false
  }
  return true
}

// Express 4's function behind `handle_request` is named `handle`, so stack frames read
// `Layer.handle [as handle_request]`; tools that inspect stacks look for that frame
// (express-rate-limit, to warn about a limiter created inside a request handler).
Object.defineProperty(Layer.prototype.handle_request, 'name', { value: 'handle' })
