// Public types of `ristretto/lambda`: the events it takes, the results it returns, its options.
/// <reference types="node" preserve="true" />
import type { IncomingMessage, ServerResponse } from 'http'

/** Single-value headers or query parameters of an event, by name. */
export type EventValues = Record<string, string | undefined>
/** Multi-value headers or query parameters of an event, by name: every value, in order. */
export type EventMultiValues = Record<string, string[] | undefined>

/** Who called, as API Gateway REST APIs and HTTP APIs (payload 1.0) say: `sourceIp` becomes `req.ip`. */
export interface EventIdentity {
  sourceIp?: string
  userAgent?: string | null
  [field: string]: unknown
}

/** `requestContext` of an API Gateway REST API or HTTP API payload 1.0 event. */
export interface ApiGatewayRequestContext {
  requestId?: string
  stage?: string
  path?: string
  httpMethod?: string
  identity?: EventIdentity
  [field: string]: unknown
}

/**
 * An API Gateway REST API event, or an HTTP API event of payload format 1.0 (`version: '1.0'`).
 * The adapter reads `httpMethod`, `path`, both query parameter maps, both header maps, `body`,
 * `isBase64Encoded` and `requestContext` (`identity.sourceIp`, `requestId`); AWS sends the rest too.
 */
export interface ApiGatewayProxyEvent {
  version?: '1.0'
  resource?: string
  /** The path, without the stage (REST APIs) and with a custom domain's base path mapping. */
  path?: string
  httpMethod?: string
  headers?: EventValues | null
  multiValueHeaders?: EventMultiValues | null
  /** Decoded by API Gateway; the last value of each name. */
  queryStringParameters?: EventValues | null
  /** Decoded by API Gateway; every value of each name. */
  multiValueQueryStringParameters?: EventMultiValues | null
  pathParameters?: EventValues | null
  stageVariables?: EventValues | null
  requestContext?: ApiGatewayRequestContext
  /** The body: text, or base64 when `isBase64Encoded`. */
  body?: string | null
  isBase64Encoded?: boolean
}

/** `requestContext.http` of an HTTP API (payload 2.0) or Function URL event: `sourceIp` becomes `req.ip`. */
export interface HttpRequestContext {
  method?: string
  path?: string
  protocol?: string
  sourceIp?: string
  userAgent?: string
}

/** `requestContext` of an HTTP API (payload 2.0) or Function URL event. */
export interface ApiGatewayRequestContextV2 {
  requestId?: string
  stage?: string
  http?: HttpRequestContext
  authorizer?: unknown
  [field: string]: unknown
}

/**
 * An API Gateway HTTP API event of payload format 2.0. The adapter reads `rawPath` (which holds
 * the stage, `/dev/users`, unless the stage is `$default`), `rawQueryString`, `cookies`,
 * `headers`, `body`, `isBase64Encoded` and `requestContext` (`http.method`, `http.sourceIp`,
 * `requestId`).
 */
export interface ApiGatewayProxyEventV2 {
  version: '2.0'
  routeKey?: string
  rawPath?: string
  /** The query string as sent, without `?`. */
  rawQueryString?: string
  /** The `Cookie` header's cookies; `headers` then has no `cookie`. */
  cookies?: string[]
  /** Names in lowercase; the values of a repeated header joined by commas. */
  headers?: EventValues
  queryStringParameters?: EventValues
  pathParameters?: EventValues
  stageVariables?: EventValues
  requestContext?: ApiGatewayRequestContextV2
  body?: string
  isBase64Encoded?: boolean
}

/**
 * A Lambda Function URL event: payload format 2.0, stage `$default`. `requestContext.authentication`
 * and `authorizer` say who signed the call when the URL uses IAM.
 */
export interface FunctionUrlEvent extends ApiGatewayProxyEventV2 {
  requestContext?: ApiGatewayRequestContextV2 & { authentication?: unknown }
}

/** `requestContext` of an Application Load Balancer event: the target group. */
export interface AlbRequestContext {
  elb: { targetGroupArn?: string }
  [field: string]: unknown
}

/**
 * An Application Load Balancer event. With multi-value headers enabled on the target group it
 * has `multiValueHeaders` and `multiValueQueryStringParameters`, else `headers` and
 * `queryStringParameters`. Query parameters arrive as sent (percent-encoded, `+` for a space):
 * the adapter decodes them. ALB gives no client address: `req.ip` is `undefined` (the client is
 * in `X-Forwarded-For`).
 */
export interface AlbEvent {
  requestContext: AlbRequestContext
  httpMethod?: string
  path?: string
  headers?: EventValues
  multiValueHeaders?: EventMultiValues
  queryStringParameters?: EventValues
  multiValueQueryStringParameters?: EventMultiValues
  body?: string
  isBase64Encoded?: boolean
}

/** Any event the handler takes. Another event is read as payload 1.0, as serverless-http reads it. */
export type LambdaEvent = ApiGatewayProxyEvent | ApiGatewayProxyEventV2 | FunctionUrlEvent | AlbEvent

