// The Lambda handler: each event goes through the app in process, and its response becomes the result.
import type { IncomingMessage, ServerResponse } from 'http'
import { inject } from '../inject/inject'
import { binaryTest } from './binary'
import { DEFAULT_REQUEST_ID, readEvent, type LambdaRequest } from './event-request'
import { present } from './present'
import { toResult } from './response-result'
import type { LambdaContext, LambdaEvent, LambdaHandler, LambdaOptions, LambdaResult, RequestListener } from './types'

/**
 * The target the exchange is made with: an `https:` URL gives the socket `encrypted`, so that
 * `req.protocol` is `https` and `req.secure` true, as behind API Gateway and ALB. The app sees
 * the event's URL.
 */
const TLS_TARGET = 'https://localhost/'

/**
 * Applies a transform: an object is assigned to `target`, a function is called with it, the event
 * and the context, and what it returns (a promise, maybe) is returned.
 */
function applyTransform<T extends object> (target: T, change: unknown, event: LambdaEvent, context: LambdaContext): unknown {
  if (typeof change === 'function') return (change as (target: T, event: LambdaEvent, context: LambdaContext) => unknown)(target, event, context)
  if (change !== null && typeof change === 'object') Object.assign(target, change)
  return undefined
}

/**
 * Runs the request in process: the app gets a real `IncomingMessage` and `ServerResponse` (those
 * of `inject`), with the request transform awaited first. Resolves with the finished response and
 * the body it sent; rejects with what the app or the transform threw.
 */
async function exchange (listener: RequestListener, request: LambdaRequest, options: LambdaOptions, context: LambdaContext): Promise<{ res: ServerResponse, body: Buffer }> {
  let response: ServerResponse | undefined
  let fail: (reason: unknown) => void = () => {}
  const failed = new Promise<never>((_resolve, reject) => { fail = reject })
  const sent = inject(function lambdaRequest (req: IncomingMessage, res: ServerResponse) {
    response = res
    const presented = present(req, res, request, context)
    const pending = applyTransform(presented, options.request, request.event, context)
    if (typeof options.request !== 'function') return listener(req, res)
    // A function's result is awaited before the app runs, a promise or not.
    Promise.resolve(pending)
      .then(() => listener(req, res))
      .catch((err: unknown) => {
        fail(err)
        req.socket.destroy()
      })
  }, {
    method: request.method,
    url: TLS_TARGET,
    body: request.body,
    remoteAddress: request.remoteAddress ?? ''
  })
  const { body } = await Promise.race([sent, failed])
  return { res: response!, body }
}

/**
 * Makes the handler of `listener`. `BINARY_CONTENT_TYPES` is read here, once.
 *
 * @throws SyntaxError when a binary type is not a valid pattern.
 */
export function createHandler (listener: RequestListener, options: LambdaOptions = {}): LambdaHandler {
  const isBinary = binaryTest(options.binary, process.env.BINARY_CONTENT_TYPES)
  const reading = { basePath: options.basePath, requestId: options.requestId ?? DEFAULT_REQUEST_ID }
  async function lambdaHandler (event: LambdaEvent, context: LambdaContext = {}): Promise<LambdaResult> {
    const request = readEvent(event, reading)
    const { res, body } = await exchange(listener, request, options, context)
    await applyTransform(res, options.response, request.event, context)
    return toResult(request, { statusCode: res.statusCode, headers: res.getHeaders(), body }, isBinary)
  }
  return lambdaHandler as LambdaHandler
}
