// ESM entry of `ristretto/parser`: the same parser object, with its four parsers as named exports.
import parser from './index.js'

export default parser
export const json = parser.json
export const raw = parser.raw
export const text = parser.text
export const urlencoded = parser.urlencoded
