// Stops a body read that has gone quiet: a 408 once the client sends nothing for too long, and a closed connection.
/// <reference types="node" preserve="true" />
import createError from 'http-errors'
import type { IncomingMessage, ServerResponse } from 'http'
import type { Transform } from 'stream'
import { ErrorCode } from '../../kernel/errors'
import type { HttpError } from '../shared/http-error'
import { isHttp2Response } from '../shared/http2-response'
import { onResponseFinished } from '../shared/response-finished'

/** The 408 of a body that went quiet: `code` `RST_BODY_TIMEOUT`, `type` `request.timeout`, and `Connection: close`. */
export function bodyTimeoutError (ms: number): HttpError {
  return createError(408, `request body sent nothing for ${ms} ms`, {
    code: ErrorCode.BODY_TIMEOUT,
    type: 'request.timeout',
    headers: { Connection: 'close' }
  })
}

/**
 * While `req`'s body is being read (the request is flowing), calls `onIdle(err)` once if no
 * chunk arrives for `ms` milliseconds (counted from now, then from each chunk), after stopping
 * the read: `stream` (an inflater, or `req`) is detached, and once the answer is sent the
 * connection of an HTTP/1 request closes (the stream of an HTTP/2 one), since the rest of the
 * body will never be read.
 * Returns the function that stops watching (call it when the read ends, however it ends).
 */
export function watchIdleBody (
  req: IncomingMessage,
  res: ServerResponse,
  stream: IncomingMessage | Transform,
  ms: number,
  onIdle: (err: HttpError) => void
): () => void {
  if (!(ms > 0) || req.readableFlowing !== true) return function notWatching () {}
  const timer = setTimeout(function bodyIdle () {
    stop()
    if (stream !== req) {
      req.unpipe(stream as Transform)
      ;(stream as Transform).destroy()
    }
    req.pause()
    if (isHttp2Response(res)) {
      // Only this request's stream ends, once the answer is written (the response's own `finish`
      // and `close` wait for the stream to close); the session's other streams go on.
      const h2 = res
      h2.stream.once('finish', function closeStream () { if (!req.complete) h2.stream.close() })
    } else {
      if (!res.headersSent) res.setHeader('Connection', 'close')
      onResponseFinished(res, function closeConnection () { if (!req.complete) req.socket.destroySoon() })
    }
    onIdle(bodyTimeoutError(ms))
  }, ms)
  function chunk (): void { timer.refresh() }
  function stop (): void {
    clearTimeout(timer)
    req.removeListener('data', chunk)
  }
  req.on('data', chunk)
  return stop
}
