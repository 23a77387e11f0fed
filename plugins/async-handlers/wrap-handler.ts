// Same-arity wrappers that send a rejected promise to next(err) and let next run only once.
type Next = (err?: unknown) => void
type AnyHandler = (...args: any[]) => unknown

/** The message of the error that stands for a promise rejected without a reason (`undefined`, `null`, `0`, `''`, `false`). */
export const REJECTED_WITHOUT_REASON = 'Rejected promise'

/** Every wrapper made here, so a handler is never wrapped twice. */
const wrappers = new WeakSet<AnyHandler>()

/** A `next` that forwards its first call only; `called` tells whether the handler has moved the request on. */
interface OnceNext extends Next { called: boolean }

function onceNext (forward: Next): OnceNext {
  const once = function next (err?: unknown): void {
    if (once.called) return
    once.called = true
    forward(err)
  } as OnceNext
  once.called = false
  return once
}

/** An error raised after the handler already called next: the request has moved on, so it is logged, not routed again. */
function lateError (err: unknown, req: any): void {
  const app = req && req.app
  const env = app && typeof app.get === 'function' ? app.get('env') : process.env.NODE_ENV
  if (env !== 'test') console.error(err instanceof Error ? err.stack : err)
}

/** Hands the outcome of a handler call to `once`: a rejection becomes next(err), exactly once. */
function settle (ret: unknown, once: OnceNext, req: unknown): void {
  if (ret === null || (typeof ret !== 'object' && typeof ret !== 'function')) return
  let then: unknown
  try {
    then = (ret as { then?: unknown }).then
  } catch (err) {
    fail(once, err, req)
    return
  }
  if (typeof then !== 'function') return
  try {
    then.call(ret, undefined, function onRejected (reason: unknown) {
      fail(once, reason || new Error(REJECTED_WITHOUT_REASON), req)
    })
  } catch (err) {
    fail(once, err, req)
  }
}

function fail (once: OnceNext, err: unknown, req: unknown): void {
  if (once.called) lateError(err, req)
  else once(err)
}

/** Gives the wrapper the handler's `length` (error middleware is told apart by it) and `name`. */
function mirror (wrapper: AnyHandler, fn: AnyHandler): AnyHandler {
  Object.defineProperty(wrapper, 'length', { configurable: true, value: fn.length })
  Object.defineProperty(wrapper, 'name', { configurable: true, value: fn.name })
  wrappers.add(wrapper)
  return wrapper
}

/** Whether `fn` is a wrapper made by this module. */
export function isWrapped (fn: unknown): boolean {
  return typeof fn === 'function' && wrappers.has(fn as AnyHandler)
}

/** Wraps middleware `(req, res, next)`. */
export function wrapMiddleware (fn: AnyHandler): AnyHandler {
  return mirror(function asyncMiddleware (this: unknown, req: unknown, res: unknown, next: Next) {
    const once = onceNext(next)
    let ret: unknown
    try {
      ret = fn.call(this, req, res, once)
    } catch (err) {
      fail(once, err, req)
      return
    }
    settle(ret, once, req)
  }, fn)
}

/** Wraps error middleware `(err, req, res, next)`. */
export function wrapErrorMiddleware (fn: AnyHandler): AnyHandler {
  return mirror(function asyncErrorMiddleware (this: unknown, error: unknown, req: unknown, res: unknown, next: Next) {
    const once = onceNext(next)
    let ret: unknown
    try {
      ret = fn.call(this, error, req, res, once)
    } catch (err) {
      fail(once, err, req)
      return
    }
    settle(ret, once, req)
  }, fn)
}

/** Wraps a param callback `(req, res, next, value, name)`. */
export function wrapParamCallback (fn: AnyHandler): AnyHandler {
  return mirror(function asyncParam (this: unknown, req: unknown, res: unknown, next: Next, value: unknown, name: string) {
    const once = onceNext(next)
    let ret: unknown
    try {
      ret = fn.call(this, req, res, once, value, name)
    } catch (err) {
      fail(once, err, req)
      return
    }
    settle(ret, once, req)
  }, fn)
}

/**
 * Wraps a layer's handler by its arity, as the router calls it: four parameters is
 * error middleware, fewer is middleware. Longer functions are never called by a
 * layer, so they are returned as they are, like wrappers already made.
 */
export function wrapLayerHandler (fn: AnyHandler): AnyHandler {
  if (wrappers.has(fn) || fn.length > 4) return fn
  return fn.length === 4 ? wrapErrorMiddleware(fn) : wrapMiddleware(fn)
}
