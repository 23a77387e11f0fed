// The framework's one deprecation reporter (depd, namespace `ristretto`), for the kernel, its plugins and presets.
import depd from 'depd'

/** The reporter, as depd makes it (typed here, so the declarations need no @types/depd). */
export interface Deprecate {
  (message: string): void
  /** `fn`, reporting `message` at each caller's site. */
  function<F extends (...args: any[]) => any> (fn: F, message: string): F
}

/**
 * Reports a deprecated form, once per call site, on stderr (silenced by `--no-deprecation`):
 * `deprecate(message)` where a form is told apart inside a helper, `deprecate.function(fn, message)`
 * for a whole member.
 *
 * depd names the caller as the first frame outside the file that made the reporter: this file, where
 * nothing else runs but {@link deprecatedCalls}, so a `deprecate(message)` from a helper names the
 * same frame wherever the helper lives.
 */
export const deprecate: Deprecate = depd('ristretto')

/**
 * `fn`, reporting `message(…args)` on each call at the caller's own line, once per call site, as
 * `deprecate.function` does, for a deprecated member whose message depends on how it is called.
 * Keeps `fn`'s name and length.
 *
 * @example
 * export const param = deprecatedCalls(lookup, (...args) => `req.param(${args.length === 1 ? 'name' : 'name, default'}): …`)
 */
export function deprecatedCalls<This, A extends unknown[], R> (
  fn: (this: This, ...args: A) => R,
  message: (...args: A) => string
): (this: This, ...args: A) => R {
  const deprecated = function (this: This, ...args: A): R {
    deprecate(message(...args))
    return fn.apply(this, args)
  }
  Object.defineProperty(deprecated, 'name', { configurable: true, value: fn.name })
  Object.defineProperty(deprecated, 'length', { configurable: true, value: fn.length })
  return deprecated
}
