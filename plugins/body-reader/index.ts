// The body reader shared by the four body parsers: options, type matching, charsets, inflating, reading.
export { createBodyParser, type BodyParserHandler, type ParserDefinition } from './create-parser'
export { FRAMEWORK_FLAVOR, STANDALONE_FLAVOR, type BodyFlavor, type BodyRequest } from './flavors'
export {
  normalizeBodyOptions, parseLimit, DEFAULT_LIMIT,
  type BodyParserOptions, type NormalizedBodyOptions, type TypeOption, type VerifyFunction
} from './options'
export { compileTypeMatcher, type TypeMatcher } from './type-matcher'
export { requestCharset, unsupportedCharset, charsetChoice, CURRENT_CHARSETS, type CharsetSupport } from './charset'
export { LEGACY_CHARSETS } from './legacy-charsets'
export { readBody, type BodyParse, type BodyReader } from './read-body'
export { drainRequest } from './drain'
export { bodyPolicy, type BodyPolicy } from './policy'
export { watchIdleBody, bodyTimeoutError } from './idle-body'
export type { CodingSupport } from './content-coding'
