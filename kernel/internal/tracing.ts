// The kernel's diagnostics_channel tracing: request handling, the layers of a router's stack and errors (docs/tracing.md).
/// <reference types="node" preserve="true" />
import * as dc from 'diagnostics_channel'
import type { Layer } from '../router/layer'

type Next = (err?: unknown) => void
// Context and store both `C`: @types/node orders TracingChannel's two type parameters one way in
// some versions, the other way in others, and the declarations are read with either.
type Channel<C extends object> = dc.TracingChannel<C, C>

/** A tracing channel of that name, where the running node has `diagnostics_channel.tracingChannel` (18.19 and later). */
export function tracingChannel<C extends object> (name: string): Channel<C> | undefined {
  return typeof dc.tracingChannel === 'function' ? dc.tracingChannel<C, C>(name) : undefined
}

/** Whether anyone listens on a tracing channel. Reads each event's channel: `TracingChannel#hasSubscribers` is missing before node 20.13. */
export function subscribed (channel: Channel<object> | undefined): boolean {
  return channel !== undefined && (channel.start.hasSubscribers || channel.end.hasSubscribers ||
    channel.asyncStart.hasSubscribers || channel.asyncEnd.hasSubscribers || channel.error.hasSubscribers)
}

/** 'route' and 'router' steer routing; they are no errors. */
export function isSignal (err: unknown): boolean {
  return err === 'route' || err === 'router'
}

/** What `ristretto.request` gives a subscriber: an app's handling of one request (`error`: what it left the app with). */
export interface RequestTraceContext { req: any, res: any, app: unknown, error?: unknown }

/** How instrumentation-express names a layer's kind. */
export type LayerType = 'middleware' | 'router' | 'request_handler'

/**
 * What `ristretto.middleware` and `ristretto.handler` give a subscriber: one run of a layer of a
 * router's stack. `path` is the path the layer was added with, as given; `route` the route's
 * path (a route's layer only); `matchedPath` the part of the request's path the layer matched;
 * `baseUrl` the request's `baseUrl` as it runs; `incomingError` what an error handler is given;
 * `error` what the layer passed to `next`.
 */
export interface LayerTraceContext {
  req: any, res: any, layer: TracedLayer, name: string, type: LayerType
  path: unknown, route: unknown, matchedPath: string | undefined, baseUrl: string
  incomingError?: unknown, error?: unknown
}

/** A layer as tracing reads it: the kernel's, or express5-routing's (router 2's). */
export type TracedLayer = Pick<Layer, 'handle' | 'name'> & { route?: { path: unknown } | undefined }

/** What `ristretto.error` gives a subscriber: an error an error handler is given (`layer`), or one that reached an app's final handler (`app`). */
export interface ErrorMessage { req: any, res: any, error: unknown, layer?: TracedLayer, app?: unknown }

export const CHANNELS = Object.freeze({ request: 'ristretto.request', middleware: 'ristretto.middleware', handler: 'ristretto.handler', error: 'ristretto.error' })
const requests = tracingChannel<RequestTraceContext>(CHANNELS.request)
const middleware = tracingChannel<LayerTraceContext>(CHANNELS.middleware)
const handlers = tracingChannel<LayerTraceContext>(CHANNELS.handler)
const errors = dc.channel(CHANNELS.error)

/** Whether a router's pass is to trace its layers: read once per pass. */
export function tracingLayers (): boolean {
  return subscribed(middleware) || subscribed(handlers)
}

/** Whether an app's handling of a request is to be traced. */
export function tracingRequests (): boolean {
  return subscribed(requests)
}

/** Publishes on `ristretto.error` an error an error handler is given, or one that reached an app's final handler. */
export function publishError (message: ErrorMessage): void {
  if (errors.hasSubscribers) errors.publish(message)
}

/**
 * A traced call: `start` and `end` around `run`, given a `next` that publishes `error` (when
 * given one) and runs the continuation between `asyncStart` and `asyncEnd`, on its first call.
 */
function trace<C extends { error?: unknown }> (channel: Channel<C>, ctx: C, next: Next, run: (next: Next) => void): void {
  let called = false
  const traced = (err?: unknown): void => {
    if (called) return next(err)
    called = true
    if (err && !isSignal(err)) {
      ctx.error = err
      channel.error.publish(ctx)
    }
    try { channel.asyncStart.runStores(ctx, next, undefined, err) } finally { channel.asyncEnd.publish(ctx) }
  }
  try { channel.start.runStores(ctx, run, undefined, traced) } finally { channel.end.publish(ctx) }
}

/** An app's handling of a request, traced: `run` routes it, with the `done` to give its router. */
export function traceRequest (app: unknown, req: any, res: any, done: Next, run: (done: Next) => void): void {
  trace(requests!, { req, res, app }, done, run)
}

/**
 * A matched layer of a router's stack, traced when its handler is to run (a route's layer, or
 * middleware that takes the request, or its error: `incomingError`); `run` runs it as untraced.
 * `path`: the path the layer was added with; `matchedPath`: what it matched of the request's.
 */
export function traceLayer (layer: TracedLayer, path: unknown, matchedPath: string | undefined, req: any, res: any,
  incomingError: unknown, next: Next, run: (next: Next) => void): void {
  const route = layer.route
  const arity = layer.handle.length
  if (route === undefined && (incomingError ? arity !== 4 : arity > 3)) return run(next)
  if (incomingError) publishError({ req, res, error: incomingError, layer })
  const type = route !== undefined ? 'request_handler' : layer.name === 'router' ? 'router' : 'middleware'
  const ctx: LayerTraceContext = { req, res, layer, name: layer.name, type, path, route: route?.path, matchedPath, baseUrl: req.baseUrl }
  if (incomingError) ctx.incomingError = incomingError
  trace(route !== undefined ? handlers! : middleware!, ctx, next, run)
}
