// The application prototype: settings, routing entry points, mounting and listen.
import http from 'http'
import { appParam, createRouter } from './router/router'
import { methods } from './router/methods'
import { splitUseArguments } from './internal/flatten'
import { kernelOf } from './internal/kernel-of'
import { finalHandler } from './final-handler'
import { adoptPrototypes, inheritsHelpers, restorePrototypes, savePrototypes, serverClasses, HELPERS, type HelperCarrier } from './internal/prototypes'
import { deprecate } from './deprecate'
import { TRUST_PROXY_DEFAULT } from './symbols'
import type { Application, NextCallback, PathParams, Request } from './types'
import type { KernelHooks } from './hooks'
import type { AppHandling } from './framework'
import type { Router } from './router/router'
import type { MethodTable } from './router/route'
import { traceRequest, tracingRequests } from './internal/tracing'

/** The value of the `X-Powered-By` header: Express's, so responses are byte-for-byte Express 4's. */
export const POWERED_BY = 'Express'

const app: Record<string, any> = {}

app.init = function init (this: Application): void {
  this.cache = {}
  this.engines = {}
  this.settings = {}
  this.defaultConfiguration()
}

app.defaultConfiguration = function defaultConfiguration (this: Application): void {
  const env = process.env.NODE_ENV || 'development'
  this.enable('x-powered-by')
  this.set('env', env)
  this.set('trust proxy', false)

  this.on('mount', function onmount (this: Application, parent: Application) {
    // A sub-app that never chose `trust proxy` inherits the parent's.
    if (this.settings[TRUST_PROXY_DEFAULT as any] === true && typeof parent.settings['trust proxy fn'] === 'function') {
      delete this.settings['trust proxy']
      delete this.settings['trust proxy fn']
    }
    // An app of another framework keeps its framework's helpers; settings and engines still inherit.
    if (inheritsHelpers(this, parent)) {
      Object.setPrototypeOf(this.request, parent.request)
      Object.setPrototypeOf(this.response, parent.response)
    }
    Object.setPrototypeOf(this.engines, parent.engines)
    Object.setPrototypeOf(this.settings, parent.settings)
    const k = kernelOf.get(this)
    if (k) k.hooks.mount.call(this, parent)
  })

  this.locals = Object.create(null)
  this.mountpath = '/'
  this.locals.settings = this.settings

  // Not enumerable, as Express 4's; configurable, so a plugin may define it otherwise.
  Object.defineProperty(this, 'router', {
    configurable: true,
    get () {
      throw new Error('\'app.router\' is deprecated!\nPlease see the 3.x to 4.x migration guide for details on how to update your app.')
    }
  })

  // Before the hook, so a plugin may define `router` otherwise.
  const k = kernelOf.get(this)
  if (k) k.hooks.appCreated.call(this)
  // Plugins' defaults are defaults too: `trust proxy` stays marked as not chosen.
  Object.defineProperty(this.settings, TRUST_PROXY_DEFAULT, { configurable: true, value: true })
}

app.lazyrouter = function lazyrouter (this: Application): void {
  if (this._router) return
  const k = kernelOf.get(this)
  const options = { caseSensitive: this.enabled('case sensitive routing'), strict: this.enabled('strict routing') }
  // The framework's `Router` makes the app's router: a plugin that gives its framework routers of
  // its own (another path syntax, another dispatch) gives them to the framework's apps too.
  const router = (k ? k.framework.Router(options) : createRouter(options)) as Router
  this._router = router
  // The app's init layer gives requests the app's own prototypes: its router switches nothing.
  ;(router as HelperCarrier)[HELPERS] = undefined
  if (k) k.hooks.routerCreated.call(this, router)
  // Apps initialised in `app.handle` have no init layer: their router holds their own layers only.
  if (!k || k.appHandling.init !== 'handle') router.use(initMiddleware(this))
}

/** What every request gets from the app before its handlers: links req/res (and `req.next`, in a layer), X-Powered-By, the app's prototypes, `res.locals`. */
function initRequest (app: Application, req: any, res: any, next?: NextCallback): void {
  if (app.enabled('x-powered-by')) res.setHeader('X-Powered-By', POWERED_BY)
  req.res = res
  res.req = req
  if (next) req.next = next
  adoptPrototypes(app, req, res)
  res.locals = res.locals || Object.create(null)
}

/** The kernel's first layer of an app initialised by a layer ({@link AppHandling}'s `'layer'`, the default). */
export function initMiddleware (app: Application) {
  return function expressInit (req: any, res: any, next: NextCallback) {
    initRequest(app, req, res, next)
    next()
  }
}

