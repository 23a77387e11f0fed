// Gives an injected request what serverless-http gives its requests, before the app sees it.
/// <reference types="node" preserve="true" />
import type { IncomingHttpHeaders, IncomingMessage, ServerResponse } from 'http'
import type { LambdaRequest } from './event-request'
import type { LambdaContext, LambdaIncomingMessage } from './types'

/** A header set and removed at once, so that the response keeps a header store from the start. */
const STORE_PROBE = 'x-lambda-store'

/** Header lines of one value per name, in order: names and values alternating. */
function headerLines (headers: Record<string, unknown>): string[] {
  const lines: string[] = []
  for (const name of Object.keys(headers)) lines.push(name, String(headers[name]))
  return lines
}

/**
 * Sets the request's URL, headers and, as own properties, `ip` (the event's source IP, whatever
 * `trust proxy` says), `body` (the body's bytes, until a parser replaces them), `requestContext`
 * and `apiGateway` (`{ event, context }`). And has the response keep every header in its store,
 * those passed to `writeHead` included, since the result's headers are read from there.
 */
export function present (req: IncomingMessage, res: ServerResponse, request: LambdaRequest, context: LambdaContext): LambdaIncomingMessage {
  req.url = request.url
  req.headers = request.headers as IncomingHttpHeaders
  req.rawHeaders = headerLines(request.headers)
  const presented = Object.assign(req, {
    ip: request.remoteAddress,
    body: request.body as unknown,
    requestContext: request.event.requestContext,
    apiGateway: { event: request.event, context }
  })
  // node's writeHead keeps its headers out of the store when nothing was set before it.
  res.setHeader(STORE_PROBE, '')
  res.removeHeader(STORE_PROBE)
  return presented
}
