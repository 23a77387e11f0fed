// Creates a raw body parser of either flavor: `req.body` becomes the body's Buffer.
import { createBodyParser, normalizeBodyOptions, type BodyFlavor, type BodyParserHandler, type BodyParserOptions } from '../body-reader'

/** Options of the raw parser. */
export type RawOptions = BodyParserOptions

/** Options of the standalone raw parser (body-parser 2). */
export interface StandaloneRawOptions extends RawOptions {
  /** Inflate `zstd` bodies where the runtime's zlib can. */
  experimentalZstd?: boolean
}

const DEFAULT_TYPE = 'application/octet-stream'

/** Raw bodies are never decoded, whatever the Content-Type's charset says. */
function noCharset (): null { return null }

function keepBuffer (body: string | Buffer): Buffer { return body as Buffer }

/** Creates a raw parser: `req.body` becomes a Buffer (empty for an empty body). */
export function createRawParser (options: StandaloneRawOptions | undefined, flavor: BodyFlavor): BodyParserHandler {
  const opts = options || {}
  return createBodyParser(flavor, normalizeBodyOptions(opts, DEFAULT_TYPE), {
    name: 'rawParser',
    charset: noCharset,
    parse: keepBuffer,
    experimentalZstd: opts.experimentalZstd
  })
}
