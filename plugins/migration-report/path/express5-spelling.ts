// Express 5 spellings of an Express 4 path string: path-to-regexp 8 tokens written by its own
// `stringify`, or, when Express 4 read part of the path as a regular expression, that regular
// expression itself (Express 5 takes RegExp paths as they are).
import { stringify, TokenData, type Token } from 'path-to-regexp-8'
import { pathToRegexp, type PathKey, type PathOptions } from '../../../kernel/internal/path-to-regexp'
import type { LegacyToken } from './legacy-tokens'

/** A spelling proposed for Express 5, with how its `req.params` differ from Express 4's. */
export interface Spelling {
  readonly path: string | RegExp
  /** Express 4 parameter name → Express 5 name, for those that change (`0` → `splat`). */
  readonly renamed: ReadonlyMap<string | number, string>
  /** Express 5 names whose value is an array of path segments (wildcards). */
  readonly segmentArrays: readonly string[]
}

/** A name for the n-th wildcard that no parameter of the path already uses. */
function wildcardName (taken: Set<string>): string {
  let name = 'splat'
  for (let n = 2; taken.has(name); n++) name = `splat${n}`
  taken.add(name)
  return name
}

/**
 * The path-to-regexp 8 spelling of `tokens`, or undefined when they hold regexp source, a
 * parameter's own pattern or a `:name*` (Express 5 strings have none of these).
 *
 * @example tokenSpelling(legacyTokens('/files/*'))?.path // '/files/{*splat}'
 */
export function tokenSpelling (tokens: readonly LegacyToken[]): Spelling | undefined {
  const taken = new Set<string>()
  for (const token of tokens) if (token.type === 'param') taken.add(token.name)
  const out: Token[] = []
  const renamed = new Map<string | number, string>()
  const segmentArrays: string[] = []
  let unnamed = 0
  for (const token of tokens) {
    if (token.type === 'regexp') return undefined
    if (token.type === 'text') {
      out.push({ type: 'text', value: token.value })
    } else if (token.type === 'star') {
      const name = wildcardName(taken)
      renamed.set(unnamed++, name)
      segmentArrays.push(name)
      out.push({ type: 'group', tokens: [{ type: 'wildcard', name }] })
    } else {
      if (token.pattern !== undefined || token.rest) return undefined
      const param: Token[] = token.prefix === '' ? [] : [{ type: 'text', value: token.prefix }]
      param.push({ type: 'param', name: token.name })
      if (token.optional) out.push({ type: 'group', tokens: param })
      else out.push(...param)
    }
  }
  return { path: stringify(new TokenData(out)), renamed, segmentArrays }
}

/** The capture groups of a 0.1 regexp source, in order, as that compiler numbers them. */
const CAPTURE = /\\.|\((?!\?)/g

/**
 * The regular expression Express 4 compiled `path` into, with its parameters' names as named
 * groups when every name can be one, so Express 5 gives the same `req.params`.
 *
 * @example regexpSpelling('/user/:id(\\d+)', { end: true }).path // /^\/user\/(?:(?<id>\d+))\/?$/i
 */
export function regexpSpelling (path: string, options: PathOptions): Spelling {
  const keys: PathKey[] = []
  const compiled = pathToRegexp(path, keys, options)
  const source = compiled.source
  const groups: number[] = []
  for (const m of source.matchAll(CAPTURE)) if (m[0] !== '\\' && m[0][0] === '(') groups.push(m.index)
  // Unnamed groups are numbered from 0 by both routers, skipping named ones: naming the others keeps every key.
  const names = keys.flatMap((key) => typeof key.name === 'string' ? [key.name] : [])
  const nameable = groups.length === keys.length &&
    names.every((name) => /^[A-Za-z_$][\w$]*$/.test(name)) && new Set(names).size === names.length
  if (!nameable || names.length === 0) {
    // Every group unnamed: Express 5 numbers them all in order.
    const renamed = new Map<string | number, string>()
    keys.forEach((key, i) => { if (String(key.name) !== String(i)) renamed.set(key.name, String(i)) })
    return { path: compiled, renamed, segmentArrays: [] }
  }
  let named = ''
  let from = 0
  groups.forEach((at, i) => {
    const name = keys[i].name
    if (typeof name !== 'string') return
    named += source.slice(from, at + 1) + `?<${name}>`
    from = at + 1
  })
  named += source.slice(from)
  return { path: new RegExp(named, compiled.flags), renamed: new Map(), segmentArrays: [] }
}
