// Whether an Express 5 spelling matches what an Express 4 path matched: both compilers run on
// the same request paths (built from the Express 4 path's own pieces) and must agree on every one:
// match or not, the matched part (trailing slashes aside), and each parameter's value. Request
// paths with empty segments (`//`) are not tried.
import { compile, parse, type Token } from 'path-to-regexp-8'
import { Layer } from '../../../kernel/router/layer'
import type { PathKey } from '../../../kernel/internal/path-to-regexp'
import { express5Matcher, type Express5Match, type LayerOptions } from './express5-match'
import type { LegacyToken } from './legacy-tokens'
import type { Spelling } from './express5-spelling'

/** Values tried for a `:name` parameter: plain, dotted, dashed, empty-ish, encoded. */
const PARAM_VALUES = ['a', 'Ab1', 'a.b', 'a-b', '.', 'x.', '.x', 'a..b', 'caf%C3%A9', '~']
/** Values tried for a `*`: nothing, one segment, several, slashes at either end. */
const STAR_VALUES = ['', 'a', 'a/b', 'a.b/c', '/', 'a/', '/a']
/** Changes made to each request path built from the pieces. */
const VARIANTS: Array<(path: string) => string> = [
  (p) => p, (p) => p + '/', (p) => p + '/x', (p) => p + 'x', (p) => p + '.json',
  (p) => p.toUpperCase(), (p) => p.slice(0, -1), (p) => p.replace(/^\//, '')
]
/** Request paths built when the pieces have too many values to try them all. */
const SAMPLED = 300

/** A small deterministic generator, so the same path is always judged the same way. */
function generator (seed: number): () => number {
  let state = seed >>> 0
  return () => {
    state = (Math.imul(state, 1664525) + 1013904223) >>> 0
    return state / 2 ** 32
  }
}

/** Values made of the path's own separators (`-`, `.`, `~`, …): where a parameter ends is what differs most. */
function separatorValues (tokens: readonly LegacyToken[]): string[] {
  const chars = new Set<string>()
  for (const token of tokens) if (token.type === 'text') for (const c of token.value) if (!/[A-Za-z0-9/]/.test(c)) chars.add(c)
  return [...chars].flatMap((c) => [c, c + c, 'a' + c, c + 'a', 'a' + c + 'b'])
}

/** The choices of each piece: literal text has one, a parameter its values (and absence when optional). */
function choices (tokens: readonly LegacyToken[]): string[][] {
  const paramValues = [...PARAM_VALUES, ...separatorValues(tokens)]
  return tokens.map((token) => {
    if (token.type === 'text') return [token.value]
    if (token.type === 'regexp') return [token.source.replace(/[\\^$|?+()[\]{}]/g, '')]
    if (token.type === 'star') return STAR_VALUES
    const values = paramValues.map((value) => token.prefix + value)
    return token.optional ? ['', ...values] : values
  })
}

/** The parameters and wildcards of an Express 5 path, in order. */
function express5Keys (tokens: readonly Token[], out: Array<{ name: string, wildcard: boolean }> = []): Array<{ name: string, wildcard: boolean }> {
  for (const token of tokens) {
    if (token.type === 'param') out.push({ name: token.name, wildcard: false })
    else if (token.type === 'wildcard') out.push({ name: token.name, wildcard: true })
    else if (token.type === 'group') express5Keys(token.tokens, out)
  }
  return out
}

/** Request paths an Express 5 spelling matches, written by path-to-regexp 8 from sample values (and without each). */
function express5Paths (path: string, values: readonly string[]): string[] {
  let keys: Array<{ name: string, wildcard: boolean }>
  let write: (params: Record<string, string | string[]>) => string
  try {
    keys = express5Keys(parse(path).tokens)
    write = compile(path, { encode: false })
  } catch {
    return []
  }
  const out: string[] = []
  for (let k = 0; k < values.length; k++) {
    for (let skip = -1; skip < keys.length; skip++) {
      const params: Record<string, string | string[]> = {}
      keys.forEach((key, i) => {
        if (i === skip) return
        const value = values[(k + i) % values.length]
        params[key.name] = key.wildcard ? value.split('/') : value
      })
      try { out.push(write(params)) } catch { /* a required parameter left out */ }
    }
  }
  return out
}

/** Request paths made from the Express 4 path's pieces and from the Express 5 spelling, then varied. */
export function probePaths (tokens: readonly LegacyToken[], spelling?: string | RegExp): string[] {
  const options = choices(tokens)
  const total = options.reduce((n, list) => n * list.length, 1)
  const bases: string[] = []
  if (total <= SAMPLED) {
    const walk = (i: number, prefix: string): void => {
      if (i === options.length) { bases.push(prefix); return }
      for (const choice of options[i]) walk(i + 1, prefix + choice)
    }
    walk(0, '')
  } else {
    const random = generator(options.length * 7919 + total)
    for (let n = 0; n < SAMPLED; n++) bases.push(options.map((list) => list[Math.floor(random() * list.length)]).join(''))
  }
  if (typeof spelling === 'string') bases.push(...express5Paths(spelling, [...PARAM_VALUES, ...separatorValues(tokens), ...STAR_VALUES.filter(Boolean)]))
  const out = new Set<string>(['/', '/x', '/x/y'])
  for (const base of bases) for (const vary of VARIANTS) out.add(vary(base))
  // Empty segments (`//`) aside: the routers differ on them for nearly every path, to no effect worth a report.
  return [...out].filter((p) => p.startsWith('/') && !p.includes('//'))
}

type Outcome = { kind: 'miss' } | { kind: 'error' } | { kind: 'match', path: string, params: Map<string, string | undefined> }

/** A parameter value as both routers can be compared on it: segment arrays joined, empty as absent. */
function normal (value: string | string[] | undefined): string | undefined {
  const text = Array.isArray(value) ? value.join('/') : value
  return text === '' ? undefined : text
}

/**
 * Whether a router mounts a `use` layer that matched `taken` of `pathname`: what follows must
 * start a segment, `/` (or `.` too, in Express 4).
 */
function mounts (pathname: string, taken: string, separators: string): boolean {
  const next = pathname[taken.length]
  return taken === '' || next === undefined || separators.includes(next)
}

function express4Outcome (layer: Layer, pathname: string, end: boolean): Outcome {
  try {
    if (!layer.match(pathname)) return { kind: 'miss' }
  } catch {
    return { kind: 'error' }
  }
  if (!end && !mounts(pathname, layer.path ?? '', '/.')) return { kind: 'miss' }
  const params = new Map<string, string | undefined>()
  for (const key of layer.keys as PathKey[]) params.set(String(key.name), normal(layer.params?.[key.name]))
  return { kind: 'match', path: layer.path ?? '', params }
}

function express5Outcome (matcher: (p: string) => Express5Match | false, pathname: string, spelling: Spelling, keys: readonly PathKey[], end: boolean): Outcome {
  let m: Express5Match | false
  try {
    m = matcher(pathname)
  } catch {
    return { kind: 'error' }
  }
  if (m === false || (!end && !mounts(pathname, m.path, '/'))) return { kind: 'miss' }
  const params = new Map<string, string | undefined>()
  const expected = new Set<string>()
  for (const key of keys) {
    const name = spelling.renamed.get(key.name) ?? String(key.name)
    expected.add(name)
    params.set(String(key.name), normal(m.params[name]))
  }
  // A parameter Express 4 did not have is a difference too.
  for (const [name, value] of Object.entries(m.params)) {
    if (!expected.has(name) && normal(value) !== undefined) params.set(`extra:${name}`, normal(value))
  }
  return { kind: 'match', path: m.path, params }
}

function same (a: Outcome, b: Outcome, end: boolean): boolean {
  if (a.kind !== b.kind) return false
  if (a.kind !== 'match' || b.kind !== 'match') return true
  // The part a `use` layer takes off `req.url`; a trailing slash more or less leaves the same URL for what it mounts.
  if (!end && a.path.replace(/\/+$/, '') !== b.path.replace(/\/+$/, '')) return false
  if (a.params.size !== b.params.size) return false
  for (const [name, value] of a.params) if (b.params.get(name) !== value) return false
  return true
}

/**
 * A request path on which Express 5 reading `spelling` differs from Express 4 reading `path`,
 * or undefined when they agree on every request path tried. A spelling path-to-regexp 8
 * rejects differs everywhere: `''` is returned.
 */
export function difference (path: string, tokens: readonly LegacyToken[], spelling: Spelling, options: LayerOptions): string | undefined {
  const layer = new Layer(path, options, () => {})
  let matcher: (p: string) => Express5Match | false
  try {
    matcher = express5Matcher(spelling.path, options)
  } catch {
    return ''
  }
  for (const probe of probePaths(tokens, spelling.path)) {
    const before = express4Outcome(layer, probe, options.end)
    const after = express5Outcome(matcher, probe, spelling, layer.keys, options.end)
    if (!same(before, after, options.end)) return probe
  }
  return undefined
}
