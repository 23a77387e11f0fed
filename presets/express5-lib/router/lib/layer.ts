// `router/lib/layer` (2.3): the Layer class of every express5 router's stack. As router's own file
// does, this module assigns the two methods routers run a layer's handler through,
// `handleRequest` and `handleError`: agents that rewrite this file as node loads it (Sentry's) or
// wrap the methods of what it exports (dd-trace's) find them here, and the routers call whatever
// the prototype holds. Each calls the express5-routing plugin's own method.
import { Layer } from '../../../../plugins/express5-routing'

type Next = (err?: unknown) => void

const { handleError: pluginHandleError, handleRequest: pluginHandleRequest } = Layer.prototype

Layer.prototype.handleError = function handleError (this: Layer, error: unknown, req: unknown, res: unknown, next: Next): void {
  pluginHandleError.call(this, error, req, res, next)
}

Layer.prototype.handleRequest = function handleRequest (this: Layer, req: unknown, res: unknown, next: Next): void {
  pluginHandleRequest.call(this, req, res, next)
}

// Enumerable, as the methods of Express's prototype are: the class's were not, and an assignment
// keeps that. V8 names a frame `Layer.handle [as handle_request]` from enumerable properties.
for (const name of ['handleRequest', 'handleError'] as const) Object.defineProperty(Layer.prototype, name, { enumerable: true })

export = Layer
