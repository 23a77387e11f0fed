// res.send, res.json and res.jsonp as Express 5 has them: one argument, the body.
import { format, parse } from 'content-type-2'
import type { Response } from '../../kernel/types'
import { sendBody, type SendRules } from '../response/send'
import { sendJson, sendJsonp } from '../response/json'
import { memoizeString } from '../response/string-memo'

/**
 * `value` with `charset=utf-8`, by content-type 2: parameters that parse are kept in their
 * order (a replaced charset keeps its place, a new one goes last), those that do not are
 * dropped; a type or parameter name that cannot be written back throws a TypeError.
 */
const setUtf8Charset = memoizeString(function setUtf8Charset (value: string): string {
  const parsed = parse(value)
  parsed.parameters.charset = 'utf-8'
  return format(parsed)
})

/** Express 5.3's: content-type 2 sets the charset of text bodies only; no Content-Length beside a Transfer-Encoding. */
const EXPRESS5_SEND_RULES: Readonly<SendRules> = {
  withUtf8Charset: setUtf8Charset,
  charsetForNull: false,
  lengthWithTransferEncoding: false
}

/**
 * Sends the response: strings as `text/html` (unless a type is set) in UTF-8, Buffers and other
 * typed arrays or DataViews as `application/octet-stream` bytes, `null` as an empty body, and
 * numbers, booleans and other objects as JSON. Content-Length is left out when the response has
 * a Transfer-Encoding.
 * @example res.status(201).send({ id: 1 })
 */
export function send (this: Response, body?: unknown): Response {
  if (ArrayBuffer.isView(body) && !Buffer.isBuffer(body)) {
    if (!this.get('Content-Type')) this.type('bin')
    return sendBody(this, Buffer.from(body.buffer, body.byteOffset, body.byteLength), EXPRESS5_SEND_RULES)
  }
  return sendBody(this, body, EXPRESS5_SEND_RULES)
}

/** Sends `body` as JSON (`application/json` unless a type is set), with the `json *` settings. */
export function json (this: Response, body?: unknown): Response {
  return sendJson(this, body)
}

/** Like `res.json`, wrapped in a call of the callback the `jsonp callback name` query parameter names, when it does. */
export function jsonp (this: Response, body?: unknown): Response {
  return sendJsonp(this, body)
}
