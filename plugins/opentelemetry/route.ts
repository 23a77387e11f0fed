// The route a request has reached, built from the paths of the layers it is running in, as instrumentation-express builds it.

/** The paths of the layers a request is in, outermost first: a non-enumerable field of the request. */
const LAYER_PATHS = Symbol('ristretto.opentelemetry.layerPaths')

type Carrier = { [LAYER_PATHS]?: string[], originalUrl?: unknown }

/**
 * How a layer's path reads in a route: a string as it is, a RegExp or number as its text, an
 * array as its entries joined by `,` (an entry of another kind empty); undefined for none.
 */
export function layerPathText (path: unknown): string | undefined {
  if (Array.isArray(path)) return path.map((entry) => entryText(entry) ?? '').join(',')
  return entryText(path)
}

function entryText (path: unknown): string | undefined {
  if (typeof path === 'string') return path
  if (path instanceof RegExp || typeof path === 'number') return String(path)
  return undefined
}

/** The request's list of layer paths, made on first use. */
function pathsOf (req: Carrier): string[] {
  let paths = req[LAYER_PATHS]
  if (paths === undefined) {
    paths = []
    Object.defineProperty(req, LAYER_PATHS, { configurable: true, enumerable: false, value: paths })
  }
  return paths
}

/** Enters a layer: its path (if it has one) is added to the request's; true when added. */
export function enterLayer (req: Carrier, path: string | undefined): boolean {
  const paths = pathsOf(req)
  if (path === undefined) return false
  paths.push(path)
  return true
}

/** Leaves the layer entered last. */
export function leaveLayer (req: Carrier): void {
  req[LAYER_PATHS]?.pop()
}

/** A wildcard of its own (`/*`, or router 2's `/{*name}`): no part of a route's name. */
const LONE_WILDCARD = /^\/\{\*[^}]*\}$/

/** The route the layers' paths make: the meaningful ones joined, runs of slashes made one. */
export function constructedRoute (req: Carrier): string {
  const parts = (req[LAYER_PATHS] ?? []).filter((path) => path !== '/' && path !== '/*' && !LONE_WILDCARD.test(path))
  if (parts.length === 1 && parts[0] === '*') return '*'
  return parts.join('').replace(/\/{2,}/g, '/')
}

/**
 * The route to report as `http.route`: the constructed route, starting with `/`, when the
 * request's URL is on it or it has parameters or wildcards; RegExp and array paths as built;
 * `/` only for a request of `/` when every layer was mounted at `/`; otherwise none.
 */
export function matchedRoute (req: Carrier): string | undefined {
  const paths = req[LAYER_PATHS] ?? []
  if (paths.length === 0) return undefined
  const url = typeof req.originalUrl === 'string' ? req.originalUrl : ''
  if (paths.every((path) => path === '/')) return url === '/' ? '/' : undefined
  const route = constructedRoute(req)
  if (route === '*') return route
  if (route.includes('/') && /[,\\*[]/.test(route)) return route
  const rooted = route.startsWith('/') ? route : '/' + route
  return url === rooted || url.startsWith(rooted) || /[:*]/.test(rooted) ? rooted : undefined
}

/**
 * A router's name in its span: the path of the first route found by descending through the
 * first layer of each router below it (instrumentation-express's reading), else `fallback`.
 */
export function routerPath (handle: unknown): string | undefined {
  const first = (handle as { stack?: Array<{ route?: { path?: unknown }, handle?: unknown }> } | undefined)?.stack?.[0]
  if (first?.route?.path) return String(first.route.path)
  if ((first?.handle as { stack?: unknown } | undefined)?.stack) return routerPath(first!.handle)
  return undefined
}
