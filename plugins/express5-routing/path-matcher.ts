// Router 2's paths: path-to-regexp 8 strings (`:name`, `*name`, `{…}`), regular expressions, and arrays of them.
import { match } from 'path-to-regexp-8'

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

/** A URI error that says which value failed, with status 400: a client error, never a crash. */
export function decodeParam (value: string): string {
  if (typeof value !== 'string' || value.length === 0) return value
  try {
    return decodeURIComponent(value)
  } catch (err) {
    if (err instanceof URIError) {
      err.message = `Failed to decode param '${value}'`
      ;(err as URIError & { status?: number }).status = 400
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
  return match((options.strict ? p : loosen(p)) as string, {
    sensitive: options.sensitive,
    end: options.end,
    trailing: !options.strict,
    decode: decodeParam
  }) as PathMatcher
}
