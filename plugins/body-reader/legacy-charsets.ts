// The charsets Express 4's built-in parsers decode: body-parser 1.20 bundles iconv-lite 0.4,
// which knows fewer charsets than the iconv-lite 0.7 installed here and maps two GBK code points
// the other way round. This table describes 0.4 on top of 0.7.
import { CURRENT_CHARSETS, unsupportedCharset, type CharsetSupport } from './charset'

/** Charsets iconv-lite 0.7 knows and 0.4 does not, as canonical names. */
const UNKNOWN_TO_0_4: ReadonlySet<string> = new Set([
  'utf32', 'utf32le', 'utf32be', 'ucs4', 'ucs4le', 'ucs4be', 'cp720', 'iso88598i', 'iso88598e'
])

/**
 * iconv-lite 0.4 looks names up in plain objects, so `constructor` finds Object: the charset
 * "exists", and asking it for a decoder fails with a TypeError (see {@link inheritedNameError}).
 */
const INHERITED_NAME = 'constructor'

/**
 * What 0.4 decodes differently, per codec: the characters 0.7's output holds in their place.
 * 0.4 reads GBK A8BC as U+E7C7 where 0.7 reads U+1E3F; GB18030 has the pair swapped at 8135F437,
 * and GBK in 0.4 does not read 8135F437 at all (two replacement characters around `5` and `7`).
 */
const GBK_0_4: Readonly<Record<string, string>> = { '\u1e3f': '\ue7c7', '\ue7c7': '\ufffd5\ufffd7' }
const GB18030_0_4: Readonly<Record<string, string>> = { '\u1e3f': '\ue7c7', '\ue7c7': '\u1e3f' }
/** The codecs concerned, by every name iconv-lite knows them under. */
const REMAPPED_CODECS: ReadonlyMap<string, Readonly<Record<string, string>>> = new Map([
  ['gbk', GBK_0_4], ['xgbk', GBK_0_4], ['isoir58', GBK_0_4], ['gb18030', GB18030_0_4], ['chinese', GB18030_0_4]
])
const REMAPPED_CHARACTERS = /[\u1e3f\ue7c7]/g

/** A charset name as iconv-lite looks it up: lower-case letters and digits, a trailing `:year` dropped. */
function canonicalName (charset: string): string {
  return charset.toLowerCase().replace(/:\d{4}$|[^0-9a-z]/g, '')
}

/**
 * The TypeError iconv-lite 0.4's `getDecoder` throws for `constructor`, made by the expression
 * that throws it there (its codec is an object without `decoder`): the engine words it from that
 * expression (V8 `codec.decoder is not a constructor`, JavaScriptCore `undefined is not a
 * constructor (evaluating 'new codec.decoder(options, codec)')`), so keep the text as it is.
 */
function inheritedNameError (): TypeError {
  const codec = {} as { decoder: new (options: undefined, codec: object) => unknown }
  const options = undefined
  try {
    // eslint-disable-next-line no-new
    new codec.decoder(options, codec)
  } catch (err) {
    return err as TypeError
  }
  throw new Error('unreachable: an object without decoder made one')
}

/** iconv-lite 0.4, the charsets Express 4's built-in parsers decode. */
export const LEGACY_CHARSETS: CharsetSupport = Object.freeze({
  exists (charset: string): boolean {
    if (charset === 'utf-8') return true
    const name = canonicalName(charset)
    return name === INHERITED_NAME || (!UNKNOWN_TO_0_4.has(name) && CURRENT_CHARSETS.exists(charset))
  },
  lookupError (charset: string): Error | undefined {
    if (charset === 'utf-8') return undefined
    const name = canonicalName(charset)
    if (name === INHERITED_NAME) return inheritedNameError()
    return UNKNOWN_TO_0_4.has(name) ? unsupportedCharset(charset, charset.toLowerCase()) : CURRENT_CHARSETS.lookupError(charset)
  },
  decode (buf: Buffer, charset: string): string {
    if (charset === 'utf-8') return CURRENT_CHARSETS.decode(buf, charset)
    const name = canonicalName(charset)
    if (name === INHERITED_NAME) throw inheritedNameError()
    const text = CURRENT_CHARSETS.decode(buf, charset)
    const remapped = REMAPPED_CODECS.get(name)
    return remapped === undefined ? text : text.replace(REMAPPED_CHARACTERS, (c) => remapped[c])
  }
})
