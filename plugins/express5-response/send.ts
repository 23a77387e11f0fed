// res.send, res.json and res.jsonp as Express 5 has them: one argument, the body.
import type { Response } from '../../kernel/types'
import { sendBody } from '../response/send'
import { sendJson, sendJsonp } from '../response/json'

/**
 * Sends the response: strings as `text/html` (unless a type is set) in UTF-8, Buffers and other
 * typed arrays or DataViews as `application/octet-stream` bytes, `null` as an empty body, and
 * numbers, booleans and other objects as JSON.
 * @example res.status(201).send({ id: 1 })
 */
export function send (this: Response, body?: unknown): Response {
  if (ArrayBuffer.isView(body) && !Buffer.isBuffer(body)) {
    if (!this.get('Content-Type')) this.type('bin')
    return sendBody(this, Buffer.from(body.buffer, body.byteOffset, body.byteLength))
  }
  return sendBody(this, body)
}

/** Sends `body` as JSON (`application/json` unless a type is set), with the `json *` settings. */
export function json (this: Response, body?: unknown): Response {
  return sendJson(this, body)
}

/** Like `res.json`, wrapped in a call of the callback the `jsonp callback name` query parameter names, when it does. */
export function jsonp (this: Response, body?: unknown): Response {
  return sendJsonp(this, body)
}
