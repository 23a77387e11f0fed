// Serialises a log record as one JSON line, escaped once: the JSON way, plus characters that could still disguise a line.

/**
 * Characters `JSON.stringify` leaves as they are although they may end or disguise a line in
 * log viewers and terminals: DEL, the C1 controls (`\x9b` starts terminal escape sequences)
 * and the line/paragraph separators. In JSON output they can only be inside strings, where
 * `\uHHHH` is their valid escape.
 */
const LINE_UNSAFE = /[\x7f-\x9f\u2028\u2029]/g

function unicodeEscape (ch: string): string {
  return '\\u' + ch.charCodeAt(0).toString(16).padStart(4, '0')
}

/**
 * The record as one line of JSON, or `undefined` when it serialises to nothing (a `toJSON`
 * returning `undefined`). Token values must be raw: `JSON.stringify` escapes quotes,
 * backslashes and control characters itself, so nothing is escaped twice. Throws what
 * `JSON.stringify` throws (a cycle, a BigInt).
 *
 * @example
 * jsonLine({ url: '/a"b\n' }) // '{"url":"/a\\"b\\n"}'
 */
export function jsonLine (record: object): string | undefined {
  const json = JSON.stringify(record) as string | undefined
  if (json === undefined) return undefined
  return json.replace(LINE_UNSAFE, unicodeEscape)
}
