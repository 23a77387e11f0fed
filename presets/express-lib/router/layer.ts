// `express/lib/router/layer`: the Layer class of every router's stack (patching its prototype
// reaches every layer). As Express's file does, this module assigns the two methods routers run
// a layer's handler through, `handle_request` and `handle_error`: agents that rewrite this file as
// node loads it (Sentry's) or wrap the methods of what it exports (dd-trace's) find them here,
// and the routers call whatever the prototype holds. Each calls the kernel's own method.
import framework = require('../../default')

type Next = (err?: unknown) => void
type Layer = InstanceType<typeof framework.Layer>

const Layer = framework.Layer
const { handle_error: kernelHandleError, handle_request: kernelHandleRequest } = Layer.prototype

Layer.prototype.handle_error = function handle_error (this: Layer, error: unknown, req: unknown, res: unknown, next: Next): void {
  kernelHandleError.call(this, error, req, res, next)
}

// Named `handle`, as Express's, so that stack frames read `Layer.handle [as handle_request]`.
Layer.prototype.handle_request = function handle (this: Layer, req: unknown, res: unknown, next: Next): void {
  kernelHandleRequest.call(this, req, res, next)
}

// Enumerable, as the methods of Express's prototype are: the class's were not, and an assignment
// keeps that. V8 names a frame `Layer.handle [as handle_request]` from enumerable properties.
for (const name of ['handle_request', 'handle_error'] as const) Object.defineProperty(Layer.prototype, name, { enumerable: true })

export = Layer
