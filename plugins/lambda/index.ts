// `ristretto/lambda`: an app, or any request listener, as an AWS Lambda handler for API Gateway, ALB and Function URL events.
import { createHandler } from './handler'
import { checkLambdaOptions } from './options'
import type * as types from './types'
import type { LambdaEvent, LambdaHandler, LambdaInvocation, LambdaOptions, RequestListener } from './types'

declare module '../../kernel/types' {
  interface Request {
    /** Under `ristretto/lambda`: the invocation, `{ event, context }`, the event with the adapter's defaults. */
    apiGateway?: LambdaInvocation
    /** Under `ristretto/lambda`: the event's `requestContext`. */
    requestContext?: LambdaEvent['requestContext']
  }
}

function kindOf (value: unknown): string {
  return value === null ? 'null' : typeof value
}

/**
 * Makes an AWS Lambda handler of `app` (a Ristretto or Express app, or any `(req, res)`
 * function), answering API Gateway REST API and HTTP API events (payload 1.0 and 2.0), ALB
 * events (with multi-value headers or without) and Function URL events as serverless-http does:
 * the same request reaches the app (method, URL with the event's query, headers and cookies,
 * body, `req.ip` from the event's source IP, `req.apiGateway` and `req.requestContext`), and the
 * handler resolves with the result for the event's kind (status, headers, `multiValueHeaders` or
 * `cookies`, the body as text, or base64 for binary responses). Each event is a real
 * `http.IncomingMessage` and `http.ServerResponse` exchange in process, as `app.inject` makes it.
 * It rejects with what the app throws outside its routes (the app's own error handling answers the
 * rest), and with a TypeError for an event it cannot read.
 *
 * @throws TypeError when `app` is not a function; PluginError `RST_PLUGIN_OPTIONS` for an unknown
 * option or a value of the wrong type.
 * @example
 * const express = require('ristretto')
 * const lambda = require('ristretto/lambda')
 *
 * const app = express()
 * app.get('/hello', (req, res) => res.json({ hello: req.query.name ?? 'world' }))
 * exports.handler = lambda(app)
 */
function lambda (app: RequestListener, options?: LambdaOptions): LambdaHandler {
  if (typeof app !== 'function') throw new TypeError(`lambda(app) takes an app or a (req, res) function, got ${kindOf(app)}`)
  checkLambdaOptions(options)
  return createHandler(app, options)
}

// The types, reachable as `lambda.LambdaOptions` from `import lambda = require('ristretto/lambda')`,
// under the names the ES module entry exports them by.
declare namespace lambda {
  export type AlbEvent = types.AlbEvent
  export type AlbRequestContext = types.AlbRequestContext
  export type AlbResult = types.AlbResult
  export type ApiGatewayProxyEvent = types.ApiGatewayProxyEvent
  export type ApiGatewayProxyEventV2 = types.ApiGatewayProxyEventV2
  export type ApiGatewayProxyResult = types.ApiGatewayProxyResult
  export type ApiGatewayProxyResultV2 = types.ApiGatewayProxyResultV2
  export type ApiGatewayRequestContext = types.ApiGatewayRequestContext
  export type ApiGatewayRequestContextV2 = types.ApiGatewayRequestContextV2
  export type BinaryOption = types.BinaryOption
  export type EventIdentity = types.EventIdentity
  export type EventMultiValues = types.EventMultiValues
  export type EventValues = types.EventValues
  export type FunctionUrlEvent = types.FunctionUrlEvent
  export type HttpRequestContext = types.HttpRequestContext
  export type LambdaContext = types.LambdaContext
  export type LambdaEvent = types.LambdaEvent
  export type LambdaHandler = types.LambdaHandler
  export type LambdaIncomingMessage = types.LambdaIncomingMessage
  export type LambdaInvocation = types.LambdaInvocation
  export type LambdaOptions = types.LambdaOptions
  export type LambdaRequestFields = types.LambdaRequestFields
  export type LambdaResult = types.LambdaResult
  export type RequestListener = types.RequestListener
  export type RequestTransform = types.RequestTransform
  export type ResponseTransform = types.ResponseTransform
}

export = lambda
