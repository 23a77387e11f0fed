// Creates a text body parser of either flavor: `req.body` becomes the decoded string.
import type { IncomingMessage } from 'http'
import {
  createBodyParser, normalizeBodyOptions, requestCharset,
  type BodyFlavor, type BodyParserHandler, type BodyParserOptions
} from '../body-reader'

/** Options of the text parser. */
export interface TextOptions extends BodyParserOptions {
  /** Charset used when the Content-Type has none (default `utf-8`). */
  defaultCharset?: string
}

/** Options of the standalone text parser (body-parser 2). */
export interface StandaloneTextOptions extends TextOptions {
  /** Inflate `zstd` bodies where the runtime's zlib can. */
  experimentalZstd?: boolean
}

const DEFAULT_TYPE = 'text/plain'
const DEFAULT_CHARSET = 'utf-8'

function keepString (body: string | Buffer): string { return body as string }

/** Creates a text parser: `req.body` becomes a string (empty for an empty body). */
export function createTextParser (options: StandaloneTextOptions | undefined, flavor: BodyFlavor): BodyParserHandler {
  const opts = options || {}
  const defaultCharset = opts.defaultCharset || DEFAULT_CHARSET
  return createBodyParser(flavor, normalizeBodyOptions(opts, DEFAULT_TYPE), {
    name: 'textParser',
    charset: function textCharset (req: IncomingMessage): string { return requestCharset(req) || defaultCharset },
    parse: keepString,
    experimentalZstd: opts.experimentalZstd
  })
}
