// Same-arity wrappers that send a rejected promise to next(err), unless the handler already called next.
import type { NextCallback } from '../../kernel'

type AnyHandler = (...args: any[]) => unknown

/** The message of the error that stands for a promise rejected without a reason (`undefined`, `null`, `0`, `''`, `false`). */
export const REJECTED_WITHOUT_REASON = 'Rejected promise'

/** Every wrapper made here, so a handler is never wrapped twice. */
const wrappers = new WeakSet<AnyHandler>()

/**
 * The `next` a wrapped handler receives: it forwards every call, as the router's own
 * would (it can end up as `req.next`, which later code calls again), and remembers
 * that the handler moved the request on, so a later rejection is not routed too.
 */
interface OnceNext extends NextCallback { called: boolean }

function onceNext (forward: NextCallback): OnceNext {
  const once = function next (err?: unknown): void {
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

/**
 * A router hands every layer its own `next`, which is also `req.next`; a router-level
 * wrapper keeps that so (`res.format` passes `req.next` to its callbacks, and code compares).
 */
function shareNext (req: unknown, once: OnceNext): void {
  if (req !== null && typeof req === 'object') (req as { next?: NextCallback }).next = once
}

/** Calls `fn` with `args`, whose `next` is `once`: a throw, or a rejection of what it returns, goes to `once`. */
function run (fn: AnyHandler, self: unknown, args: unknown[], once: OnceNext, req: unknown): void {
  let ret: unknown
  try {
    ret = fn.apply(self, args)
  } catch (err) {
    fail(once, err, req)
    return
  }
  settle(ret, once, req)
}

/** Wraps middleware `(req, res, next)`; `routerLevel` for a router's own layers (not a route's), see {@link shareNext}. */
export function wrapMiddleware (fn: AnyHandler, routerLevel: boolean): AnyHandler {
  return mirror(function asyncMiddleware (this: unknown, req: unknown, res: unknown, next: NextCallback) {
    const once = onceNext(next)
    if (routerLevel) shareNext(req, once)
    run(fn, this, [req, res, once], once, req)
  }, fn)
}

/** Wraps error middleware `(err, req, res, next)`, like {@link wrapMiddleware}. */
export function wrapErrorMiddleware (fn: AnyHandler, routerLevel: boolean): AnyHandler {
  return mirror(function asyncErrorMiddleware (this: unknown, error: unknown, req: unknown, res: unknown, next: NextCallback) {
    const once = onceNext(next)
    if (routerLevel) shareNext(req, once)
    run(fn, this, [error, req, res, once], once, req)
  }, fn)
}

/** Wraps a param callback `(req, res, next, value, name)`. */
export function wrapParamCallback (fn: AnyHandler): AnyHandler {
  return mirror(function asyncParam (this: unknown, req: unknown, res: unknown, next: NextCallback, value: unknown, name: string) {
    const once = onceNext(next)
    run(fn, this, [req, res, once, value, name], once, req)
  }, fn)
}

/**
 * Wraps a layer's handler by its arity, as the router calls it: four parameters is
 * error middleware, fewer is middleware. Longer functions are never called by a
 * layer, so they are returned as they are, like wrappers already made.
 * `routerLevel`: a layer of a router's stack, rather than a handler of a route.
 */
export function wrapLayerHandler (fn: AnyHandler, routerLevel: boolean): AnyHandler {
  if (wrappers.has(fn) || fn.length > 4) return fn
  return fn.length === 4 ? wrapErrorMiddleware(fn, routerLevel) : wrapMiddleware(fn, routerLevel)
}
