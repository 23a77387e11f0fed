// `express/lib/router`: the function every router inherits from (its own methods are the routers'
// methods, so patching `Router.prototype.constructor.param` patches `param` of every router).
// As Express's file does, this module assigns `proto.use` and `proto.route`, the methods every
// layer is registered through (`app.use` and `app.get` call them too): agents that rewrite this
// file as node loads it (Sentry's) find them here. Each calls the kernel's own method.
import { routerPrototype } from '../../../kernel'
import framework = require('../../default')
import './route'
import './layer'

type Router = typeof routerPrototype

const proto = routerPrototype as unknown as Record<'use' | 'route', (this: Router, ...args: any[]) => unknown>
const { use: kernelUse, route: kernelRoute } = proto

// One parameter declared, as Express's `use (fn)`; every argument is passed on as given.
proto.use = function use (this: Router, fn: unknown): unknown {
  return Reflect.apply(kernelUse, this, arguments)
}

proto.route = function route (this: Router, path: unknown): unknown {
  return Reflect.apply(kernelRoute, this, arguments)
}

export = framework.Router
