// What each router of the framework holds, as its layers were added: routes and middleware with
// their paths as written and matching options, and the routers and sub-apps mounted in it.
import type { Application, Layer, PathParams, Route, RouterInstance } from '../../kernel'
import type { LayerOptions } from './path/express5-match'

/** A layer of a router, in the order added. */
export type Entry =
  | { readonly kind: 'route', readonly path: PathParams, readonly route: Route, readonly options: LayerOptions }
  | { readonly kind: 'use', readonly path: PathParams, readonly layer: Layer, readonly options: LayerOptions }
  /** A sub-app mounted with `app.use`: its own router is read through it. */
  | { readonly kind: 'app', readonly path: PathParams, readonly app: Application }

const entriesOf = new WeakMap<RouterInstance, Entry[]>()

function push (router: RouterInstance, entry: Entry): void {
  const list = entriesOf.get(router)
  if (list) list.push(entry)
  else entriesOf.set(router, [entry])
}

/** `layerAdded`: every layer, with the options the router compiled its path with. */
export function recordLayer (router: RouterInstance, layer: Layer, path: PathParams): void {
  const sensitive = router.caseSensitive === true
  if (layer.route) push(router, { kind: 'route', path, route: layer.route, options: { sensitive, strict: router.strict === true, end: true } })
  else push(router, { kind: 'use', path, layer, options: { sensitive, strict: false, end: false } })
}

/** `mount`: `parent.use(path, child)`. */
export function recordSubApp (child: Application, parent: Application): void {
  if (parent._router) push(parent._router, { kind: 'app', path: child.mountpath, app: child })
}

/** The layers of a router made by this framework, or undefined for a router it never saw (another framework's). */
export function entries (router: RouterInstance): readonly Entry[] | undefined {
  return entriesOf.get(router)
}
