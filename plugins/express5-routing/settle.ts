// Router 2's promise rule: a handler (or param callback) that returns a promise which rejects passes the reason on.
import depd from 'depd'

/** Reports thenables other than promises under router 2's name, as Express 5 (whose router is router 2) does. */
const deprecate = depd('router')

/** Whether `value` is a thenable: what router 2 waits on. */
export function isThenable (value: unknown): value is PromiseLike<unknown> {
  return value !== null && (typeof value === 'object' || typeof value === 'function') &&
    typeof (value as { then?: unknown }).then === 'function'
}

/** Reports a thenable that is not a native promise as deprecated. */
export function warnUnlessPromise (returned: PromiseLike<unknown>, what: 'handlers' | 'parameters'): void {
  if (!(returned instanceof Promise)) deprecate(`${what} that are Promise-like are deprecated, use a native Promise instead`)
}

/**
 * When `returned` is a promise, a rejection calls `next` with its reason, or with
 * `Error('Rejected promise')` when the reason is falsy. A fulfilment does nothing: the handler
 * calls `next` itself, or answers. Thenables other than native promises work, and are reported
 * as deprecated.
 */
export function settle (returned: unknown, next: (err?: unknown) => void, what: 'handlers' | 'parameters'): void {
  if (!isThenable(returned)) return
  warnUnlessPromise(returned, what)
  returned.then(undefined, (reason: unknown) => { next(reason || new Error('Rejected promise')) })
}
