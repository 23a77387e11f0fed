// What a string path tells about its matches without its regexp: a literal path is a string
// comparison; a pattern has a literal prefix and, often, a fixed number of slashes.
import type { PathOptions } from '../../../internal/path-to-regexp'
import type { PathParams } from '../../../types'

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
export function startsWithLiteral (path: string, prefix: string, sensitive: boolean): boolean {
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
export interface LiteralTest {
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

export function literalTest (path: PathParams, opts: PathOptions): LiteralTest | undefined {
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
 * A cheap test before `layer.match`: true when `path` cannot match because it lacks the
 * literal prefix. `lowerPath` is `path.toLowerCase()` (for case-insensitive
 * layers): the prefix is ASCII, and a non-ASCII character never matches an ASCII one in a
 * non-Unicode `i` regexp, so a path the regexp accepts always passes (this never wrongly rejects).
 */
export function lacksPrefix (literal: LiteralTest | undefined, path: string, lowerPath: string): boolean {
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
export function lacksSlashes (literal: LiteralTest | undefined, shape: number): boolean {
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
export function matchesExact (path: string, test: LiteralTest): boolean {
  const exact = test.exact!
  const n = exact.length
  if (path.length === n) return startsWithLiteral(path, exact, test.sensitive)
  if (!test.optionalSlash) return false
  if (exact[n - 1] === '/') return path.length === n - 1 && startsWithLiteral(path, exact.slice(0, -1), test.sensitive)
  return path.length === n + 1 && path[n] === '/' && startsWithLiteral(path, exact, test.sensitive)
}
