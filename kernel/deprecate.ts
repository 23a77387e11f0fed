// Deprecation reporters (depd), under the namespace of the package the user installed.
import fs from 'node:fs'
import path from 'node:path'
import depd from 'depd'

/** A reporter, as depd makes it (typed here, so the declarations need no @types/depd). */
export interface Deprecate {
  (message: string): void
  /** `fn`, reporting `message` at each caller's site. */
  function<F extends (...args: any[]) => any> (fn: F, message: string): F
}

/** The namespace when no package.json says otherwise. */
const DEFAULT_NAMESPACE = 'ristretto'

/**
 * The namespace a package.json gives: its `ristretto.deprecationNamespace` (an edition's, such as
 * `express`), else its `name`; undefined when it names neither.
 */
export function namespaceOf (manifest: unknown): string | undefined {
  if (manifest === null || typeof manifest !== 'object') return undefined
  const { ristretto, name } = manifest as { ristretto?: unknown, name?: unknown }
  if (ristretto !== null && typeof ristretto === 'object') {
    const chosen = (ristretto as { deprecationNamespace?: unknown }).deprecationNamespace
    if (typeof chosen === 'string' && chosen !== '') return chosen
  }
  return typeof name === 'string' && name !== '' ? name : undefined
}

/**
 * The namespace of the package this file belongs to, read once: the nearest package.json above
 * this folder, which is `<root>/dist/kernel/` in the build and `<root>/kernel/` when the sources
 * run as they are (tests); `ristretto` when there is none or it does not parse.
 */
function packageNamespace (): string {
  for (const root of [path.join(__dirname, '..'), path.join(__dirname, '..', '..')]) {
    let text: string
    try {
      text = fs.readFileSync(path.join(root, 'package.json'), 'utf8')
    } catch {
      continue
    }
    try {
      return namespaceOf(JSON.parse(text)) ?? DEFAULT_NAMESPACE
    } catch {
      return DEFAULT_NAMESPACE
    }
  }
  return DEFAULT_NAMESPACE
}

/** The framework's namespace: `ristretto`, or `express` in the Express editions. */
export const NAMESPACE: string = packageNamespace()

/**
 * A new reporter for the module that calls this, under the framework's namespace.
 *
 * depd names as the caller the first frame after the frames of the file that made the reporter
 * (frames above them, from other files, are passed over). So each module whose public members
 * the user calls makes its own at load, `const deprecate = reporter()`, and reports there: a
 * `deprecate(message)` run inside that module's members, or inside helpers of other files they
 * call, names the line of the user's code that called the member, as Express's do. It is depd
 * itself, bound to the namespace: a bound function adds no frame, so depd sees the calling module.
 */
export const reporter: () => Deprecate = depd.bind(undefined, NAMESPACE)

/**
 * A new reporter for the module that calls this, under the namespace of the package whose part it
 * plays and which Express's warnings name there: `body-parser` (Express 4's parsers are body-parser
 * 1's), `router` (Express 5's router is router 2). It is depd itself.
 */
export const dependencyReporter: (namespace: 'body-parser' | 'router') => Deprecate = depd

/** The reporter of the member the user called, while it runs members of other files (see {@link enterOuterReporter}). */
let outer: Deprecate | undefined

/**
 * Makes `deprecate`, the reporter of the member calling this, the one that members of other
 * modules it calls report with (through {@link outerReporter}) until {@link leaveOuterReporter}:
 * what they find deprecated is then named at the line of the user's code that called the outer
 * member (as `res.redirect('back')` reports `res.location("back")` there). The outermost member
 * keeps it. Returns what to give {@link leaveOuterReporter}, in a `finally`, in the same function:
 * no frame of another file may stand between the member and its caller, or depd names that frame.
 *
 * @example
 * const outer = enterOuterReporter(deprecate)
 * try { body = redirectBody(this, address, status) } finally { leaveOuterReporter(outer) }
 */
export function enterOuterReporter (deprecate: Deprecate): Deprecate | undefined {
  const previous = outer
  outer ??= deprecate
  return previous
}

/** Ends what {@link enterOuterReporter} began, given what it returned. */
export function leaveOuterReporter (previous: Deprecate | undefined): void {
  outer = previous
}

/**
 * The reporter for a member that other modules' members call, given its module's own: the outer
 * member's while one runs (see {@link enterOuterReporter}), else `own`. Call what it returns right
 * in the member, as depd keys each warning by the line that calls the reporter.
 *
 * @example if (url === BACK) outerReporter(deprecate)('res.location("back"): …')
 */
export function outerReporter (own: Deprecate): Deprecate {
  return outer ?? own
}

/**
 * The reporter of whole deprecated members, `deprecate.function(fn, message)`, which names each
 * caller of `fn` wherever it is called from; and of {@link deprecatedCalls}.
 */
export const deprecate: Deprecate = reporter()

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
