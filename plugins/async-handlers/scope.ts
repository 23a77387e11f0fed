// The async-aware scope: which apps, routers and routes wrap their handlers, and the walk that converts a subtree.
import { routerPrototype, type Application, type Layer, type Route, type RouterInstance } from '../../kernel'
import { isWrapped, wrapLayerHandler, wrapParamCallback } from './wrap-handler'

type AnyHandler = (...args: any[]) => unknown

const routers = new WeakSet<RouterInstance>()
const routes = new WeakSet<Route>()
const apps = new WeakSet<Application>()
/** Sub-apps mounted with `app.use`, by parent: their layer is a closure that does not show the sub-app. */
const subApps = new WeakMap<Application, Application[]>()

/** A router of this kernel (any framework): its stack and params can be converted. */
export function isRouter (value: unknown): value is RouterInstance {
  return typeof value === 'function' && Object.prototype.isPrototypeOf.call(routerPrototype, value)
}

/** An app (of any Express-like framework): a handler with settings. */
export function isApp (value: unknown): value is Application {
  return typeof value === 'function' &&
    typeof (value as Partial<Application>).handle === 'function' &&
    typeof (value as Partial<Application>).set === 'function'
}

/** Something that dispatches on its own (a router of another framework): never wrapped, it returns nothing. */
function isDispatcher (value: AnyHandler): boolean {
  return typeof (value as { handle?: unknown }).handle === 'function' && Array.isArray((value as { stack?: unknown }).stack)
}

export function isRouterEnabled (router: RouterInstance): boolean {
  return routers.has(router)
}

export function isRouteEnabled (route: Route): boolean {
  return routes.has(route)
}

export function isAppEnabled (app: Application): boolean {
  return apps.has(app)
}

/** Converts a layer of an async-aware router: its handler, or the route / router / app it leads to. */
export function convertLayer (layer: Layer): void {
  if (layer.route) {
    enableRoute(layer.route)
    return
  }
  const handle = layer.handle
  if (isRouter(handle)) enableRouter(handle)
  else if (isApp(handle)) enableApp(handle)
  else if (!isDispatcher(handle) && !isWrapped(handle)) layer.handle = wrapLayerHandler(handle, true)
}

/** Converts a handler layer of an async-aware route. */
export function convertRouteLayer (layer: Layer): void {
  if (!isWrapped(layer.handle)) layer.handle = wrapLayerHandler(layer.handle, false)
}

export function enableRoute (route: Route): void {
  if (routes.has(route)) return
  routes.add(route)
  for (const layer of route.stack) convertRouteLayer(layer)
}

/** Makes a router async-aware: its layers and params now, and (through the hooks) those added later. */
export function enableRouter (router: RouterInstance): void {
  if (routers.has(router)) return
  routers.add(router)
  for (const layer of router.stack) convertLayer(layer)
  wrapParams(router)
  Object.defineProperty(router, 'param', {
    configurable: true,
    writable: true,
    value: function asyncAwareParam (this: RouterInstance, ...args: unknown[]) {
      (routerPrototype.param as (...a: unknown[]) => unknown).apply(this, args)
      wrapParams(this)
      return this
    }
  })
}

/** Makes an app async-aware: its router (now or when created) and its sub-apps, mounted before or after. */
export function enableApp (app: Application): void {
  if (apps.has(app)) return
  apps.add(app)
  if (app._router) enableRouter(app._router)
  for (const child of subApps.get(app) ?? []) enableApp(child)
}

/** Records a sub-app mounted with `app.use`, and converts it when its parent is async-aware. */
export function recordMount (child: Application, parent: Application): void {
  const list = subApps.get(parent)
  if (list) list.push(child)
  else subApps.set(parent, [child])
  if (apps.has(parent)) enableApp(child)
}

function wrapParams (router: RouterInstance): void {
  const params = router.params
  for (const name of Object.keys(params)) {
    const callbacks = params[name]
    for (let i = 0; i < callbacks.length; i++) {
      if (!isWrapped(callbacks[i])) callbacks[i] = wrapParamCallback(callbacks[i] as AnyHandler) as typeof callbacks[number]
    }
  }
}
