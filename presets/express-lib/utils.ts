// `express/lib/utils`: the helpers of Express 4's utils module that apps and middleware call,
// made of the plugins' own compilers and helpers (the default framework's settings use the same).
import contentDisposition from 'content-disposition'
import { deprecate } from '../../kernel/deprecate'
import { compileETag } from '../../plugins/response'
import { mediaTypeOf, setCharset as setMediaTypeCharset } from '../../plugins/response/content-type'
import { compileQueryParser } from '../../plugins/query'
import { compileTrust } from '../../plugins/request'
import { flatten as flattenDeep } from '../../kernel/internal/flatten'
import type { BuiltInETagFunction } from '../../plugins/response/etag-setting'

/** A media type with its parameters, as `normalizeType` gives it. */
interface NormalizedType {
  value: string
  /** The `q` parameter (1 when absent); only for types given with a `/`. */
  quality?: number
  params: Record<string, string>
}

/** `"value; q=0.5; level=1"` split into its value, its quality and its other parameters. */
function typeWithParams (str: string): NormalizedType {
  const parts = str.split(/ *; */)
  const normalized: Required<NormalizedType> = { value: parts[0], quality: 1, params: {} }
  for (let i = 1; i < parts.length; i++) {
    const [name, value] = parts[i].split(/ *= */)
    if (name === 'q') normalized.quality = parseFloat(value)
    else normalized.params[name] = value
  }
  return normalized
}

/** A media type (`'text/html; q=0.8'`) or an extension (`'html'`, looked up as `res.type` does) as an object. */
function normalizeType (type: string): NormalizedType {
  return type.indexOf('/') !== -1 ? typeWithParams(type) : { value: mediaTypeOf(type), params: {} }
}

const utils = {
  /** Strong entity tag of a body (`"<length>-<hash>"`), the `etag: 'strong'` setting's generator. */
  etag: compileETag('strong') as BuiltInETagFunction,
  /** Weak entity tag of a body (`W/"<length>-<hash>"`), the default `etag` setting's generator. */
  wetag: compileETag('weak') as BuiltInETagFunction,
  /** Whether a path is absolute: POSIX (`/…`), a Windows drive (`C:\…`, `C:/…`) or a UNC path (`\\…`). */
  isAbsolute (path: string): boolean {
    return path[0] === '/' || (path[1] === ':' && (path[2] === '\\' || path[2] === '/')) || path.startsWith('\\\\')
  },
  /** Nested arrays flattened, all the way or `depth` levels down. */
  flatten: deprecate.function(function flatten (array: readonly unknown[], depth?: number): unknown[] {
    return depth == null ? flattenDeep(array) : array.flat(depth)
  }, 'utils.flatten: use array-flatten npm module instead'),
  normalizeType,
  /** `normalizeType` of each type. */
  normalizeTypes (types: readonly string[]): NormalizedType[] {
    return types.map(normalizeType)
  },
  /** A `Content-Disposition: attachment` value for a file name. */
  contentDisposition: deprecate.function(function contentDispositionOf (filename?: string): string {
    return contentDisposition(filename)
  }, 'utils.contentDisposition: use content-disposition npm module instead'),
  /** The `etag` setting compiled: `true`/`'weak'`, `'strong'`, `false` (undefined) or a function. */
  compileETag,
  /** The `query parser` setting compiled: `'extended'`, `'simple'`/`true`, `false` or a function. */
  compileQueryParser,
  /** The `trust proxy` setting compiled: a boolean, a hop count, addresses or subnets, or a function. */
  compileTrust,
  /** A Content-Type with its charset parameter set; the type as given when either is empty. */
  setCharset<T extends string | undefined | null> (type: T, charset: string | undefined | null): T | string {
    if (!type || !charset) return type
    return setMediaTypeCharset(type, charset)
  }
}

export = utils
