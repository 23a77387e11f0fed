// One layer path judged for Express 5: rejected by path-to-regexp 8, matching differently, or the
// same; with the spelling to use instead.
import { parse } from 'path-to-regexp-8'
import { legacyTokens, type LegacyToken } from './legacy-tokens'
import { regexpSpelling, tokenSpelling, type Spelling } from './express5-spelling'
import { difference } from './equivalent'
import type { LayerOptions } from './express5-match'

/** Why and how a path changes under Express 5. */
export interface PathVerdict {
  /** `invalid`: Express 5 throws when the layer is added; `changed`: it matches other URLs or gives other params. */
  readonly problem: 'invalid' | 'changed'
  /** path-to-regexp 8's error, or a request path the two read differently. */
  readonly reason: string
  /** A spelling that matches the same URLs with the same params under Express 5. */
  readonly suggestion: string | RegExp
  /** What else to change: renamed params, wildcard values, the syntax that changed. */
  readonly notes: readonly string[]
}

/** What each Express 4 piece turns into, said once per path. */
function syntaxNotes (tokens: readonly LegacyToken[]): string[] {
  const notes = new Set<string>()
  for (const token of tokens) {
    if (token.type === 'regexp') notes.add(`Express 4 read \`${token.source}\` as regular expression syntax; Express 5 strings have none (\`?\`, \`+\`, \`(…)\`, \`[…]\` are reserved, the rest is literal text)`)
    else if (token.type === 'star') notes.add('`*` is a named wildcard in Express 5 (`*name`), and matches at least one character')
    else if (token.type === 'param') {
      if (token.optional) notes.add('`:name?` is written `{/:name}` in Express 5 (braces make any part optional)')
      if (token.pattern !== undefined) notes.add('parameters take no pattern `:name(…)` in Express 5: use a regular expression path, or check the value in the handler')
      if (token.rest) notes.add('`:name*` is gone in Express 5')
    }
  }
  return [...notes]
}

/** What the spelling changes in `req.params`. */
function paramNotes (spelling: Spelling): string[] {
  const notes: string[] = []
  for (const [before, after] of spelling.renamed) {
    const read = (name: string | number) => /^\d+$/.test(String(name)) ? `req.params[${name}]` : `req.params.${name}`
    notes.push(`\`${read(before)}\` is \`${read(after)}\``)
  }
  for (const name of spelling.segmentArrays) {
    notes.push(`\`req.params.${name}\` is an array of path segments (\`req.params.${name}.join('/')\` is Express 4's string), undefined when empty`)
  }
  return notes
}

/** path-to-regexp 8's message, without its link. */
function parseError (path: string): string | undefined {
  try {
    parse(path)
    return undefined
  } catch (err) {
    return String((err as Error).message).replace(/; visit https?:\/\/\S+ for info$/, '')
  }
}

const verdicts = new Map<string, PathVerdict | undefined>()
/** Paths judged are kept (apps add a bounded set); past this many, the oldest are forgotten. */
const REMEMBERED = 2000

/** Whether Express 4 takes the path at all (it throws for some, such as unbalanced groups). */
function compiles (path: string, options: LayerOptions): boolean {
  try {
    regexpSpelling(path, options)
    return true
  } catch {
    return false
  }
}

/** A `use` path Express 4 read as a regular expression can match up to a `.`, where Express 5 no longer mounts. */
const MOUNT_NOTE = 'Express 5 mounts middleware only where a `/` (or the end) follows the matched part; Express 4 also did before a `.`'

function judge (path: string, options: LayerOptions): PathVerdict | undefined {
  if (!compiles(path, options)) return undefined
  const tokens = legacyTokens(path)
  const error = parseError(path)
  const asRegexp = tokens.find((token) => token.type === 'regexp')
  const asWritten: Spelling = { path, renamed: new Map(), segmentArrays: [] }
  const differsAt = error === undefined && asRegexp === undefined ? difference(path, tokens, asWritten, options) : undefined
  if (error === undefined && asRegexp === undefined && differsAt === undefined) return undefined
  const candidate = asRegexp === undefined ? tokenSpelling(tokens) : undefined
  const spelling = candidate && difference(path, tokens, candidate, options) === undefined ? candidate : regexpSpelling(path, options)
  const reason = error !== undefined
    ? `path-to-regexp 8 rejects it: ${error}`
    : asRegexp !== undefined
      ? `Express 4 read it as a regular expression; Express 5 reads \`${(asRegexp as { source: string }).source}\` as text`
      : `Express 4 and Express 5 answer ${JSON.stringify(differsAt)} differently`
  const notes = [...syntaxNotes(tokens), ...paramNotes(spelling)]
  if (!options.end && spelling.path instanceof RegExp) notes.push(MOUNT_NOTE)
  return { problem: error === undefined ? 'changed' : 'invalid', reason, suggestion: spelling.path, notes }
}

/**
 * How Express 5 reads one layer path that Express 4 read with `options`: undefined when it
 * matches the same URLs with the same params (regular expressions always do), or when Express 4
 * rejects the path itself.
 *
 * @example analyzePath('/files/*', { end: true })
 * // { problem: 'invalid', suggestion: '/files/{*splat}', notes: ['`*` is a named wildcard…', '`req.params[0]` is `req.params.splat`', …], … }
 */
export function analyzePath (path: string | RegExp, options: LayerOptions): PathVerdict | undefined {
  if (path instanceof RegExp) return undefined
  const key = `${options.end ? 1 : 0}${options.strict ? 1 : 0}${options.sensitive ? 1 : 0}${path}`
  if (verdicts.has(key)) return verdicts.get(key)
  const verdict = judge(String(path), options)
  if (verdicts.size >= REMEMBERED) verdicts.delete(verdicts.keys().next().value as string)
  verdicts.set(key, verdict)
  return verdict
}
