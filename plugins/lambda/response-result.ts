// Turns the app's finished response into the Lambda result for the kind of event it answers.
/// <reference types="node" preserve="true" />
import type { OutgoingHttpHeaders } from 'http'
import type { BinaryTest } from './binary'
import type { LambdaRequest } from './event-request'
import type { LambdaResult } from './types'

const SET_COOKIE = 'set-cookie'

function text (value: unknown): string {
  return value === null || value === undefined ? '' : String(value)
}

/**
 * The response's headers as API Gateway takes them: every header in `headers` (an array's
 * values joined by `, `) but an array of `Set-Cookie`, and each header set as an array in
 * `multiValueHeaders` too.
 */
export function splitHeaders (store: OutgoingHttpHeaders): { headers: Record<string, string>, multiValueHeaders: Record<string, string[]> } {
  const headers: Record<string, string> = {}
  const multiValueHeaders: Record<string, string[]> = {}
  for (const name of Object.keys(store)) {
    const value = store[name]
    if (Array.isArray(value)) {
      multiValueHeaders[name] = value.map(text)
      if (name !== SET_COOKIE) headers[name] = value.join(', ')
    } else {
      headers[name] = text(value)
    }
  }
  return { headers, multiValueHeaders }
}

/** Every header as a list of values, as ALB's multi-value mode takes them. */
function everyValue (store: OutgoingHttpHeaders): Record<string, string[]> {
  const all: Record<string, string[]> = {}
  for (const name of Object.keys(store)) {
    const value = store[name]
    all[name] = Array.isArray(value) ? value.map(text) : [text(value)]
  }
  return all
}

/** What the result is read from: the finished response's status and header store, and the body it sent. */
export interface FinishedResponse {
  statusCode: number
  headers: OutgoingHttpHeaders
  body: Buffer
}

/**
 * The result for `request`'s kind of event: payload 1.0 with `headers` and `multiValueHeaders`,
 * payload 2.0 with `headers` and `cookies`, ALB with `multiValueHeaders` when its event had them,
 * else `headers`. The body is base64 when `isBinary` says so, else UTF-8 text.
 */
export function toResult (request: LambdaRequest, response: FinishedResponse, isBinary: BinaryTest): LambdaResult {
  const { statusCode } = response
  const { headers, multiValueHeaders } = splitHeaders(response.headers)
  const isBase64Encoded = isBinary(headers)
  const body = response.body.toString(isBase64Encoded ? 'base64' : 'utf8')
  if (request.kind === 'alb') {
    const multiValue = (request.event as { multiValueHeaders?: unknown }).multiValueHeaders
    return multiValue
      ? { statusCode, isBase64Encoded, body, multiValueHeaders: everyValue(response.headers) }
      : { statusCode, isBase64Encoded, body, headers }
  }
  if (request.kind === 'v2') return { statusCode, isBase64Encoded, body, headers, cookies: multiValueHeaders[SET_COOKIE] ?? [] }
  return { statusCode, isBase64Encoded, body, headers, multiValueHeaders }
}
