// Creates a urlencoded body parser of either flavor.
import { charsetChoice, createBodyParser, normalizeBodyOptions, type BodyFlavor, type BodyParserHandler, type BodyParserOptions } from '../body-reader'
import { compileUrlencodedParse } from './parse-urlencoded'

/** Options of Express 4's built-in urlencoded parser. */
export interface UrlencodedOptions extends BodyParserOptions {
  /** Parse nested syntax (`a[b]=c`) with qs. Default true in the framework, false in the standalone parser. */
  extended?: boolean
  /** Most parameters accepted (default 1000); more is a 413. */
  parameterLimit?: number
  /** Deepest nesting when extended (default 32); deeper is a 400. Keep it as low as possible. */
  depth?: number
}

/** Options of the standalone urlencoded parser (body-parser 2). */
export interface StandaloneUrlencodedOptions extends UrlencodedOptions {
  /** Charset when the Content-Type has none: `utf-8` (default) or `iso-8859-1`. */
  defaultCharset?: 'utf-8' | 'iso-8859-1'
  /** Let the `utf8` form parameter (✓ encoded in the form's charset) decide the charset (default false). */
  charsetSentinel?: boolean
  /** Decode numeric entities such as `&#9786;` in an iso-8859-1 form (default false). */
  interpretNumericEntities?: boolean
  /** Inflate `zstd` bodies where the runtime's zlib can. */
  experimentalZstd?: boolean
}

const DEFAULT_TYPE = 'application/x-www-form-urlencoded'
const DEFAULT_PARAMETER_LIMIT = 1000
const DEFAULT_DEPTH = 32
const FORM_CHARSETS: readonly string[] = ['utf-8', 'iso-8859-1']

function checkParameterLimit (value: unknown): number {
  const limit = value === undefined ? DEFAULT_PARAMETER_LIMIT : Number(value)
  if (typeof value === 'boolean' || Number.isNaN(limit) || limit < 1) {
    throw new TypeError('option parameterLimit must be a positive number')
  }
  return Number.isFinite(limit) ? Math.trunc(limit) : limit
}

function checkDepth (value: unknown): number {
  const depth = value === undefined ? DEFAULT_DEPTH : Number(value)
  if (typeof value === 'boolean' || Number.isNaN(depth) || depth < 0) {
    throw new TypeError('option depth must be a zero or a positive number')
  }
  return depth
}

/** Express 4's built-in reads UTF-8 forms only. */
const frameworkCharset = charsetChoice('utf-8', (charset) => charset === 'utf-8')

/** Creates a urlencoded parser: `req.body` becomes an object of the form's fields. */
export function createUrlencodedParser (options: StandaloneUrlencodedOptions | undefined, flavor: BodyFlavor): BodyParserHandler {
  const opts = options || {}
  const standalone = flavor.name === 'standalone'
  const extended = opts.extended === undefined ? !standalone : Boolean(opts.extended)
  const defaultCharset = opts.defaultCharset === undefined ? 'utf-8' : opts.defaultCharset
  if (standalone && !FORM_CHARSETS.includes(defaultCharset)) {
    throw new TypeError('option defaultCharset must be either utf-8 or iso-8859-1')
  }
  const parse = compileUrlencodedParse({
    extended,
    parameterLimit: checkParameterLimit(opts.parameterLimit),
    depth: checkDepth(opts.depth),
    flat: standalone ? 'qs' : 'querystring',
    charsetSentinel: standalone && opts.charsetSentinel === true,
    interpretNumericEntities: standalone && opts.interpretNumericEntities === true
  })

  const charset = standalone ? charsetChoice(defaultCharset, (value) => FORM_CHARSETS.includes(value)) : frameworkCharset

  return createBodyParser(flavor, normalizeBodyOptions(opts, DEFAULT_TYPE), {
    name: 'urlencodedParser',
    charset,
    parse: parse as (body: string | Buffer, charset: string | null) => unknown,
    experimentalZstd: opts.experimentalZstd
  })
}
