// res.format(handlers): content negotiation on Accept.
import type createError from 'http-errors'
import type { Response, NextFunction } from '../../kernel/types'
import type { FormatHandlers } from './types'
import { mediaTypeOf } from './content-type'

let createErrorModule: typeof createError | undefined

/** The key of the fallback handler. */
const DEFAULT_KEY = 'default'

/** What `format` needs from the request (provided by the request plugin). */
interface NegotiatingRequest {
  accepts (types: string[]): string | false
  next?: NextFunction
}

/** The bare media type of a handler key: parameters dropped, extensions looked up. */
function mediaTypeOfKey (key: string): string {
  const semicolon = key.indexOf(';')
  return mediaTypeOf((semicolon === -1 ? key : key.slice(0, semicolon)).trim())
}

/**
 * Calls the handler for the type the client prefers (`this` is `handlers`), setting `Content-Type`.
 * With no acceptable type: `default` if given, else `next(err)` with a 406 error whose `types` lists the offers.
 * @example res.format({ html () { res.send('<p>hi</p>') }, json () { res.send({ hi: true }) } })
 */
export function format (this: Response, handlers: FormatHandlers): Response {
  const req = this.req as unknown as NegotiatingRequest
  const next = req.next as NextFunction
  const keys = Object.keys(handlers).filter((key) => key !== DEFAULT_KEY)
  const key = keys.length > 0 ? req.accepts(keys) : false

  this.vary('Accept')

  if (key) {
    this.set('Content-Type', mediaTypeOfKey(key))
    handlers[key]!(this.req, this, next)
  } else if (handlers.default) {
    handlers.default(this.req, this, next)
  } else {
    // http-errors, required by the first answer that finds no acceptable type.
    // eslint-disable-next-line @typescript-eslint/no-require-imports
    createErrorModule ??= require('http-errors') as typeof createError
    next(createErrorModule(406, { types: keys.map(mediaTypeOfKey) }))
  }
  return this
}
