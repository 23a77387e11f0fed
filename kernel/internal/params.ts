// Route parameters across routers, as Express 4's router and router 2's share them: `router.param`
// callbacks run before a matched layer, and a `mergeParams` router's view of its parent's.
type Next = (err?: unknown) => void
type ParamCallback = (req: any, res: any, next: Next, value: any, name: string) => unknown

/** What one request's callbacks did for a name: the value they ran for, the value they left, the error they passed. */
export interface ParamCalled { error: unknown, match: unknown, value: unknown }

/**
 * Runs the callbacks of each parameter of a matched layer (`names`, in the order of the match;
 * each name's callbacks, `callbacksOf(name)`, in registration order), then `done`. A value
 * already handled in this request is not handled again: its outcome is reused. A callback that
 * throws passes the error on; what a callback returns goes to `returned` with its `next`.
 */
export function runParamCallbacks (names: readonly string[], callbacksOf: (name: string) => readonly ParamCallback[] | undefined,
  called: Record<string, ParamCalled>, req: any, res: unknown, done: Next, returned?: (value: unknown, next: Next) => void): void {
  let i = 0
  let callbackIndex = 0
  let name: string
  let value: unknown
  let callbacks: readonly ParamCallback[]
  let calls: ParamCalled

  function param (err?: unknown): void {
    if (err) {
      done(err)
      return
    }
    if (i >= names.length) {
      done()
      return
    }
    callbackIndex = 0
    name = names[i++]
    value = req.params[name]
    const found = callbacksOf(name)
    const previous = called[name]
    if (value === undefined || !found) {
      param()
      return
    }
    callbacks = found
    if (previous && (previous.match === value || (previous.error && previous.error !== 'route'))) {
      req.params[name] = previous.value
      param(previous.error)
      return
    }
    called[name] = calls = { error: null, match: value, value }
    paramCallback()
  }

  function paramCallback (err?: unknown): void {
    const fn = callbacks[callbackIndex++]
    calls.value = req.params[name]
    if (err) {
      calls.error = err
      param(err)
      return
    }
    if (!fn) {
      param()
      return
    }
    try {
      const result = fn(req, res, paramCallback, value, name)
      if (returned !== undefined) returned(result, paramCallback)
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
