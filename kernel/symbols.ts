// The kernel's private property keys: symbols, so they never meet a user's string keys.

/**
 * Marks `trust proxy` as still at its default, so a mounted app inherits its parent's
 * value instead (the spec's one exception to "settings with a default are not inherited").
 */
export const TRUST_PROXY_DEFAULT = Symbol('trust_proxy_default')

/** On a route layer's handle, the route it dispatches to, as `router.route` made it (a tool may replace the handle). */
export const DISPATCHES = Symbol('ristretto.dispatches')
