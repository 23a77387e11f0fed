// Router 2.3's tracing: handlers, error handlers and param callbacks on the `express.router.request` TracingChannel.
import { isSignal, subscribed, tracingChannel } from '../../kernel/internal/tracing'
import { isThenable, warnUnlessPromise } from './settle'
import type { Layer } from './layer'

type Next = (err?: unknown) => void
type AnyHandler = (...args: any[]) => unknown

/** The channel's name, the one router 2.3 (Express 5.3's router) publishes on. */
export const TRACING_CHANNEL = 'express.router.request'

/**
 * What a subscriber gets, one object per call of a callback: `req`, `res`, the `layer` and its
 * `handler`, the `route` pattern the router matched (as given: a string or a RegExp); an error
 * handler's also `incomingError` and `errorHandler: true`, a param callback's also `param` (the
 * parameter's name). `result` is set once the callback has returned (a promise's value once it
 * resolves), `error` once it has failed: thrown, rejected, or passed to `next`.
 */
export interface RouterTraceContext {
  req: any
  res: any
  incomingError?: unknown
  layer: Layer
  handler: AnyHandler
  route: unknown
  errorHandler?: true
  param?: string
  result?: unknown
  error?: unknown
}

/** The channel, where the running node has `diagnostics_channel.tracingChannel` (18.19 and later). */
const channel = tracingChannel<RouterTraceContext>(TRACING_CHANNEL)

/** Where a router keeps, on the request, the pattern of the layer it is running. */
export const MATCHED_ROUTE: unique symbol = Symbol('express5-routing.matchedRoute')

/**
 * The errors a request has already reported, under the registered key router 2.3 uses, so an
 * error crossing between our routers and router's own is reported once.
 */
const REPORTED = Symbol.for('router.tracing.publishedErrors')

/** Whether anyone listens on the channel. */
export function tracing (): boolean {
  return subscribed(channel)
}

/** Notes an error as reported for its request: true when it is an error and had not been. */
export function noteError (req: any, err: unknown): boolean {
  if (!err || isSignal(err)) return false
  const seen: Set<unknown> | undefined = req[REPORTED]
  if (seen === undefined) req[REPORTED] = new Set([err])
  else if (seen.has(err)) return false
  else seen.add(err)
  return true
}

/**
 * The `next` a traced callback gets. An error passed on is published at its origin, once per
 * request; an error handler's incoming error was reported where it arose, and one the handler
 * recovers from or replaces may be reported again if it comes back.
 */
function reportingNext (ctx: RouterTraceContext, next: Next): Next {
  const req = ctx.req
  if (ctx.errorHandler) noteError(req, ctx.incomingError)
  return function tracedNext (err?: unknown): void {
    if (ctx.errorHandler && err !== ctx.incomingError) {
      const seen: Set<unknown> | undefined = req[REPORTED]
      if (seen !== undefined) seen.delete(ctx.incomingError)
    }
    if (err && noteError(req, err)) {
      ctx.error = err
      channel!.error.publish(ctx)
    }
    next(err)
  }
}

/** What a throw or a rejection leaves on the context: a thrown signal ends the call as `next(signal)` would, with no result. */
function noteFailure (ctx: RouterTraceContext, err: unknown, thrown: boolean): void {
  if (isSignal(err)) {
    if (thrown) ctx.result = undefined
  } else if (!('error' in ctx)) {
    ctx.error = err
  }
}

/** Publishes `end`. A call that returned a promise is not done: an error it already passed on is hidden during `end`. */
function publishEnd (ctx: RouterTraceContext, pending: boolean): void {
  if (!pending || !('error' in ctx)) {
    channel!.end.publish(ctx)
    return
  }
  const error = ctx.error
  delete ctx.error
  channel!.end.publish(ctx)
  ctx.error = error
}

/** Publishes `asyncStart` and, within its stores, `asyncEnd`: a promise has settled. */
function publishSettled (ctx: RouterTraceContext): void {
  channel!.asyncStart.runStores(ctx, publishAsyncEnd, null, ctx)
}

function publishAsyncEnd (ctx: RouterTraceContext): void {
  channel!.asyncEnd.publish(ctx)
}

