// Router 2's parameters: `router.param` callbacks run before a matched layer, and `mergeParams`.
import { settle } from './settle'
import { tracedParamCallbacks, tracing } from './tracing'
import type { Layer } from './layer'
import { mergeParams, runParamCallbacks, type ParamCalled } from '../../kernel/internal/params'

type Next = (err?: unknown) => void

/** A `router.param` callback: `value` is the parameter's decoded value (an array of segments for a wildcard). */
export type ParamCallback = (req: any, res: any, next: Next, value: any, name: string) => unknown

export { mergeParams, type ParamCalled }

/** The callbacks registered for `name`, read as an own property only (`toString` is no parameter). */
export function callbacksOf (params: Record<string, ParamCallback[]>, name: string): ParamCallback[] | undefined {
  return Object.prototype.hasOwnProperty.call(params, name) ? params[name] : undefined
}

/**
 * Runs the param callbacks of a match's parameters (`keys`, in the order the match found them),
 * then `done`, as the kernel's router does; a callback that returns a rejected promise also
 * passes the error on. With subscribers on the tracing channel, each call is traced, with the
 * matched `layer` on its context.
 */
export function processParams (params: Record<string, ParamCallback[]>, keys: readonly string[], called: Record<string, ParamCalled>,
  req: any, res: unknown, done: Next, layer: Layer): void {
  if (keys.length === 0) {
    done()
    return
  }
  const lookup = tracing()
    ? (name: string) => {
        const callbacks = callbacksOf(params, name)
        return callbacks === undefined ? undefined : tracedParamCallbacks(callbacks, layer)
      }
    : (name: string) => callbacksOf(params, name)
  runParamCallbacks(keys, lookup, called, req, res, done, settleParameters)
}

function settleParameters (returned: unknown, next: Next): void {
  settle(returned, next, 'parameters')
}
