// Route names: `router.route(path).name('user')` names a route for listings and tools.
import type { Route } from '../../kernel'

const names = new WeakMap<Route, string>()

/** The name given to a route with `route.name(name)`, if any. */
export function routeName (route: Route): string | undefined {
  return names.get(route)
}

function nameRoute (this: Route, name: string): Route {
  if (typeof name !== 'string' || name.length === 0) {
    throw new TypeError('route.name(name) requires a non-empty string')
  }
  names.set(this, name)
  return this
}

/** Gives a route made by a router of the framework its `name(name)` method (chainable). */
export function makeNameable (route: Route): void {
  if (Object.prototype.hasOwnProperty.call(route, 'name')) return
  Object.defineProperty(route, 'name', { configurable: true, writable: true, value: nameRoute })
}
