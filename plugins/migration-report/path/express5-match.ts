// How Express 5's router matches a layer's path: path-to-regexp 8 for strings (trailing slashes
// loosened unless strict), the regular expression itself for RegExp paths.
import { match } from 'path-to-regexp-8'
import { decodeParam } from '../../../kernel/router/layer'

/** A layer's matching options, as both routers take them. */
export interface LayerOptions {
  readonly sensitive?: boolean
  readonly strict?: boolean
  /** `true` for routes, `false` for `use` (a prefix up to a `/` or the end). */
  readonly end: boolean
}

/** What a layer's path matched: the matched part and the decoded parameters (wildcards as segment arrays). */
export interface Express5Match {
  readonly path: string
  readonly params: Readonly<Record<string, string | string[] | undefined>>
}

export type Express5Matcher = (pathname: string) => Express5Match | false

/** The capture groups of a regular expression, named or numbered from 0 as the router names them. */
const GROUP = /\\.|\((?:\?<([^>]+)>)?(?!\?)/g

function regexpMatcher (regexp: RegExp): Express5Matcher {
  const names: Array<string | number> = []
  let unnamed = 0
  for (const m of regexp.source.matchAll(GROUP)) {
    if (m[0][0] === '(') names.push(m[1] ?? unnamed++)
  }
  return (pathname) => {
    regexp.lastIndex = 0
    const m = regexp.exec(pathname)
    if (!m) return false
    const params: Record<string, string | undefined> = {}
    for (let i = 1; i < m.length; i++) {
      const value = decodeParam(m[i])
      if (value !== undefined) params[String(names[i - 1] ?? i - 1)] = value
    }
    return { path: m[0], params }
  }
}

/**
 * A matcher for one path as an Express 5 layer reads it. Throws path-to-regexp 8's `PathError`
 * for a string it cannot parse (Express 5 throws the same when the layer is added).
 *
 * @example express5Matcher('/users/:id', { end: true })('/users/7/') // { path: '/users/7/', params: { id: '7' } }
 */
export function express5Matcher (path: string | RegExp, options: LayerOptions): Express5Matcher {
  if (path instanceof RegExp) return regexpMatcher(path)
  // `use('/', fn)`: every path, nothing taken off it.
  if (path === '/' && !options.end) return () => ({ path: '', params: {} })
  const loosened = options.strict || path === '/' ? path : path.replace(/\/+$/, '')
  const fn = match(loosened, { sensitive: options.sensitive, end: options.end, trailing: !options.strict, decode: decodeParam as (value: string) => string })
  return (pathname) => {
    const m = fn(pathname)
    return m === false ? false : { path: m.path, params: m.params }
  }
}
