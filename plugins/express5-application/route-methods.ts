// The route methods of Express 5's application: each makes its route with `app.route(path)`.
import { methods, type Application } from '../../kernel'

type RouteMethods = Record<string, (...handlers: unknown[]) => unknown>

/**
 * `app.get(path, …)`, `app.post(path, …)`, … and `app.all(path, …)` as Express 5 has them: the
 * route comes from `this.route(path)` (Express 4's, and the kernel's, take it from the app's
 * router directly), so what replaces or wraps `app.route` (a tracer learning the app's routes)
 * sees the routes these methods add too. `app.get(name)` with one argument still reads a setting.
 */
export function useAppRoute (application: Application): void {
  const target = application as unknown as Record<string, unknown>
  for (const method of methods) {
    target[method] = function routeMethod (this: Application, path: string, ...handlers: unknown[]) {
      if (method === 'get' && arguments.length === 1) return this.set(path)
      const route = this.route(path) as unknown as RouteMethods
      route[method]!(...handlers)
      return this
    }
  }
  target.all = function all (this: Application, path: string, ...handlers: unknown[]) {
    const route = this.route(path) as unknown as RouteMethods
    for (const method of methods) route[method]!(...handlers)
    return this
  }
}
