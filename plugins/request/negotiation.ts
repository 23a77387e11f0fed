// req.accepts*, content negotiation on the Accept, Accept-Charset, Accept-Encoding and Accept-Language headers.
/// <reference types="node" preserve="true" />
import type acceptsFactory from 'accepts'
import { deprecate } from '../../kernel/deprecate'
import type { IncomingMessage } from 'http'

let acceptsModule: typeof acceptsFactory | undefined

/** accepts (with negotiator), required on the first negotiation: many apps never negotiate, so startup skips it. */
function negotiator (req: IncomingMessage): ReturnType<typeof acceptsFactory> {
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  acceptsModule ??= require('accepts') as typeof acceptsFactory
  return acceptsModule(req)
}

type Offers = Array<string | string[]>
type NegotiationHelper = (this: IncomingMessage, ...offers: Offers) => string | string[] | false

/** A negotiation helper named `name`: the best of the offers by the header `kind` reads, `false`, or all it accepts. */
function negotiation (name: string, kind: 'types' | 'encodings' | 'charsets' | 'languages'): NegotiationHelper {
  const negotiate: NegotiationHelper = function (...offers) {
    return negotiator(this)[kind](...(offers as string[]))
  }
  Object.defineProperty(negotiate, 'name', { configurable: true, value: name })
  return negotiate
}

/**
 * The best of the offered types for the `Accept` header (extension names such as `json`
 * or media types, as a list, an array or a comma-separated string), `false` when none is
 * acceptable (answer 406), or every accepted type when called without arguments.
 */
export const accepts = negotiation('accepts', 'types')

/** The first offered encoding acceptable per `Accept-Encoding`, `false` if none, or all accepted encodings. */
export const acceptsEncodings = negotiation('acceptsEncodings', 'encodings')

/** The first offered charset acceptable per `Accept-Charset`, `false` if none, or all accepted charsets. */
export const acceptsCharsets = negotiation('acceptsCharsets', 'charsets')

/** The first offered language acceptable per `Accept-Language`, `false` if none, or all accepted languages. */
export const acceptsLanguages = negotiation('acceptsLanguages', 'languages')

/** @deprecated since Express 4: use `req.acceptsEncodings`. */
export const acceptsEncoding = deprecate.function(acceptsEncodings, 'req.acceptsEncoding: Use acceptsEncodings instead')
/** @deprecated since Express 4: use `req.acceptsCharsets`. */
export const acceptsCharset = deprecate.function(acceptsCharsets, 'req.acceptsCharset: Use acceptsCharsets instead')
/** @deprecated since Express 4: use `req.acceptsLanguages`. */
export const acceptsLanguage = deprecate.function(acceptsLanguages, 'req.acceptsLanguage: Use acceptsLanguages instead')
