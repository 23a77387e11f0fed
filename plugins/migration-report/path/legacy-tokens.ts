// Splits an Express 4 path string at the substitutions path-to-regexp 0.1 makes in it; the rest of
// the string is regexp source to that compiler. Used only to propose an Express 5 spelling, which
// is then checked against both compilers (see `equivalent.ts`).

/** A piece of an Express 4 path string, as path-to-regexp 0.1 reads it. */
export type LegacyToken =
  /** Characters matched as themselves. */
  | { readonly type: 'text', readonly value: string }
  /** Regexp source passed through (`?`, `+`, `(…)`, `[…]`, `|`, `^`, `$`, `\d`, …). */
  | { readonly type: 'regexp', readonly source: string }
  /** `*`: any characters, `/` included, none at all included; numbered in `req.params`. */
  | { readonly type: 'star' }
  /** `:name`, with what 0.1 folds into it. */
  | {
    readonly type: 'param'
    readonly name: string
    /** The `/` and `.` written right before the `:`, matched only with the parameter. */
    readonly prefix: string
    /** `:name(…)`: the parameter's own pattern. */
    readonly pattern: string | undefined
    /** `:name*`: the rest of the path as a further numbered parameter. */
    readonly rest: boolean
    /** `:name?`: the parameter and its prefix may be absent. */
    readonly optional: boolean
  }

/** The substitutions of path-to-regexp 0.1: an escape, `:name` with its decorations, `.`, `*`, `/(`. */
const SUBSTITUTION = /\\.|(\/)?(\.)?:(\w+)(\(.*?\))?(\*)?(\?)?|[.*]|\/\(/g

/** Characters that are regexp syntax when 0.1 passes them through. */
const REGEXP_SYNTAX = /[\^$|?+()[\]{}]/

/** Appends literal characters, merging with a text token before them. */
function pushText (tokens: LegacyToken[], value: string): void {
  if (value === '') return
  const last = tokens[tokens.length - 1]
  if (last && last.type === 'text') tokens[tokens.length - 1] = { type: 'text', value: last.value + value }
  else tokens.push({ type: 'text', value })
}

function pushRegexp (tokens: LegacyToken[], source: string): void {
  const last = tokens[tokens.length - 1]
  if (last && last.type === 'regexp') tokens[tokens.length - 1] = { type: 'regexp', source: last.source + source }
  else tokens.push({ type: 'regexp', source })
}

/** Text between substitutions: literal when it holds no regexp syntax. */
function pushRaw (tokens: LegacyToken[], raw: string): void {
  if (raw === '') return
  if (REGEXP_SYNTAX.test(raw)) pushRegexp(tokens, raw)
  else pushText(tokens, raw)
}

/**
 * The tokens of an Express 4 path string. Escaped punctuation (`\\.`) is literal; an escaped
 * letter or digit (`\\d`) is a regexp class.
 *
 * @example legacyTokens('/users/:id?') // [{ type: 'text', value: '/users' }, { type: 'param', name: 'id', prefix: '/', optional: true, … }]
 */
export function legacyTokens (path: string): LegacyToken[] {
  const tokens: LegacyToken[] = []
  let last = 0
  for (const m of path.matchAll(SUBSTITUTION)) {
    pushRaw(tokens, path.slice(last, m.index))
    last = m.index + m[0].length
    const [match, slash, dot, name, pattern, rest, optional] = m
    if (match[0] === '\\') {
      if (/^[A-Za-z0-9]$/.test(match[1] ?? '')) pushRegexp(tokens, match)
      else pushText(tokens, match.slice(1))
    } else if (match === '.') {
      pushText(tokens, '.')
    } else if (match === '*') {
      tokens.push({ type: 'star' })
    } else if (match === '/(') {
      pushText(tokens, '/')
      pushRegexp(tokens, '(')
    } else {
      tokens.push({
        type: 'param',
        name: name!,
        prefix: (dot ?? '') + (slash ?? ''),
        pattern: pattern === undefined ? undefined : pattern.slice(1, -1),
        rest: rest !== undefined,
        optional: optional !== undefined
      })
    }
  }
  pushRaw(tokens, path.slice(last))
  return tokens
}
