// Router 2's parameters: `router.param` callbacks run before a matched layer, and `mergeParams`.
import { settle } from './settle'
import type { Layer } from './layer'

type Next = (err?: unknown) => void

/** A `router.param` callback: `value` is the parameter's decoded value (an array of segments for a wildcard). */
export type ParamCallback = (req: any, res: any, next: Next, value: any, name: string) => unknown

/** What one request's param callbacks did for a name: the value they ran for, the value they left, the error they passed. */
export interface ParamCalled { error: unknown, match: unknown, value: unknown }

/** The callbacks registered for `name`, read as an own property only (`toString` is no parameter). */
export function callbacksOf (params: Record<string, ParamCallback[]>, name: string): ParamCallback[] | undefined {
  return Object.prototype.hasOwnProperty.call(params, name) ? params[name] : undefined
}

/**
 * Runs the param callbacks of a matched layer's parameters, in the order the match found them,
 * each name's callbacks in registration order, then `done`. A value already handled in this
 * request (by this router) is not handled again: its outcome is reused. A callback that throws
 * or returns a rejected promise passes the error on.
 */
export function processParams (params: Record<string, ParamCallback[]>, layer: Layer, called: Record<string, ParamCalled>,
  req: any, res: unknown, done: Next): void {
  const keys = layer.keys
  if (!keys || keys.length === 0) {
    done()
    return
  }
  let i = 0
  let paramIndex = 0
  let key: string
  let paramVal: unknown
  let paramCallbacks: ParamCallback[]
  let paramCalled: ParamCalled

  function param (err?: unknown): void {
    if (err) {
      done(err)
      return
    }
    if (i >= keys.length) {
      done()
      return
    }
    paramIndex = 0
    key = keys[i++]
    paramVal = req.params[key]
    const callbacks = callbacksOf(params, key)
    const previous = called[key]
    if (paramVal === undefined || !callbacks) {
      param()
      return
    }
    paramCallbacks = callbacks
    if (previous && (previous.match === paramVal || (previous.error && previous.error !== 'route'))) {
      req.params[key] = previous.value
      param(previous.error)
      return
    }
    called[key] = paramCalled = { error: null, match: paramVal, value: paramVal }
    paramCallback()
  }

  function paramCallback (err?: unknown): void {
    const fn = paramCallbacks[paramIndex++]
    paramCalled.value = req.params[key]
    if (err) {
      paramCalled.error = err
      param(err)
      return
    }
    if (!fn) {
      param()
      return
    }
    try {
      settle(fn(req, res, paramCallback, paramVal, key), paramCallback, 'parameters')
    } catch (e) {
      paramCallback(e)
    }
  }

  param()
}

/** Parent params under the child's; numbered captures of the child shift past the parent's. */
export function mergeParams (params: Record<string, unknown>, parent: unknown): Record<string, unknown> {
  if (typeof parent !== 'object' || !parent) return params
  const obj: Record<string, unknown> = Object.assign({}, parent as Record<string, unknown>)
  if (!(0 in params) || !(0 in parent)) return Object.assign(obj, params)
  let i = 0
  let o = 0
  while (i in params) i++
  while (o in parent) o++
  for (i--; i >= 0; i--) {
    params[i + o] = params[i]
    if (i < o) delete params[i]
  }
  return Object.assign(obj, params)
}