/** The context of a request handler's call, or of an error handler's (`handled`: the error it is given). */
export function handlerContext (layer: Layer, req: any, res: unknown, handled?: { error: unknown }): RouterTraceContext {
  const fn = layer.handle
  return handled === undefined
    ? { req, res, layer, handler: fn, route: req[MATCHED_ROUTE] }
    : { req, res, incomingError: handled.error, layer, handler: fn, route: req[MATCHED_ROUTE], errorHandler: true }
}

/**
 * Calls a handler (`call` gets the `next` to give it) in a traced call: `start` and `end` around
 * it, `error` where it passes an error on, and `asyncStart`/`asyncEnd` when a promise it returned
 * settles. Routing goes on as untraced: a throw or a rejection reaches `next`.
 */
export function traceHandler (ctx: RouterTraceContext, next: Next, call: (next: Next) => unknown): void {
  const forward = reportingNext(ctx, next)
  let settled = false
  const rejected = (err: unknown): void => {
    forward(err)
    if (settled) return
    settled = true
    noteFailure(ctx, err, false)
    publishSettled(ctx)
  }
  channel!.start.runStores(ctx, () => {
    let returned: unknown
    try {
      returned = call(forward)
    } catch (err) {
      forward(err)
      noteFailure(ctx, err, true)
      publishEnd(ctx, false)
      return
    }
    if (!isThenable(returned)) {
      ctx.result = returned
      publishEnd(ctx, false)
      return
    }
    warnUnlessPromise(returned, 'handlers')
    publishEnd(ctx, true)
    try {
      returned.then((value) => {
        if (settled) return
        settled = true
        ctx.result = value
        publishSettled(ctx)
      }, (reason: unknown) => { rejected(reason || new Error('Rejected promise')) })
    } catch (err) {
      rejected(err)
    }
  })
}

/**
 * The param callbacks of one parameter, each traced when the channel has subscribers as it is
 * called; untraced, a callback runs as it is (the caller settles what it returns).
 */
export function tracedParamCallbacks<F extends AnyHandler> (callbacks: readonly F[], layer: Layer): F[] {
  return callbacks.map((fn) => function tracedParam (req: any, res: unknown, next: Next, value: unknown, name: string): unknown {
    if (!tracing()) return fn(req, res, next, value, name)
    traceParam(fn, { req, res, layer, handler: fn, route: req[MATCHED_ROUTE], param: name }, next, value, name)
    return undefined
  } as F)
}

/**
 * A param callback's traced call. Its promise's fulfilment does not call `next` (the callback
 * does); a rejection does. A promise that settles before `end` is published settles after it.
 */
function traceParam (fn: AnyHandler, ctx: RouterTraceContext, next: Next, value: unknown, name: string): void {
  const forward = reportingNext(ctx, next)
  let pending = false
  let ended = false
  let settled = false
  let early: (() => void) | undefined
  const settle = (outcome: unknown, rejected: boolean): void => {
    if (settled) return
    settled = true
    if (!ended) {
      early = () => finish(outcome, rejected)
      return
    }
    finish(outcome, rejected)
  }
  const finish = (outcome: unknown, rejected: boolean): void => {
    if (rejected) noteFailure(ctx, outcome, false)
    else ctx.result = outcome
    publishSettled(ctx)
  }
  const rejected = (err: unknown): void => {
    forward(err)
    settle(err, true)
  }
  channel!.start.runStores(ctx, () => {
    try {
      let returned: unknown
      try {
        returned = fn(ctx.req, ctx.res, forward, value, name)
      } catch (err) {
        noteFailure(ctx, err, true)
        throw err
      }
      pending = isThenable(returned)
      if (!pending) {
        ctx.result = returned
      } else {
        const thenable = returned as PromiseLike<unknown>
        warnUnlessPromise(thenable, 'parameters')
        try {
          thenable.then((outcome) => settle(outcome, false), (reason: unknown) => { rejected(reason || new Error('Rejected promise')) })
        } catch (err) {
          rejected(err)
        }
      }
    } catch (err) {
      forward(err)
    } finally {
      publishEnd(ctx, pending)
      ended = true
      if (early !== undefined) early()
    }
  })
}
