// Router 2's paths: path-to-regexp 8 strings (`:name`, `*name`, `{…}`), regular expressions, and arrays of them.
import { match, parse, type Token } from 'path-to-regexp-8'
import { FOLDS_ALIKE, segmentWalker } from './segment-walker'

/** What a path matched: its parameters (a wildcard's value is its segments) and the matched part of the path. */
export interface PathMatch {
  params: Record<string, string | string[]>
  path: string
}

/** Tests a pathname against one path. Throws a 400 error when a parameter cannot be URI-decoded. */
export type PathMatcher = (pathname: string) => PathMatch | false

export interface PathOptions {
  /** `/Foo` and `/foo` differ. */
  sensitive?: boolean
  /** `/foo` and `/foo/` differ (a non-strict path also takes a trailing slash). */
  strict?: boolean
  /** The whole pathname must match (routes), not only a prefix of whole segments (middleware). */
  end?: boolean
}

/** A path argument: a string pattern, a RegExp, or an array of them. */
export type Path = string | RegExp | ReadonlyArray<string | RegExp | ReadonlyArray<string>>

/** A URI error that says which value failed, with status (and statusCode) 400: a client error, never a crash. */
export function decodeParam (value: string): string {
  if (typeof value !== 'string' || value.indexOf('%') === -1) return value
  try {
    return decodeURIComponent(value)
  } catch (err) {
    if (err instanceof URIError) {
      err.message = `Failed to decode param '${value}'`
      const clientError = err as URIError & { status?: number, statusCode?: number }
      clientError.status = 400
      clientError.statusCode = 400
    }
    throw err
  }
}

const TRAILING_SLASHES = /\/+$/

/** A non-strict path matches with or without trailing slashes: path-to-regexp takes one more when `trailing` is set. */
function loosen (path: unknown): unknown {
  if (path instanceof RegExp || path === '/') return path
  return Array.isArray(path) ? path.map(loosen) : String(path).replace(TRAILING_SLASHES, '')
}

/**
 * The keys of a regular expression's captures, in order: a named group `(?<name>…)` by its name,
 * any other capture by its number among the unnamed ones. Escaped parentheses, those inside a
 * character class and non-capturing groups (`(?:`, lookarounds) are not captures.
 */
export function captureKeys (source: string): Array<string | number> {
  const keys: Array<string | number> = []
  let numbered = 0
  let inClass = false
  for (let i = 0; i < source.length; i++) {
    const c = source[i]
    if (c === '\\') {
      i++
    } else if (inClass) {
      if (c === ']') inClass = false
    } else if (c === '[') {
      inClass = true
    } else if (c === '(') {
      if (source[i + 1] !== '?') {
        keys.push(numbered++)
      } else if (source[i + 2] === '<' && source[i + 3] !== '=' && source[i + 3] !== '!') {
        const end = source.indexOf('>', i + 3)
        if (end !== -1) keys.push(source.slice(i + 3, end))
      }
    }
  }
  return keys
}

/** The matcher of a regular expression: its captures, decoded, as params (those that took part). */
function regexpMatcher (regexp: RegExp): PathMatcher {
  const keys = captureKeys(regexp.source)
  return function matchRegExp (pathname) {
    const found = regexp.exec(pathname)
    if (!found) return false
    const params: Record<string, string> = {}
    for (let i = 1; i < found.length; i++) {
      const value = found[i] === undefined ? undefined : decodeParam(found[i])
      if (value !== undefined) params[keys[i - 1] ?? i - 1] = value
    }
    return { params, path: found[0] }
  }
}

/**
 * The matchers of a path, one per alternative of an array (tried in order). A string is compiled
 * by path-to-regexp 8, which throws a `TypeError` for an invalid one, as router 2 does when the
 * layer is made.
 */
export function compilePath (path: Path, options: PathOptions): PathMatcher[] {
  const one = (p: unknown): PathMatcher => {
    if (p instanceof RegExp) return regexpMatcher(p)
    if (p === '/') return rootMatcher(options)
    return stringMatcher(p, options)
  }
  return Array.isArray(path) ? path.map(one) : [one(path)]
}

/** The matchers of `/` by options: every handler of a route has a layer on `/`, and a matcher holds no state, so one serves them all. */
const rootMatchers = new Map<string, PathMatcher>()

function rootMatcher (options: PathOptions): PathMatcher {
  const key = `${Boolean(options.sensitive)} ${Boolean(options.strict)} ${options.end !== false}`
  let matcher = rootMatchers.get(key)
  if (matcher === undefined) rootMatchers.set(key, matcher = stringMatcher('/', options))
  return matcher
}

