// The errors of a read body that verify refused or the parse step could not turn into `req.body`.
/// <reference types="node" preserve="true" />
import createError from 'http-errors'
import type { HttpError } from '../shared/http-error'

/** What http-errors accepts as the cause of an error: an Error, a message, or (ignored but for `type`) an object. */
type Cause = Error | string | object

/**
 * Thrown values http-errors takes as they are. Anything else (null, undefined, a number, a
 * boolean, a symbol, a function) would make the reference throw from inside the request's
 * stream events; it becomes an Error whose message is the value as a string.
 */
function asCause (thrown: unknown): Cause {
  if (typeof thrown === 'string') return thrown
  if (thrown !== null && typeof thrown === 'object') return thrown
  return new Error(String(thrown))
}

function typeOf (cause: Cause, fallback: string): unknown {
  return typeof cause === 'string' ? fallback : (cause as { type?: unknown }).type || fallback
}

/**
 * The error for a body `verify` threw on: 403 `entity.verify.failed` with the raw body, unless
 * the thrown error has its own status or `type`. A thrown string is the message of a 403; a
 * thrown object that is not an Error only lends its `type` (the message is `Forbidden`).
 */
export function verifyFailed (thrown: unknown, body: Buffer): HttpError {
  const cause = asCause(thrown)
  return createError(403, cause, { body, type: typeOf(cause, 'entity.verify.failed') })
}

/**
 * The error for a body the parse step refused: 400 `entity.parse.failed` with the body as
 * decoded (or the Buffer when decoding failed), unless the thrown error has its own status or `type`.
 */
export function parseFailed (thrown: unknown, body: string | Buffer): HttpError {
  const cause = asCause(thrown)
  return createError(400, cause, { body, type: typeOf(cause, 'entity.parse.failed') })
}
