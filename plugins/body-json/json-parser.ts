// Creates a JSON body parser of either flavor.
import { charsetChoice, createBodyParser, normalizeBodyOptions, type BodyFlavor, type BodyParserHandler, type BodyParserOptions } from '../body-reader'
import { compileJsonParse, type JsonReviver } from './parse-json'

/** Options of the JSON parser. */
export interface JsonOptions extends BodyParserOptions {
  /** Passed to JSON.parse as its second argument. */
  reviver?: JsonReviver
  /** Accept only objects and arrays (default true); when false, anything JSON.parse accepts. */
  strict?: boolean
}

/** Options of the standalone JSON parser (body-parser 2). */
export interface StandaloneJsonOptions extends JsonOptions {
  /** Inflate `zstd` bodies where the runtime's zlib can. */
  experimentalZstd?: boolean
}

const DEFAULT_TYPE = 'application/json'
/** JSON is Unicode: any `utf-*` charset is read, others refused (RFC 8259 / 7159 §8.1). */
const UNICODE_PREFIX = 'utf-'

const jsonCharset = charsetChoice('utf-8', (charset) => charset.startsWith(UNICODE_PREFIX))

/** Creates a JSON parser: `req.body` becomes the parsed value. */
export function createJsonParser (options: StandaloneJsonOptions | undefined, flavor: BodyFlavor): BodyParserHandler {
  const opts = options || {}
  const parse = compileJsonParse(opts.reviver, opts.strict !== false)
  return createBodyParser(flavor, normalizeBodyOptions(opts, DEFAULT_TYPE), {
    name: 'jsonParser',
    charset: jsonCharset,
    parse: parse as (body: string | Buffer) => unknown,
    experimentalZstd: opts.experimentalZstd
  })
}