function stringMatcher (p: unknown, options: PathOptions): PathMatcher {
  const pattern = (options.strict ? p : loosen(p)) as string
  const sensitive = options.sensitive === true
  const trailing = !options.strict
  // path-to-regexp 8 first: it throws for an invalid pattern, as router 2 does when the layer is made.
  const regexpMatcher = match(pattern, { sensitive, end: options.end, trailing, decode: decodeParam }) as PathMatcher
  const tokens = parse(pattern).tokens
  const { prefix, whole, slashes } = readPattern(tokens)
  const walker = options.end === false ? undefined : segmentWalker(tokens, sensitive, trailing, decodeParam)
  const matcher = walker ?? withLiteralPrefix(regexpMatcher, prefix, sensitive)
  if (prefix[0] === '/' && matcher !== regexpMatcher) {
    const first = prefix.indexOf('/', 1)
    const second = first === -1 ? -1 : prefix.indexOf('/', first + 1)
    const key = second !== -1 ? prefix.slice(0, second) : whole && first !== -1 ? prefix : undefined
    if (key !== undefined && key.length > first + 1) {
      segmentKeys.set(matcher, {
        key: sensitive ? key : key.toLowerCase(),
        sensitive,
        slashes: options.end === false ? -1 : slashes,
        trailing
      })
    }
  }
  return matcher
}

/**
 * What a pattern's tokens, as path-to-regexp 8 parses them, tell of the paths it matches: the text
 * before its first parameter, wildcard or group, whether that is all of it, and the number of `/`
 * of every whole match when the pattern is text and parameters only (a parameter never takes a
 * `/`), or -1.
 */
function readPattern (tokens: readonly Token[]): { prefix: string, whole: boolean, slashes: number } {
  let prefix = ''
  let inPrefix = true
  let slashes = 0
  for (const token of tokens) {
    if (token.type === 'text') {
      if (inPrefix) prefix += token.value
      if (slashes !== -1) slashes += token.value.split('/').length - 1
    } else {
      inPrefix = false
      if (token.type !== 'param') slashes = -1
    }
  }
  return { prefix, whole: inPrefix, slashes }
}

/**
 * What a matcher made here requires of a pathname's first two segments (`/api/users` of
 * `/api/users/:id`), so a router can pass it over for a pathname whose first two segments
 * differ: `key`, compared exactly or, when not `sensitive`, in ASCII lower case. Only
 * for patterns whose literal text holds both segments whole (followed by `/`, or the whole pattern).
 */
export interface SegmentKey {
  key: string
  sensitive: boolean
  /**
   * The number of `/` in every pathname the matcher accepts, -1 when it varies (middleware, wildcards,
   * groups, regexps); one more is accepted when `trailing` and the pathname ends with `/`.
   */
  slashes: number
  trailing: boolean
}

const segmentKeys = new WeakMap<PathMatcher, SegmentKey>()

/** The {@link SegmentKey} of a matcher made by {@link compilePath}, if it has one. */
export function segmentKeyOf (matcher: PathMatcher): SegmentKey | undefined {
  return segmentKeys.get(matcher)
}

/** A pathname's first two segments (`/api/users` of `/api/users/7`), or all of it when it has fewer. */
export function firstSegments (pathname: string): string {
  const first = pathname.indexOf('/', 1)
  if (first === -1) return pathname
  const second = pathname.indexOf('/', first + 1)
  return second === -1 ? pathname : pathname.slice(0, second)
}

/**
 * `matcher`, behind a string test that rules out, without running the regexp, a pathname that
 * does not start with the pattern's literal text. The regexp requires that text at the start,
 * compared exactly (sensitive) or ASCII case-insensitively (a `/i` regexp never folds a non-ASCII
 * character to an ASCII one), so a pathname the test rules out is one the regexp refuses: the
 * test only spares work, most of it in a long table of routes. Patterns whose literal text is
 * `/` alone, or not ASCII, keep the regexp alone.
 */
function withLiteralPrefix (matcher: PathMatcher, prefix: string, sensitive: boolean): PathMatcher {
  if (prefix.length < 2 || !FOLDS_ALIKE.test(prefix)) return matcher
  if (sensitive) {
    return function matchAfterPrefix (pathname) {
      return pathname.startsWith(prefix) ? matcher(pathname) : false
    }
  }
  const lower = prefix.toLowerCase()
  return function matchAfterPrefix (pathname) {
    if (pathname.length < lower.length) return false
    for (let i = 0; i < lower.length; i++) {
      const c = pathname.charCodeAt(i)
      // ASCII upper case to lower case; any other character compares as it is.
      if ((c >= 65 && c <= 90 ? c + 32 : c) !== lower.charCodeAt(i)) return false
    }
    return matcher(pathname)
  }
}
