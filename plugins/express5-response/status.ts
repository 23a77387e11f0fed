// res.status(code) and res.sendStatus(code) as Express 5 has them: only integer codes from 100 to 999.
import type { Response } from '../../kernel/types'
import { statusMessage } from '../response/status'

/**
 * Sets `statusCode`; chainable.
 * @throws TypeError when `code` is not an integer, RangeError when it is outside 100..999.
 */
export function status (this: Response, code: number): Response {
  if (!Number.isInteger(code)) {
    throw new TypeError(`Invalid status code: ${JSON.stringify(code)}. Status code must be an integer.`)
  }
  if (code < 100 || code > 999) {
    throw new RangeError(`Invalid status code: ${JSON.stringify(code)}. Status code must be greater than 99 and less than 1000.`)
  }
  this.statusCode = code
  return this
}

/** Sets the status (validated as by `res.status`) and sends its message, or the bare number, as plain text. */
export function sendStatus (this: Response, code: number): Response {
  const body = statusMessage(code) ?? String(code)
  this.status(code)
  this.type('txt')
  return this.send(body)
}
