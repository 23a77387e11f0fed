// Route patterns made of whole segments (`/api/users/:userId/notes/:noteId`), matched by walking
// the path instead of running their regexp: the most common shape of a route with parameters.
import type { PathOptions } from '../../../internal/path-to-regexp'

/**
 * A pattern whose segments are each literal text or one `:name`. path-to-regexp 0.1 compiles it to
 * `^\/text\/(?:([^\/]+?))…\/?$`: a parameter takes a whole, non-empty segment; literal text
 * compares ignoring ASCII case unless `sensitive`; a non-strict pattern also takes one trailing `/`.
 */
export interface SegmentPattern {
  /** Each segment's literal text (lowercase when case-insensitive), or undefined for a parameter. */
  readonly parts: ReadonlyArray<string | undefined>
  readonly sensitive: boolean
  readonly strict: boolean
  /** Where each parameter's value starts and ends in the path last matched (read at once by the caller). */
  readonly bounds: Int32Array
  /** The parameters' names, in path order. */
  readonly names: readonly string[]
  /** Builds the params object of the path last matched; undefined where code cannot be generated. */
  readonly makeParams: ParamsFactory | undefined
}

/** Makes `req.params` from a matched path: each value sliced at its bounds and decoded. */
export type ParamsFactory = (path: string, bounds: Int32Array, decode: (value: string) => string | undefined) => Record<string, string | undefined>

/**
 * A params factory for these names: one object literal (`{ "userId": …, "noteId": … }`), so every
 * params object of a route is built at once with its final shape. Adding the names one by one
 * takes a shape transition each, through stores that see every route's names, so they stay slow
 * in a large route table. Same object: keys in path order, a repeated name's last value, values
 * decoded left to right (the first bad one throws). Names are quoted by JSON.stringify.
 * Undefined where the runtime refuses generated code.
 */
function paramsFactory (names: readonly string[]): ParamsFactory | undefined {
  // In a literal, `__proto__: value` means the prototype: such a route keeps the assignments.
  if (names.includes('__proto__')) return undefined
  const fields = names.map((name, i) => `${JSON.stringify(name)}: decode(path.slice(bounds[${2 * i}], bounds[${2 * i + 1}]))`)
  try {
    // The source is fixed code and the quoted names: nothing from a request.
    return new Function('path', 'bounds', 'decode', `return { ${fields.join(', ')} }`) as ParamsFactory
  } catch {
    // node --disallow-code-generation-from-strings
    return undefined
  }
}

const PARAM_SEGMENT = /^:\w+$/
/** Printable ASCII but `/` and path-to-regexp's pattern characters (it escapes `.`; the rest is literal text). */
const LITERAL_SEGMENT = /^[^\x00-\x1f\x7f-\uffff/:*?()+[\]{}\\^$|]+$/

/** The segment pattern of an end-anchored string path with at least one parameter, else undefined. */
export function segmentPattern (path: unknown, opts: PathOptions): SegmentPattern | undefined {
  if (typeof path !== 'string' || opts.end === false || path[0] !== '/' || path.endsWith('/')) return undefined
  const sensitive = Boolean(opts.sensitive)
  const parts: Array<string | undefined> = []
  const names: string[] = []
  for (const segment of path.slice(1).split('/')) {
    if (PARAM_SEGMENT.test(segment)) {
      parts.push(undefined)
      names.push(segment.slice(1))
    } else if (LITERAL_SEGMENT.test(segment)) {
      parts.push(sensitive ? segment : segment.toLowerCase())
    } else {
      return undefined
    }
  }
  return names.length === 0 ? undefined : segmentPatternOf(parts, names, sensitive, Boolean(opts.strict))
}

/** The segment pattern of `parts` (literal text, lowercase unless `sensitive`, or undefined for a parameter) and the parameters' `names`. */
export function segmentPatternOf (parts: ReadonlyArray<string | undefined>, names: readonly string[], sensitive: boolean, strict: boolean): SegmentPattern {
  return { parts, sensitive, strict, bounds: new Int32Array(names.length * 2), names, makeParams: paramsFactory(names) }
}

/** Whether `path` matches; on success `pattern.bounds` holds each parameter's start and end. */
export function matchSegments (pattern: SegmentPattern, path: string): boolean {
  const parts = pattern.parts
  const bounds = pattern.bounds
  const length = path.length
  let pos = 0
  let b = 0
  for (let i = 0; i < parts.length; i++) {
    if (pos >= length || path.charCodeAt(pos) !== 0x2f) return false
    pos++
    const text = parts[i]
    if (text === undefined) {
      let end = path.indexOf('/', pos)
      if (end === -1) end = length
      if (end === pos) return false
      bounds[b++] = pos
      bounds[b++] = end
      pos = end
    } else {
      const n = text.length
      if (length - pos < n) return false
      for (let k = 0; k < n; k++) {
        const c = path.charCodeAt(pos + k)
        const t = text.charCodeAt(k)
        // Case-insensitive: an ASCII letter of the path against the literal's lowercase letter.
        if (c !== t && (pattern.sensitive || (c | 0x20) !== t || t < 0x61 || t > 0x7a)) return false
      }
      pos += n
    }
  }
  return pos === length || (!pattern.strict && pos === length - 1 && path.charCodeAt(pos) === 0x2f)
}
