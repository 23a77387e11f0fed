// Builds a body-parsing middleware from a flavor, the shared options and a parser's own pieces.
/// <reference types="node" preserve="true" />
import type { IncomingMessage, ServerResponse } from 'http'
import type { NextCallback, NodeMiddleware } from '../../kernel/types'
import { hasBody } from '../shared/has-body'
import { readBody, type BodyParse, type BodyReader } from './read-body'
import { codingSupport, type BodyFlavor, type BodyRequest } from './flavors'
import type { NormalizedBodyOptions } from './options'

/** A body-parsing middleware: `(req, res, next)`. */
export type BodyParserHandler = NodeMiddleware

/** What makes one parser: its name (for stack traces and `layer.name`), charset choice and parse step. */
export interface ParserDefinition {
  /** The middleware's function name, such as `jsonParser`. */
  readonly name: string
  /**
   * The charset to decode this request with, or `null` to keep the raw Buffer. Throws an
   * http-errors error (415 `charset.unsupported`) for a charset the parser refuses.
   */
  readonly charset: (req: IncomingMessage) => string | null
  readonly parse: BodyParse
  /** Inflate `zstd` too, where the runtime can (standalone parsers only). */
  readonly experimentalZstd?: boolean
}

/**
 * Creates the middleware. Per request: skip a body another parser took, set the initial
 * `req.body`, skip requests without a body or of another type, then read.
 */
export function createBodyParser (flavor: BodyFlavor, options: NormalizedBodyOptions, definition: ParserDefinition): BodyParserHandler {
  const reader: BodyReader = {
    inflate: options.inflate,
    limit: options.limit,
    verify: options.verify,
    codings: codingSupport(flavor, definition.experimentalZstd),
    charsets: flavor.charsets,
    parse: definition.parse,
    policy: flavor.policy
  }
  const matches = options.matches
  const charsetOf = definition.charset

  const handler = function bodyParser (req: IncomingMessage, res: ServerResponse, next: NextCallback): void {
    const request = req as BodyRequest
    if (flavor.isTaken(request)) {
      next()
      return
    }
    flavor.initBody(request)
    if (!hasBody(req) || !matches(req)) {
      next()
      return
    }
    let charset: string | null
    try {
      charset = charsetOf(req)
    } catch (err) {
      next(err)
      return
    }
    readBody(request, res, next, reader, charset)
  }
  Object.defineProperty(handler, 'name', { value: definition.name, configurable: true })
  return handler
}
