// JSON body parsing: `strict` judged by the first non-whitespace character, with JSON.parse's own messages.
/**
 * JSON.parse's reviver. `any` value and result, as JSON.parse's own reviver type: a reviver
 * reads and returns JSON values of any shape.
 */
export type JsonReviver = { reviver (key: string, value: any): any }['reviver']

/** Stands in for the rest of the body while producing the strict-mode message. */
const PLACEHOLDER = '#'
const PLACEHOLDER_RUNS = /#+/g

/** Index of the first character that is not RFC 8259 whitespace (space, tab, LF, CR), or -1. */
function firstSignificant (body: string): number {
  for (let i = 0; i < body.length; i++) {
    const c = body.charCodeAt(i)
    if (c !== 0x20 && c !== 0x09 && c !== 0x0a && c !== 0x0d) return i
  }
  return -1
}

/**
 * The SyntaxError JSON.parse would give if the top-level value at `index` were not allowed:
 * the body from `index` on is masked, parsed, and the message unmasked, so its wording is the
 * runtime's own (e.g. `Unexpected token 't', "true" is not valid JSON`).
 */
function strictSyntaxError (body: string, index: number): SyntaxError {
  const masked = body.slice(0, index) + PLACEHOLDER.repeat(body.length - index)
  let message = 'Unexpected token ' + body.charAt(index)
  try {
    JSON.parse(masked)
  } catch (err) {
    message = (err as Error).message.replace(PLACEHOLDER_RUNS, (run) => body.substring(index, index + run.length))
  }
  return new SyntaxError(message)
}

/**
 * Leaves an Error thrown while parsing (by JSON.parse or the reviver) with no own properties but
 * `message` and `stack`, so a reviver's `status` or `type` does not decide the response: the
 * error is always a 400 `entity.parse.failed`.
 */
function withoutOwnProperties (err: unknown): unknown {
  if (!(err instanceof Error)) return err
  for (const key of Object.getOwnPropertyNames(err)) {
    if (key !== 'stack' && key !== 'message') delete (err as unknown as Record<string, unknown>)[key]
  }
  return err
}

/**
 * Compiles the JSON parse step. An empty body gives `{}`; when `strict`, only a body whose
 * first non-whitespace character is `{` or `[` is parsed.
 */
export function compileJsonParse (reviver: JsonReviver | undefined, strict: boolean) {
  return function parseJson (body: string): unknown {
    if (body.length === 0) return {}
    if (strict) {
      const index = firstSignificant(body)
      if (index !== -1) {
        const first = body.charCodeAt(index)
        if (first !== 0x7b && first !== 0x5b) throw strictSyntaxError(body, index)
      }
    }
    try {
      return JSON.parse(body, reviver as ((key: string, value: unknown) => unknown) | undefined)
    } catch (err) {
      throw withoutOwnProperties(err)
    }
  }
}
