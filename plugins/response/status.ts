// res.status(code) and res.sendStatus(code): the status line.
import type statuses from 'statuses'
import type { Response } from '../../kernel/types'
import { reporter } from '../../kernel/deprecate'

let statusesModule: typeof statuses | undefined

/** Reports the deprecated forms of this module's members at the user's call ({@link reporter}). */
const deprecate = reporter()

/** Sets `statusCode`; chainable. Node validates the code when the head is written (100..999, else RangeError). */
export function status (this: Response, code: number): Response {
  // Strings and fractions work (node floors them) but are not status codes: say so once.
  if ((typeof code === 'string' || Math.floor(code) !== code) && code > 99 && code < 1000) {
    deprecate(`res.status(${JSON.stringify(code)}): use res.status(${Math.floor(code)}) instead`)
  }
  this.statusCode = code
  return this
}

/** Sets the status and sends its message (or the bare number when unknown) as plain text. */
export function sendStatus (this: Response, code: number): Response {
  const body = statusMessage(code) ?? String(code)
  this.statusCode = code
  this.type('txt')
  return this.send(body)
}

/** The standard message of a status code, or undefined when there is none. */
export function statusMessage (code: unknown): string | undefined {
  // The statuses package, required by the first message looked up.
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  statusesModule ??= require('statuses') as typeof statuses
  const message = (statusesModule.message as Record<string, string | undefined>)[code as number]
  return typeof message === 'string' ? message : undefined
}
