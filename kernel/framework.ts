// The framework factory: applies a plugin list once and returns a `framework()` that makes apps.
import { IncomingMessage, ServerResponse } from 'http'
import { EventEmitter } from 'events'
import { createHooks, type KernelHooks } from './hooks'
import { resolvePlugins, type Kernel, type Plugin, type PluginOption } from './plugin'
import { appHandle, applicationPrototype } from './application'
import { frameworkRouter, type RouterFactory } from './router/router'
import { Route } from './router/route'
import { checkFrameworkOptions } from './internal/framework-options'
import { Layer } from './router/layer'
import { kernelOf } from './internal/kernel-of'
import { createDecorators } from './decorate'
import { HELPERS } from './internal/prototypes'
import { ErrorCode, PluginError } from './errors'
import type { Application, Express, Request, Response } from './types'

/**
 * The callable a preset exports, by the types of what it makes: `framework()` makes an `App`; the
 * statics are shared by every app. The kernel's own is {@link Framework}; a preset that types
 * its apps otherwise (as Express 5 does) names its own types here. Each framework declares its
 * `Router` and `Route` itself: presets export types of those names too, and where a module has
 * a type of a member's name, TypeScript types a named import of that member
 * (`import { Router } from …`) taken from a generic base as the bare type parameter.
 */
export interface FrameworkOf<App, AppPrototype, RequestPrototype, ResponsePrototype> {
  (): App
  /** Shared application prototype: extending it reaches every app of this framework. */
  application: AppPrototype
  /** Shared request prototype (inherits `http.IncomingMessage.prototype`). */
  request: RequestPrototype
  /** Shared response prototype (inherits `http.ServerResponse.prototype`). */
  response: ResponsePrototype
  /** The kernel's layer class (not enumerable: Express exports no `Layer`). */
  Layer: typeof Layer
  /** The plugins this framework was built from, in application order. */
  readonly plugins: readonly Plugin[]
  /** The framework's hooks, for plugins added after creation is not supported: tap them in a plugin. */
  readonly hooks: KernelHooks
}

/** The kernel's framework: apps, prototypes and routers typed as Express 4's. */
export interface Framework extends FrameworkOf<Express, Application, Request, Response> {
  /**
   * `Router(options)`: a standalone, mountable layer stack. Apps make their router with it too, so
   * a plugin may replace it in its `apply` to give the framework's routers another path syntax.
   * The kernel's is, as Express 4's, what the framework's routers inherit.
   */
  Router: RouterFactory
  Route: typeof Route
}

/** How the framework's apps take a request in: where each is initialised, and how an escaped error is logged. */
export interface AppHandling {
  /**
   * Where a request is linked to its response (`req.res`, `res.req`), gets `X-Powered-By`, the
   * app's prototypes and `res.locals`: `'layer'` (default), the first layer of the app's router,
   * named `expressInit`, as in Express 4; `'handle'`, in `app.handle` before routing, as in
   * Express 5, so the app's router holds only the app's own layers.
   */
  init?: 'layer' | 'handle'
  /**
   * Logs an error that reached the final handler (never in the `test` env). Default: its stack
   * (else its text), as Express 4; Express 5.3 logs the whole error (`console.error(err)`), its
   * `cause` and own properties included.
   */
  logError?: (err: unknown) => void
  /**
   * What `app.get(path, …)`, the other route methods and `app.all` take their route from:
   * `'router'` (default), the app's router, as in Express 4; `'app'`, `app.route(path)`, as in
   * Express 5, so that replacing or wrapping `app.route` reaches the routes they add.
   */
  routes?: 'router' | 'app'
}

export interface FrameworkOptions {
  /** The plugins, applied once each, in order. Falsy entries are skipped, arrays flattened. */
  plugins?: readonly PluginOption[]
  /** How apps take a request in and add routes; what is left out is Express 4's (`init: 'layer'`, errors logged as their stack, `routes: 'router'`). */
  app?: AppHandling
}

/**
 * Builds a framework from plugins.
 * @throws PluginError `RST_PLUGIN_OPTIONS` for an unknown option or a value of the wrong type
 * (`createFramework({ plugin: [...] })`: did you mean `plugins`?).
 *
 * @example
 * const framework = createFramework({ plugins: [requestPlugin(), responsePlugin()] })
 * const app = framework()
 */
export function createFramework (options: FrameworkOptions = {}): Framework {
  checkFrameworkOptions(options)
  const plugins = resolvePlugins(options.plugins ?? [])
  const hooks = createHooks()
  // Own copies of the kernel's methods, so plugins and users extend this framework's object only.
  const application = {} as Application
  mixin(application, applicationPrototype)
  const request: Request = Object.create(IncomingMessage.prototype)
  const response: Response = Object.create(ServerResponse.prototype)

  const framework = function createApplication (): Application {
    const app = function app (req: any, res: any, next?: any) {
      (app as unknown as Application).handle(req, res, next)
    } as unknown as Application
    // Express mixes EventEmitter and the prototype in as own properties; apps are functions.
    mixin(app, EventEmitter.prototype)
    mixin(app, application)
    kernelOf.set(app, kernel)
    app.request = Object.create(request, { app: { configurable: true, enumerable: true, writable: true, value: app } })
    app.response = Object.create(response, { app: { configurable: true, enumerable: true, writable: true, value: app } })
    app.init()
    return app
  } as Framework

  const names = new Set(plugins.map((p) => p.name))
  const building = { plugin: undefined as string | undefined, dependencies: [] as readonly string[], open: true }
  const kernel: Kernel = {
    hooks, framework, application, request, response, appHandling: Object.freeze({ ...options.app }),
    has: (name) => names.has(name),
    ...createDecorators({ application, request, response }, building)
  }
  application.handle = appHandle(hooks, kernel.appHandling)

  Object.assign(framework, { application, request, response, Router: frameworkRouter(kernel), Route })
  // Requests of the framework's apps, and its routers, name the framework whose helpers they carry.
  for (const proto of [request, response]) Object.defineProperty(proto, HELPERS, { value: framework })
  Object.defineProperty(framework, 'plugins', { value: Object.freeze(plugins.slice()), enumerable: false })
  Object.defineProperty(framework, 'hooks', { value: hooks, enumerable: false })
  // Not one of Express's exports: there, but not listed by Object.keys, as `plugins` and `hooks`.
  Object.defineProperty(framework, 'Layer', { value: Layer, enumerable: false, writable: true, configurable: true })

  for (const plugin of plugins) {
    building.plugin = plugin.name
    building.dependencies = plugin.dependencies ?? []
    try { plugin.apply(kernel) } catch (err) {
      throw err instanceof PluginError ? err : new PluginError(ErrorCode.PLUGIN_APPLY,
        `Plugin "${plugin.name}" failed in apply: ${err instanceof Error ? err.message : 'it threw a value that is not an Error'}`, { cause: err })
    }
  }
  building.plugin = undefined
  hooks.extendApplication.call(application)
  hooks.extendRequest.call(request)
  hooks.extendResponse.call(response)
  building.open = false
  return framework
}

/** Copies own properties (descriptors included) that the target does not define yet. */
function mixin (target: object, source: object): void {
  for (const key of Object.getOwnPropertyNames(source)) {
    if (Object.prototype.hasOwnProperty.call(target, key)) continue
    Object.defineProperty(target, key, Object.getOwnPropertyDescriptor(source, key)!)
  }
}
