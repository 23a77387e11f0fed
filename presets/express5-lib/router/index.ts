// `router` (2.3), as the Express 5 edition carries it: the express5 preset's `Router` under the
// package name Express 5 loads it by, so that tools hooking the `router` package (Sentry,
// dd-trace) find it. As router's own `index.js` does, this module assigns
// `Router.prototype.use` and `Router.prototype.route`, the methods every layer is registered
// through (`app.use` and `app.get` call them too); each calls the express5-routing plugin's own.
import framework = require('../../express5')
import './lib/layer'
import './lib/route'

type Router = ReturnType<typeof framework.Router>

const Router = framework.Router
const proto = Router.prototype as unknown as Record<'use' | 'route', (this: Router, ...args: any[]) => unknown>
const { use: pluginUse, route: pluginRoute } = proto

// One parameter declared, as router's `use (handler)`; every argument is passed on as given.
proto.use = function use (this: Router, handler: unknown): unknown {
  return Reflect.apply(pluginUse, this, arguments)
}

proto.route = function route (this: Router, path: unknown): unknown {
  return Reflect.apply(pluginRoute, this, arguments)
}

export = Router
