// Escaping of token output, so a value taken from a request cannot break or forge a log line.

/** Characters a token value may not carry as-is: C0/C1 controls, DEL, line/paragraph separators, `"` and `\`. */
const UNSAFE_CHARACTER = /[\x00-\x1f\x7f-\x9f"\\\u2028\u2029]/
const UNSAFE_CHARACTERS = /[\x00-\x1f\x7f-\x9f"\\\u2028\u2029]/g

/** Short escapes for the common control characters; other unsafe characters become `\xHH` or `\uHHHH`. */
const SHORT_ESCAPES: Readonly<Record<string, string>> = {
  '"': '\\"',
  '\\': '\\\\',
  '\n': '\\n',
  '\r': '\\r',
  '\t': '\\t'
}

function escapeCharacter (ch: string): string {
  const short = SHORT_ESCAPES[ch]
  if (short !== undefined) return short
  const code = ch.charCodeAt(0)
  return code < 0x100
    ? '\\x' + code.toString(16).toUpperCase().padStart(2, '0')
    : '\\u' + code.toString(16).toUpperCase().padStart(4, '0')
}

/**
 * Escapes a token's output for a line-oriented log, the way web servers escape log items:
 * `"` → `\"`, `\` → `\\`, newline → `\n`, carriage return → `\r`, tab → `\t`,
 * other control characters → `\xHH` (`\u2028`/`\u2029` → `\uHHHH`). Everything else is kept.
 *
 * @example
 * escapeLogValue('a"b\nc') // 'a\\"b\\nc'
 */
export function escapeLogValue (value: string): string {
  return UNSAFE_CHARACTER.test(value) ? value.replace(UNSAFE_CHARACTERS, escapeCharacter) : value
}
