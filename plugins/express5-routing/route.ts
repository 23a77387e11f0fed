// A router 2 route: one path, handlers per method, dispatched in order.
import { methods, type ParamsDictionary, type RouteRegistrar } from '../../kernel'
import { Layer } from './layer'
import { handlersMethod, methodsListed, servesMethod } from '../../kernel/router/route'

type AnyHandler = (...args: any[]) => unknown
type Done = (err?: unknown) => void

/** Synchronous `next()` calls allowed in a row before the rest is deferred, so long chains cannot overflow the stack. */
export const MAX_SYNC_NEXT = 100

/** Flattens handler arguments (arrays nested at any depth), refusing none and non-functions as router 2 does. */
export function handlersOf (args: readonly unknown[]): AnyHandler[] {
  const handlers = args.flat(Infinity)
  if (handlers.length === 0) throw new TypeError('argument handler is required')
  for (const fn of handlers) {
    if (typeof fn !== 'function') throw new TypeError('argument handler must be a function')
  }
  return handlers as AnyHandler[]
}

/** The methods `@types/express` lists for a route, and `all`: each adds handlers and returns the route. */
type RouteMethodName = 'all' | 'get' | 'post' | 'put' | 'delete' | 'patch' | 'options' | 'head' | 'checkout' | 'copy' |
  'lock' | 'merge' | 'mkactivity' | 'mkcol' | 'move' | 'm-search' | 'notify' | 'purge' | 'report' | 'search' |
  'subscribe' | 'trace' | 'unlock' | 'unsubscribe'

/** `P` types `req.params` in the route's handlers: `router.route('/files/*path')` gives `Route<{ path: string[] }>`. */
export interface Route<P = ParamsDictionary> extends Record<RouteMethodName, RouteRegistrar<Route<P>, P>> {}

/** A route of a router: made by `router.route(path)`, run when its path matches and it serves the method. */
// eslint-disable-next-line @typescript-eslint/no-unused-vars -- `P` types the merged route methods
export class Route<P = ParamsDictionary> {
  /** The path the route was made with, as given. */
  path: unknown
  stack: Layer[]
  /** The methods served (lowercase), `_all` when `route.all` was used; no prototype. */
  methods: Record<string, boolean>

  constructor (path: unknown) {
    this.path = path
    this.stack = []
    this.methods = Object.create(null)
  }

  /** Whether a request method is served here (HEAD falls back to GET). */
  _handlesMethod (method: unknown): boolean {
    return servesMethod(this.methods, method)
  }

  /** The methods served, uppercase, for the automatic OPTIONS answer (HEAD added with GET). */
  _methods (): string[] {
    return methodsListed(this.methods)
  }

  /** Runs the handlers of the request's method in order. */
  dispatch (req: any, res: unknown, done: Done): void {
    const stack = this.stack
    if (stack.length === 0) {
      done()
      return
    }
    let idx = 0
    let sync = 0
    const method = handlersMethod(this.methods, req.method)
    req.route = this

    const next = (err?: unknown): void => {
      if (err && err === 'route') return done()
      if (err && err === 'router') return done(err)
      if (idx >= stack.length) return done(err)
      if (++sync > MAX_SYNC_NEXT) {
        setImmediate(next, err)
        return
      }
      let layer: Layer | undefined
      while (idx < stack.length) {
        const candidate = stack[idx++]
        if (!candidate.method || candidate.method === method) {
          layer = candidate
          break
        }
      }
      if (layer === undefined) return done(err)
      if (err) layer.handleError(err, req, res, next)
      else layer.handleRequest(req, res, next)
      sync = 0
    }
    next()
  }
}

// `route.all(...)` serves every method; `route.get(...)` and the rest of node's methods serve theirs.
for (const method of [...methods, 'all']) {
  Object.defineProperty(Route.prototype, method, {
    configurable: true,
    writable: true,
    value: function addMethodHandlers (this: Route, ...handlers: unknown[]): Route {
      for (const fn of handlersOf(handlers)) {
        const layer = new Layer('/', {}, fn)
        layer.method = method === 'all' ? undefined : method
        this.methods[method === 'all' ? '_all' : method] = true
        this.stack.push(layer)
      }
      return this
    }
  })
}