/** The Lambda context object, passed through to `req.apiGateway.context` and the transforms. */
export interface LambdaContext {
  awsRequestId?: string
  functionName?: string
  [field: string]: unknown
}

/** The result for a REST API or HTTP API payload 1.0 event. */
export interface ApiGatewayProxyResult {
  statusCode: number
  /** Each response header but multi-valued `Set-Cookie`: a multi-valued header's values joined by `, `. */
  headers: Record<string, string>
  /** The response headers set as arrays (several `Set-Cookie`), each value apart. */
  multiValueHeaders: Record<string, string[]>
  /** The body: UTF-8 text, or base64 when `isBase64Encoded`. */
  body: string
  isBase64Encoded: boolean
}

/** The result for an HTTP API payload 2.0 or Function URL event. */
export interface ApiGatewayProxyResultV2 {
  statusCode: number
  /** Each response header but multi-valued `Set-Cookie`: a multi-valued header's values joined by `, `. */
  headers: Record<string, string>
  /**
   * The `Set-Cookie` values when the app set them as an array (as `res.cookie` does from the
   * second cookie on), else empty: one set as a string is in `headers`.
   */
  cookies: string[]
  body: string
  isBase64Encoded: boolean
}

/**
 * The result for an ALB event: `multiValueHeaders` when the event came with multi-value headers,
 * else `headers` (which cannot carry several `Set-Cookie`, as ALB's single-value mode cannot).
 */
export type AlbResult = {
  statusCode: number
  body: string
  isBase64Encoded: boolean
} & ({ headers: Record<string, string> } | { multiValueHeaders: Record<string, string[]> })

/** Any result the handler returns. */
export type LambdaResult = ApiGatewayProxyResult | ApiGatewayProxyResultV2 | AlbResult

/** What the adapter adds to each request, as serverless-http does. */
export interface LambdaRequestFields {
  /** The event's source IP (`requestContext.identity.sourceIp` or `requestContext.http.sourceIp`), whatever `trust proxy` says. */
  ip: string | undefined
  /** The body's bytes, until a body parser replaces them. */
  body: unknown
  /** The event's `requestContext`. */
  requestContext: LambdaEvent['requestContext']
  /** The invocation: the event (with the defaults the adapter fills in) and the Lambda context. */
  apiGateway: LambdaInvocation
}

/** `req.apiGateway`: the invocation a request comes from. */
export interface LambdaInvocation {
  event: LambdaEvent
  context: LambdaContext
}

/** A request listener: an app, or any `(req, res)` function. */
export type RequestListener = (req: IncomingMessage, res: ServerResponse) => unknown

/** The request as the request transform receives it, before the app does. */
export type LambdaIncomingMessage = IncomingMessage & LambdaRequestFields

/**
 * Changes the request before the app sees it: an object assigned to it, or a function awaited
 * with the request, the event and the context.
 */
export type RequestTransform = Record<string, unknown> |
((req: LambdaIncomingMessage, event: LambdaEvent, context: LambdaContext) => unknown)

/**
 * Changes the response once it has finished, before the result is read from it: an object
 * assigned to it, or a function awaited with the response, the event and the context. Its head
 * is sent by then, so it takes no more headers; `res.statusCode` is read after it.
 */
export type ResponseTransform = Record<string, unknown> |
((res: ServerResponse, event: LambdaEvent, context: LambdaContext) => unknown)

/** Which responses are base64-encoded: see {@link LambdaOptions.binary}. */
export type BinaryOption = boolean | string | readonly string[] | ((headers: Record<string, string>) => boolean)

/** The options of `lambda(app, options)`, serverless-http's. */
export interface LambdaOptions {
  /**
   * A path prefix to take off: the path from after its first occurrence (`/` when nothing
   * follows), as serverless-http does. Default none: the path is the event's, stage included.
   */
  basePath?: string
  /**
   * Which responses go base64-encoded (`isBase64Encoded: true`): `true` all, `false` none, a
   * function of the result's headers, or content types (a string or an array; `*` matches any
   * characters, and each is read as a regular expression otherwise) compared with the response's
   * `Content-Type` without parameters. Default: responses with a `Content-Encoding` of gzip,
   * deflate or br, and those whose type is in the `BINARY_CONTENT_TYPES` environment variable
   * (comma-separated, read when the handler is made). Types given here replace that variable.
   */
  binary?: BinaryOption
  /**
   * The request header that carries the event's `requestContext.requestId` unless the request
   * has it already; `false` for none. Default `x-request-id`.
   */
  requestId?: string | false
  /** A change to each request before the app sees it. */
  request?: RequestTransform
  /** A change to each response once it has finished. */
  response?: ResponseTransform
}

/** The Lambda handler: resolves with the result for the kind of event it was given. */
export interface LambdaHandler {
  (event: ApiGatewayProxyEventV2 | FunctionUrlEvent, context?: LambdaContext): Promise<ApiGatewayProxyResultV2>
  (event: AlbEvent, context?: LambdaContext): Promise<AlbResult>
  (event: ApiGatewayProxyEvent, context?: LambdaContext): Promise<ApiGatewayProxyResult>
  (event: LambdaEvent, context?: LambdaContext): Promise<LambdaResult>
}
