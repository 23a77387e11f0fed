// The reporter of the member the user called, for what the members of other modules it calls report.
import type { Deprecate } from '../../kernel/deprecate'

/** The reporter of the member the user called, while it runs members of other files (see {@link enterOuterReporter}). */
let outer: Deprecate | undefined

/**
 * Makes `deprecate`, the reporter of the module of the member calling this, the one that members
 * of other modules it calls report with (through {@link outerReporter}) until
 * {@link leaveOuterReporter}: what they find deprecated is then named at the line of the user's
 * code that called the outer member, as depd names the first frame after those of the reporter's
 * module (so `res.redirect('back')` reports `res.location("back")` there, as Express does). The
 * outermost member keeps it. Returns what to give {@link leaveOuterReporter}, in a `finally` of
 * the same function: a frame of another file between the member and its caller would be named.
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
 * in the member: depd keys each warning by the line that calls the reporter, and its caller's.
 *
 * @example if (url === BACK) outerReporter(deprecate)('res.location("back"): …')
 */
export function outerReporter (own: Deprecate): Deprecate {
  return outer ?? own
}
