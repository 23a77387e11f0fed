// Walks an app's or router's entries, mounts included, into a flat list of routes.
import { methods, type Application, type Route, type RouterInstance } from '../../kernel'
import { entries, isApp } from './registry'
import { alternatives, joinParts, type PathPart } from './join-path'
import { routeName } from './route-name'

/** One method of one route, as reachable from the app or router listed. */
export interface RouteInfo {
  /** Uppercase method (`GET`), or `ALL` for handlers of every method (`route.all`, `app.all`). */
  method: string
  /** The full path as written, mount paths joined (`/api/users/:id`); regular expressions as literals. */
  path: string
  /** The parts joined into `path`, outermost mount first, as given (RegExp objects kept): for tools. */
  parts: PathPart[]
  /** The name given with `route.name(name)`, if any. */
  name: string | undefined
  /** The route itself: `route.stack` holds its handlers. */
  route: Route
}

const ALL = 'ALL'

/** The methods a route serves, in the order first added; every method at once is `ALL`. */
function routeMethods (route: Route): string[] {
  const seen: string[] = []
  for (const layer of route.stack) {
    const method = layer.method === undefined ? ALL : layer.method.toUpperCase()
    if (seen.indexOf(method) === -1) seen.push(method)
  }
  if (seen.length >= methods.length && methods.every((m) => seen.indexOf(m.toUpperCase()) !== -1)) {
    return [ALL, ...seen.filter((m) => m !== ALL && methods.indexOf(m.toLowerCase()) === -1)]
  }
  return seen
}

function walk (router: RouterInstance, prefixes: PathPart[][], out: RouteInfo[], visiting: Set<RouterInstance>): void {
  if (visiting.has(router)) return
  visiting.add(router)
  for (const entry of entries(router)) {
    const paths = alternatives(entry.path)
    const joined: PathPart[][] = []
    for (const prefix of prefixes) for (const path of paths) joined.push([...prefix, path])
    if (entry.kind === 'route') {
      const name = routeName(entry.route)
      const verbs = routeMethods(entry.route)
      for (const parts of joined) {
        for (const method of verbs) out.push({ method, path: joinParts(parts), parts, name, route: entry.route })
      }
      continue
    }
    const child = isApp(entry.target) ? entry.target._router : entry.target
    if (child) walk(child, joined, out, visiting)
  }
  visiting.delete(router)
}

/**
 * Every route reachable from an app or router, mounted routers and sub-apps included,
 * in registration order: one entry per method and per path alternative. Paths are
 * relative to `target` (a sub-app lists without its own mount path).
 *
 * @example
 * listRoutes(app) // [{ method: 'GET', path: '/api/users/:id', name: 'user', … }]
 */
export function listRoutes (target: Application | RouterInstance): RouteInfo[] {
  const router = isApp(target) ? target._router : target
  const out: RouteInfo[] = []
  if (router) walk(router, [[]], out, new Set())
  return out
}
