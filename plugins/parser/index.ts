// The standalone body parser, `require('ristretto/parser')`: body-parser 2 compatible, CommonJS `export =`.
import { STANDALONE_FLAVOR, type BodyParserHandler, type BodyParserOptions, type TypeOption, type VerifyFunction } from '../body-reader'
import { createJsonParser, type StandaloneJsonOptions } from '../body-json'
import { createRawParser, type StandaloneRawOptions } from '../body-raw'
import { createTextParser, type StandaloneTextOptions } from '../body-text'
import { createUrlencodedParser, type StandaloneUrlencodedOptions } from '../body-urlencoded'

/**
 * The generic `bodyParser()` of body-parser 1 no longer exists: calling it throws and names
 * the four parsers to use instead.
 */
function parser (): never {
  throw new Error('The bodyParser() generic has been split into individual middleware: ' +
    'use parser.json(), parser.raw(), parser.text() or parser.urlencoded() instead')
}

/**
 * JSON bodies into `req.body` (default type `application/json`, `strict` by default).
 *
 * @example app.post('/api', parser.json({ limit: '1mb' }), handler)
 */
parser.json = function json (options?: StandaloneJsonOptions): BodyParserHandler {
  return createJsonParser(options, STANDALONE_FLAVOR)
}

/** Bodies as a Buffer in `req.body` (default type `application/octet-stream`). */
parser.raw = function raw (options?: StandaloneRawOptions): BodyParserHandler {
  return createRawParser(options, STANDALONE_FLAVOR)
}

/** Bodies as a string in `req.body` (default type `text/plain`). */
parser.text = function text (options?: StandaloneTextOptions): BodyParserHandler {
  return createTextParser(options, STANDALONE_FLAVOR)
}

/** Form bodies into `req.body` (default type `application/x-www-form-urlencoded`, `extended` false). */
parser.urlencoded = function urlencoded (options?: StandaloneUrlencodedOptions): BodyParserHandler {
  return createUrlencodedParser(options, STANDALONE_FLAVOR)
}

// The option types, reachable as `parser.JsonOptions` from `import parser = require('ristretto/parser')`.
declare namespace parser {
  /** Options every parser takes (`parser.raw`'s). */
  export type Options = BodyParserOptions
  /** Options of `parser.json` (`@types/body-parser`'s name). */
  export type OptionsJson = StandaloneJsonOptions
  /** Options of `parser.text` (`@types/body-parser`'s name). */
  export type OptionsText = StandaloneTextOptions
  /** Options of `parser.urlencoded` (`@types/body-parser`'s name). */
  export type OptionsUrlencoded = StandaloneUrlencodedOptions
  export type JsonOptions = StandaloneJsonOptions
  export type RawOptions = StandaloneRawOptions
  export type TextOptions = StandaloneTextOptions
  export type UrlencodedOptions = StandaloneUrlencodedOptions
  export type Handler = BodyParserHandler
  export type Type = TypeOption
  export type Verify = VerifyFunction
}

export = parser
