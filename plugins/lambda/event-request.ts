// Reads a Lambda event into the request the app receives: method, URL, headers, body and client address.
/// <reference types="node" preserve="true" />
import querystring = require('querystring')
import type { LambdaEvent } from './types'

/** How a result is shaped: API Gateway payload 1.0 (REST APIs, HTTP APIs 1.0), payload 2.0 (HTTP APIs 2.0, Function URLs), ALB. */
export type EventKind = 'v1' | 'v2' | 'alb'

/** The request an event stands for. */
export interface LambdaRequest {
  kind: EventKind
  method: string
  /** Path and query, as the app's `req.url`. */
  url: string
  /** Names in lowercase, one value each: the event's, and `content-length` the body's length as a number unless the event gives one. */
  headers: Record<string, unknown>
  body: Buffer
  /** The event's source IP; none for ALB. */
  remoteAddress: string | undefined
  /** The event with the defaults filled in: what `req.apiGateway.event` is. */
  event: LambdaEvent
}

/** What reading an event depends on. */
export interface ReadOptions {
  basePath?: string
  /** The header given `requestContext.requestId`; `false` or `''` for none. */
  requestId: string | false
}

/** The header the request ID goes to unless the options name another. */
export const DEFAULT_REQUEST_ID = 'x-request-id'
const PAYLOAD_2 = '2.0'
/** ALB sends a space in a query as `+`, which `decodeURIComponent` leaves as is. */
const PLUS = /[+]/g
const ENCODED_SPACE = '%20'
/** Characters a path cannot hold in a URL, as node's `url.format` escapes them. */
const PATH_DELIMITERS = /[?#]/g
const HASH = /#/g

/** An event's fields, as read: anything may be missing or of another type. */
type Fields = Record<string, unknown>

function fieldsOf (value: unknown): Fields {
  return value !== null && typeof value === 'object' ? value as Fields : {}
}

/** The event's kind: `requestContext.elb` makes an ALB event, `version: '2.0'` payload 2.0, anything else payload 1.0. */
export function eventKind (event: Fields): EventKind {
  if (fieldsOf(event.requestContext).elb) return 'alb'
  return event.version === PAYLOAD_2 ? 'v2' : 'v1'
}

/** `value` with `+` read as a space and percent-encoding decoded; with `+` replaced only, when it does not decode. */
function decodeAlbValue (value: unknown): unknown {
  if (typeof value !== 'string') return value
  const spaced = value.replace(PLUS, ENCODED_SPACE)
  try {
    return decodeURIComponent(spaced)
  } catch {
    return spaced
  }
}

/** ALB's query parameters (names and values, arrays of values) decoded as API Gateway's already are. */
function decodeAlbQuery (query: unknown): unknown {
  if (typeof query === 'string') return decodeAlbValue(query)
  if (Array.isArray(query)) return query.map(decodeAlbQuery)
  if (query === null || typeof query !== 'object') return query
  const decoded: Fields = {}
  for (const name of Object.keys(query)) decoded[decodeAlbValue(name) as string] = decodeAlbQuery((query as Fields)[name])
  return decoded
}

/** The path from after the first occurrence of `basePath` (`/` when nothing follows); `/` for no path. */
function removeBasePath (path: unknown, basePath: string | undefined): unknown {
  if (path === undefined) path = '/'
  if (!basePath || typeof path !== 'string') return path
  const at = path.indexOf(basePath)
  return at === -1 ? path : path.slice(at + basePath.length) || '/'
}

/**
 * A copy of the event with serverless-http's defaults: `requestContext` (with `identity` or, for
 * payload 2.0, `authorizer` and `http.method`), `headers`, `body`, the method, the path without
 * the base path, and ALB's query parameters decoded. The event given is left as it is.
 */
function withDefaults (input: Fields, kind: EventKind, basePath: string | undefined): Fields {
  const event: Fields = { ...input }
  const context: Fields = { ...fieldsOf(input.requestContext || {}) }
  event.requestContext = context
  event.body = input.body || ''
  event.headers = input.headers || {}
  if (kind === 'alb') {
    if (input.multiValueQueryStringParameters) event.multiValueQueryStringParameters = decodeAlbQuery(input.multiValueQueryStringParameters)
    if (input.queryStringParameters) event.queryStringParameters = decodeAlbQuery(input.queryStringParameters)
  }
  // `requestPath`, where a local emulator sets it, is read before the event's own path.
  if (kind === 'v2') {
    context.authorizer = context.authorizer || {}
    const http = { ...fieldsOf(context.http) }
    http.method = http.method || 'GET'
    context.http = http
    event.rawPath = removeBasePath(input.requestPath || input.rawPath, basePath)
  } else {
    context.identity = context.identity || {}
    event.httpMethod = input.httpMethod || 'GET'
    event.path = removeBasePath(input.requestPath || input.path, basePath)
  }
  return event
}

/** Headers by lowercase name: payload 2.0's `cookies` as `cookie`, then multi-value headers (joined by `, `), then single-value ones. */
function requestHeaders (event: Fields, kind: EventKind): Record<string, unknown> {
  const headers: Record<string, unknown> = {}
  if (kind === 'v2' && Array.isArray(event.cookies)) headers.cookie = event.cookies.join('; ')
  if (event.multiValueHeaders) {
    const multi = fieldsOf(event.multiValueHeaders)
    for (const name of Object.keys(multi)) {
      const values = multi[name]
      headers[name.toLowerCase()] = Array.isArray(values) ? values.join(', ') : values
    }
  }
  const single = fieldsOf(event.headers)
  for (const name of Object.keys(single)) headers[name.toLowerCase()] = single[name]
  return headers
}

/** The body's bytes: text as UTF-8, or base64 when `isBase64Encoded`; an object (a test's event) as JSON. */
function requestBody (event: Fields): Buffer {
  const body = event.body
  if (Buffer.isBuffer(body)) return body
  if (typeof body === 'string') return Buffer.from(body, event.isBase64Encoded ? 'base64' : 'utf8')
  if (typeof body === 'object') return Buffer.from(JSON.stringify(body))
  throw new TypeError(`Unexpected event.body type: ${typeof body}`)
}

/** A path and a query string as node's `url.format({ pathname, search })` joins them. */
function formatUrl (pathname: unknown, search: unknown): string {
  const path = String(pathname || '').replace(PATH_DELIMITERS, encodeURIComponent)
  let query = search ? String(search).replace(HASH, encodeURIComponent) : ''
  if (query !== '' && !query.startsWith('?')) query = `?${query}`
  return path + query
}

/**
 * Payload 1.0's query parameters: the multi-value ones, each single-value one added unless its
 * name has that value already. The event's multi-value parameters, when it has them, become the
 * merged ones, as serverless-http leaves them.
 */
function mergeQuery (event: Fields): Fields {
  const query: Fields = {}
  const multi = fieldsOf(event.multiValueQueryStringParameters)
  for (const name of Object.keys(multi)) {
    const values = multi[name]
    query[name] = Array.isArray(values) ? [...values] : values
  }
  const single = fieldsOf(event.queryStringParameters)
  for (const name of Object.keys(single)) {
    const values = query[name]
    if (!Array.isArray(values)) query[name] = [single[name]]
    else if (!values.includes(single[name])) values.push(single[name])
  }
  if (event.multiValueQueryStringParameters) event.multiValueQueryStringParameters = query
  return query
}

/**
 * Reads an event as serverless-http does, into the request the app receives.
 *
 * @throws TypeError for an event that is not an object, or a body of another type.
 */
export function readEvent (input: unknown, options: ReadOptions): LambdaRequest {
  if (input !== undefined && input !== null && typeof input !== 'object') throw new TypeError(`A Lambda event is an object, got ${typeof input}`)
  const given = fieldsOf(input)
  const kind = eventKind(given)
  const event = withDefaults(given, kind, options.basePath)
  const context = fieldsOf(event.requestContext)
  const http = fieldsOf(context.http)
  const headers = requestHeaders(event, kind)
  const body = requestBody(event)
  const requestId = options.requestId
  if (typeof requestId === 'string' && requestId.length > 0) {
    const name = requestId.toLowerCase()
    const id = headers[name] || context.requestId
    if (id) headers[name] = id
  }
  if (headers['content-length'] === undefined) headers['content-length'] = body.length
  const sourceIp = kind === 'v2' ? http.sourceIp : fieldsOf(context.identity).sourceIp
  return {
    kind,
    method: String(kind === 'v2' ? http.method : event.httpMethod),
    url: kind === 'v2' ? formatUrl(event.rawPath, event.rawQueryString) : formatUrl(event.path, querystring.stringify(mergeQuery(event) as querystring.ParsedUrlQueryInput)),
    headers,
    body,
    remoteAddress: typeof sourceIp === 'string' ? sourceIp : undefined,
    event: event as LambdaEvent
  }
}