/**
 * `app.handle` of the apps one kernel makes: its hooks are bound here rather than looked up per
 * request; with `handling.init` `'handle'`, it initialises the request itself before routing.
 */
export function appHandle (hooks: KernelHooks, handling: Readonly<AppHandling>) {
  return function handle (this: Application, req: any, res: any, callback?: NextCallback): void {
    if (hooks.request.isUsed()) hooks.request.call(req, res, this)
    const done = callback || finalHandler(req, res, this)
    if (handling.init === 'handle') initRequest(this, req, res)
    const router = this._router
    if (tracingRequests()) return traceRequest(this, req, res, done, (d) => router ? router.handle(req, res, d) : d())
    if (!router) return done()
    router.handle(req, res, done)
  }
}

app.use = function use (this: Application, ...args: unknown[]): Application {
  const split = splitUseArguments(args)
  const path = split.path as PathParams
  const fns = split.handlers
  if (fns.length === 0) throw new TypeError('app.use() requires a middleware function')
  this.lazyrouter()
  const router = this._router!
  for (const f of fns) {
    const sub = f as Application
    if (!sub || !sub.handle || !sub.set) {
      router.use(path, f as any)
      continue
    }
    sub.mountpath = path
    sub.parent = this
    router.use(path, function mounted_app (req: any, res: any, next: NextCallback) {
      const saved = savePrototypes(req, res)
      sub.handle(req, res, function leaveSubApp (err?: unknown) {
        restorePrototypes(saved, req, res)
        next(err)
      })
    })
    sub.emit('mount', this)
  }
  return this
}

const appRoute = app.route = function route (this: Application, path: PathParams) {
  this.lazyrouter()
  return this._router!.route(path)
}

/**
 * What `app.get(path, …)`, the other route methods and `app.all` make their route with: the
 * app's `route` with `routes: 'app'` (Express 5: replacing or wrapping `app.route` reaches them),
 * else the kernel's own (Express 4: they take the route from the app's router).
 */
const routeMaker = (app: Application) => kernelOf.get(app)?.appHandling.routes === 'app' ? app.route : appRoute

app.param = appParam

app.set = function set (this: any, setting: string, val?: unknown): any {
  if (arguments.length === 1) {
    // Walk the settings chain: a mounted app sees its parent's settings.
    let settings = this.settings
    while (settings && settings !== Object.prototype) {
      if (Object.prototype.hasOwnProperty.call(settings, setting)) return settings[setting]
      settings = Object.getPrototypeOf(settings)
    }
    return undefined
  }
  this.settings[setting] = val
  const k = kernelOf.get(this)
  const hook = k && k.hooks.setting.get(setting)
  if (hook) hook.call(this, val)
  if (setting === 'trust proxy') {
    Object.defineProperty(this.settings, TRUST_PROXY_DEFAULT, { configurable: true, value: false })
  }
  return this
}

app.path = function path (this: Application): string {
  return this.parent ? this.parent.path() + (this.mountpath as string) : ''
}

app.enabled = function enabled (this: any, setting: string): boolean {
  return Boolean(this.set(setting))
}

app.disabled = function disabled (this: any, setting: string): boolean {
  return !this.set(setting)
}

app.enable = function enable (this: Application, setting: string): Application {
  return this.set(setting, true)
}

app.disable = function disable (this: Application, setting: string): Application {
  return this.set(setting, false)
}

for (const method of methods) {
  app[method] = function routeMethod (this: Application, path: PathParams, ...handlers: unknown[]) {
    // `app.get(name)` with one argument reads a setting.
    if (method === 'get' && arguments.length === 1) return (this as any).set(path as string)
    const route = routeMaker(this).call(this, path) as unknown as MethodTable
    route[method](...handlers)
    return this
  }
}

app.all = function all (this: Application, path: PathParams, ...handlers: unknown[]): Application {
  const route = routeMaker(this).call(this, path) as unknown as MethodTable
  for (const method of methods) route[method](...handlers)
  return this
}

app.del = deprecate.function(app.delete, 'app.del: Use app.delete instead')

app.listen = function listen (this: Application, ...args: any[]): http.Server {
  // Requests and responses are built with the app's prototypes already: no switch per request.
  const server = http.createServer(serverClasses(this), this as any)
  const k = kernelOf.get(this)
  if (k) k.hooks.listen.call(server, this, args)
  return server.listen(...args)
}

/** The kernel's application methods; `createFramework` copies them onto `framework.application`. */
export const applicationPrototype: Readonly<Record<string, any>> = app

export type { Request }
