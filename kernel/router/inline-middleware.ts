// Middleware that always goes on at once, which a router may run without the round trip through next().
import type { Layer } from './layer'

type Next = (err?: unknown) => void
type Middleware = (req: any, res: any, next: Next) => void

/**
 * What such a middleware does before it goes on: given `next` to keep (as `req.next`), it never
 * calls it, nor reads `req.params` (not yet set for it). `any`, as for the router's own handlers:
 * it runs on the requests and responses of every framework built on this kernel.
 */
export type InlineBody = (req: any, res: any, next: Next) => void

const INLINE_BODY = Symbol('ristretto.inlineBody')

/**
 * The middleware `name`: runs `body(req, res, next)`, then `next()`. It behaves as any middleware; a
 * router whose stack starts with such layers, mounted at `/` and with their handle unchanged,
 * runs their bodies before it looks for the first layer to call (an app's query and init layers).
 */
export function inlineMiddleware (name: string, body: InlineBody): Middleware {
  const middleware = { [name] (req: any, res: any, next: Next) { body(req, res, next); next() } }[name]
  ;(middleware as Middleware & { [INLINE_BODY]?: InlineBody })[INLINE_BODY] = body
  return middleware
}

/** The body of a middleware made by {@link inlineMiddleware}, else undefined. */
export function inlineBodyOf (fn: unknown): InlineBody | undefined {
  return typeof fn === 'function' ? (fn as { [INLINE_BODY]?: InlineBody })[INLINE_BODY] : undefined
}

/** Whether a router may run `layer`'s body in place of calling it: made inline, at `/`, handle unchanged. */
export function runsInline (layer: Layer | undefined): boolean {
  return layer != null && layer.inlineBody !== undefined && layer.handle === layer.inlineOf && layer.regexp.fast_slash === true
}
