// The kernel's public face: the framework factory, the plugin API, the layer stack and the types.
export { createFramework, type AppHandling, type Framework, type FrameworkOf, type FrameworkOptions } from './framework'
export { definePlugin, type Plugin, type PluginOption, type Kernel } from './plugin'
export type { Accessor, Decorations, DecorateOptions, Decorators } from './decorate'
export { ErrorCode, PluginError } from './errors'
export type { KernelHooks } from './hooks'
/** tapable's hook classes, for plugins that own hooks of their own (loaded without tapable's whole index). */
export { SyncHook, SyncBailHook } from './internal/tapable'
import type { Router as RouterInstance } from './router/router'
export { createRouter as Router, createRouter, routerPrototype, type Router as RouterInstance, type RouterOptions } from './router/router'
export { Route } from './router/route'
export { Layer } from './router/layer'
export { methods } from './router/methods'
export { kernelOf } from './internal/kernel-of'
export { HELPERS, enterHelpers, restorePrototypes, type HelperCarrier, type SavedPrototypes } from './internal/prototypes'
export type {
  Application, Express, Request, Response, Locals, NextFunction, NextCallback, NodeMiddleware, RequestHandler, ErrorRequestHandler,
  HandlerArgument, ForeignHandler, ForeignErrorHandler, RequestHandlers, RequestHandlerParams, Handled, Named,
  HandlerRegistrar, HandlerRegistrarOf, UseRegistrar, OtherMethodName, PathParams, PathSyntaxes, ParamHandler, ParamsDictionary, ParsedQuery, ParsedQs, RouteParameters, Settings
} from './types'
export type { RouteRegistrar } from './router/route'

/**
 * The router type, under the name of its factory (`Router()` makes one): an interface, so it can
 * be named in annotations and extended. `Inherited` as in {@link RouterInstance}.
 */
export interface Router<Inherited = {}> extends RouterInstance<Inherited> {}
