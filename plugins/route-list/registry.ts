// What each router holds that routes can be reached through: its routes and its mounts, with paths as written.
import { routerPrototype, type Application, type Layer, type PathParams, type Route, type RouterInstance } from '../../kernel'

/** A route of a router, or a router / app mounted in it, in the order they were added. */
export type Entry =
  | { readonly kind: 'route', readonly path: PathParams, readonly route: Route }
  | { readonly kind: 'mount', readonly path: PathParams, readonly target: RouterInstance | Application }

const entriesOf = new WeakMap<RouterInstance, Entry[]>()

/** An app (of any Express-like framework): a handler with settings and a lazily made `_router`. */
export function isApp (value: unknown): value is Application {
  return typeof value === 'function' &&
    typeof (value as Partial<Application>).handle === 'function' &&
    typeof (value as Partial<Application>).set === 'function'
}

/** A router: one of this kernel's, or any Express-4-shaped one (`handle` and a `stack`). */
export function isRouter (value: unknown): value is RouterInstance {
  if (typeof value !== 'function') return false
  if (Object.prototype.isPrototypeOf.call(routerPrototype, value)) return true
  return typeof (value as { handle?: unknown }).handle === 'function' && Array.isArray((value as { stack?: unknown }).stack)
}

function push (router: RouterInstance, entry: Entry): void {
  const list = entriesOf.get(router)
  if (list) list.push(entry)
  else entriesOf.set(router, [entry])
}

/** `layerAdded`: a route layer, or a `use` layer whose handler is a router or an app, becomes an entry. */
export function recordLayer (router: RouterInstance, layer: Layer, path: PathParams): void {
  if (layer.route) push(router, { kind: 'route', path: layer.route.path, route: layer.route })
  else if (isApp(layer.handle)) push(router, { kind: 'mount', path, target: layer.handle })
  else if (isRouter(layer.handle)) push(router, { kind: 'mount', path, target: layer.handle })
}

/** `mount`: `parent.use(path, child)` wraps the child in a closure, so the sub-app is recorded here. */
export function recordSubApp (child: Application, parent: Application): void {
  if (parent._router) push(parent._router, { kind: 'mount', path: child.mountpath, target: child })
}

/**
 * The entries of a router. A router this plugin never saw (made outside the framework)
 * is read from its stack: routes keep their path; a mounted router's path is only known
 * as its regular expression.
 */
export function entries (router: RouterInstance): readonly Entry[] {
  const seen = entriesOf.get(router)
  if (seen) return seen
  const list: Entry[] = []
  for (const layer of router.stack ?? []) {
    if (layer.route) list.push({ kind: 'route', path: layer.route.path, route: layer.route })
    else if (isApp(layer.handle) || isRouter(layer.handle)) list.push({ kind: 'mount', path: layer.regexp, target: layer.handle })
  }
  return list
}
