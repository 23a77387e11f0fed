// req.accepts*, content negotiation on the Accept, Accept-Charset, Accept-Encoding and Accept-Language headers.
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

/**
 * The best of the offered types for the `Accept` header (extension names such as `json`
 * or media types, as a list, an array or a comma-separated string), `false` when none is
 * acceptable (answer 406), or every accepted type when called without arguments.
 */
export function accepts (this: IncomingMessage, ...types: Offers): string | string[] | false {
  const accept = negotiator(this)
  return accept.types(...(types as string[]))
}

/** The first offered encoding acceptable per `Accept-Encoding`, `false` if none, or all accepted encodings. */
export function acceptsEncodings (this: IncomingMessage, ...encodings: Offers): string | string[] | false {
  const accept = negotiator(this)
  return accept.encodings(...(encodings as string[]))
}

/** The first offered charset acceptable per `Accept-Charset`, `false` if none, or all accepted charsets. */
export function acceptsCharsets (this: IncomingMessage, ...charsets: Offers): string | string[] | false {
  const accept = negotiator(this)
  return accept.charsets(...(charsets as string[]))
}

/** The first offered language acceptable per `Accept-Language`, `false` if none, or all accepted languages. */
export function acceptsLanguages (this: IncomingMessage, ...languages: Offers): string | string[] | false {
  const accept = negotiator(this)
  return accept.languages(...(languages as string[]))
}

/** @deprecated since Express 4: use `req.acceptsEncodings`. */
export const acceptsEncoding = deprecate.function(acceptsEncodings, 'req.acceptsEncoding: Use acceptsEncodings instead')
/** @deprecated since Express 4: use `req.acceptsCharsets`. */
export const acceptsCharset = deprecate.function(acceptsCharsets, 'req.acceptsCharset: Use acceptsCharsets instead')
/** @deprecated since Express 4: use `req.acceptsLanguages`. */
export const acceptsLanguage = deprecate.function(acceptsLanguages, 'req.acceptsLanguage: Use acceptsLanguages instead')
