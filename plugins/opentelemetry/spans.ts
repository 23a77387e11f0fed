// Spans from the kernel's tracing channels, through @opentelemetry/api: instrumentation-express's spans, names and attributes.
import * as dc from 'diagnostics_channel'
import { AsyncLocalStorage } from 'async_hooks'
import type * as otel from '@opentelemetry/api'
import type { LayerTraceContext } from '../../kernel/internal/tracing'
import { CHANNELS } from '../../kernel/internal/tracing'
import { constructedRoute, enterLayer, layerPathText, leaveLayer, matchedRoute, routerPath } from './route'

type Api = typeof otel

/** What the plugin keeps of one run of a layer, from its `start` to its `next`. */
interface Run {
  span: otel.Span | undefined
  /** The context the layer was called in: its `next` goes on in it (with the parent's span). */
  parent: otel.Context
  /** The context the layer runs in. */
  current: otel.Context
  ended: boolean
  /** Whether the layer's path was added to the request's, to take off as it calls `next`. */
  pathStored: boolean
  /** Whether it calls `next` with nothing to end (no span: none was active): its path is left as is. */
  untracked: boolean
  onClose: (() => void) | undefined
}

/** The key of OpenTelemetry's RPC metadata in a context (@opentelemetry/core's), where HTTP instrumentation reads the route. */
const RPC_METADATA = 'OpenTelemetry SDK Context Key RPC_METADATA'

/** An error passed on, as a recordable exception and a status message. */
function errorAndMessage (err: unknown): [otel.Exception, string] {
  return err instanceof Error ? [err, err.message] : [String(err), String(err)]
}

/** The span's name and its `express.*` attributes, as instrumentation-express gives them. */
function describe (ctx: LayerTraceContext, route: string, layerPath: string | undefined): { name: string, attributes: otel.Attributes } {
  if (ctx.type === 'router') {
    const path = routerPath(ctx.layer.handle) || layerPath || route || '/'
    return { name: `router - ${path}`, attributes: { 'express.name': path, 'express.type': 'router' } }
  }
  if (ctx.type === 'request_handler') {
    return {
      // Named by its path where the layer keeps what it matched (Express 4's layers do, router 2's do not).
      name: `request handler${(ctx.layer as { path?: unknown }).path ? ` - ${route || layerPath}` : ''}`,
      attributes: { 'express.name': (route || layerPath) ?? 'request handler', 'express.type': 'request_handler' }
    }
  }
  return { name: `middleware - ${ctx.name}`, attributes: { 'express.name': ctx.name, 'express.type': 'middleware' } }
}

/**
 * Subscribes to the kernel's channels and records each layer's run as instrumentation-express
 * does. Where the global context manager keeps its context in an AsyncLocalStorage (the SDK's and
 * Sentry's do), a layer runs with its span active and its `next` goes on with its parent's.
 */
export function subscribeSpans (api: Api): void {
  const tracer = (): otel.Tracer => api.trace.getTracer('ristretto')
  const rpcKey = api.createContextKey(RPC_METADATA)
  const runs = new WeakMap<LayerTraceContext, Run>()

  /** `start`: the layer's span, and the context it runs in. */
  function enter (ctx: LayerTraceContext): otel.Context {
    const active = api.context.active()
    if (ctx.incomingError !== undefined || runs.has(ctx)) return active
    const req = ctx.req
    const layerPath = layerPathText(ctx.path)
    const pathStored = enterLayer(req, layerPath)
    const route = constructedRoute(req)
    const actual = matchedRoute(req)
    const { name, attributes } = describe(ctx, route, layerPath)
    const rpc = active.getValue(rpcKey) as { type?: string, route?: string } | undefined
    if (rpc?.type === 'http') rpc.route = actual
    else if (rpc === undefined) nameServerSpan(req, active, actual)
    const run: Run = { span: undefined, parent: active, current: active, ended: true, pathStored, untracked: true, onClose: undefined }
    runs.set(ctx, run)
    if (api.trace.getSpan(active) === undefined) return active
    const span = tracer().startSpan(name, { attributes: Object.assign({ 'http.route': actual }, attributes) })
    run.span = span
    run.untracked = false
    run.ended = false
    if (ctx.type === 'router') {
      // A router's span ends at once; its layers' spans are its parent's children.
      span.end()
      run.ended = true
      return active
    }
    run.current = api.trace.setSpan(active, span)
    return run.current
  }

  /** The span active as each request reached its first layer: the HTTP server span. */
  const serverSpans = new WeakMap<object, otel.Span | null>()

  /**
   * Without RPC metadata (an HTTP instrumentation other than OpenTelemetry's: Sentry's), the
   * route goes on the HTTP server span itself, as OpenTelemetry's puts it once the response
   * ends: `http.route`, and the name `METHOD route`; and `sentry.segment.name.source` says the
   * name is a route (Sentry takes a renamed span's name for a custom one otherwise).
   */
  function nameServerSpan (req: any, active: otel.Context, route: string | undefined): void {
    let server = serverSpans.get(req)
    if (server === undefined) serverSpans.set(req, server = api.trace.getSpan(active) ?? null)
    if (server === null || route === undefined) return
    server.setAttribute('http.route', route)
    server.updateName(`${typeof req.method === 'string' ? req.method : 'GET'} ${route}`)
    server.setAttribute('sentry.segment.name.source', 'route')
  }

  /** `end`: a layer still running once its handler returned ends with the response, unless `next` comes first. */
  function returned (ctx: LayerTraceContext): void {
    const run = runs.get(ctx)
    if (run === undefined || run.ended || run.onClose !== undefined) return
    if (typeof ctx.res?.once !== 'function') return
    const close = run.onClose = () => end(run)
    ctx.res.once('close', close)
  }

  function end (run: Run): void {
    if (run.ended) return
    run.ended = true
    run.span!.end()
  }

  /** `asyncStart`: the layer called `next`: its span ends, with the error it passed on. */
  function leave (ctx: LayerTraceContext): otel.Context {
    const active = api.context.active()
    const run = runs.get(ctx)
    if (run === undefined || run.untracked) return active
    const error = ctx.error
    if (!run.ended) {
      if (error !== undefined) {
        const [exception, message] = errorAndMessage(error)
        run.span!.recordException(exception)
        run.span!.setStatus({ code: api.SpanStatusCode.ERROR, message })
      }
      if (run.onClose !== undefined) ctx.res.removeListener?.('close', run.onClose)
      end(run)
    }
    if (!(ctx.req.route && error !== undefined) && run.pathStored) leaveLayer(ctx.req)
    const parentSpan = api.trace.getSpan(run.parent)
    return parentSpan ? api.trace.setSpan(active, parentSpan) : active
  }

  // A subscriber or a store's transform that throws would take the process down (node rethrows it
  // on the next tick): whatever goes wrong in recording, the request goes on in the context it had.
  const safeEnter = (ctx: LayerTraceContext): otel.Context => {
    try { return enter(ctx) } catch { return api.context.active() }
  }
  const safeLeave = (ctx: LayerTraceContext): otel.Context => {
    try { return leave(ctx) } catch { return api.context.active() }
  }
  const safeReturned = (ctx: LayerTraceContext): void => {
    try { returned(ctx) } catch {}
  }
  const channels = [CHANNELS.middleware, CHANNELS.handler].map((name) => dc.tracingChannel<unknown, LayerTraceContext>(name))
  const storage = contextStorage(api)
  const subscribers = (storage === undefined
    ? { start: (ctx: LayerTraceContext) => { safeEnter(ctx) }, end: safeReturned, asyncStart: (ctx: LayerTraceContext) => { safeLeave(ctx) } }
    : { end: safeReturned }) as dc.TracingChannelSubscribers<LayerTraceContext>
  for (const channel of channels) {
    if (storage !== undefined) {
      channel.start.bindStore(storage, safeEnter)
      channel.asyncStart.bindStore(storage, safeLeave)
    }
    channel.subscribe(subscribers)
  }
}

/**
 * Subscribes to the layers' channels ({@link subscribeSpans}) now if an SDK's context manager is
 * registered, else once a request comes in with a span active (an HTTP instrumentation's): until
 * then no layer could have a span, and routers run their layers untraced. Watches requests on
 * `ristretto.request` until then.
 */
export function watchRequests (api: Api): void {
  if (contextStorage(api) !== undefined) return subscribeSpans(api)
  const requests = dc.tracingChannel<unknown, object>(CHANNELS.request)
  const watch = (): void => {
    if (api.trace.getSpan(api.context.active()) === undefined) return
    requests.start.unsubscribe(watch)
    subscribeSpans(api)
  }
  requests.start.subscribe(watch)
}

/**
 * The AsyncLocalStorage the global context manager keeps its context in. @opentelemetry/api has
 * no public way to reach it: the SDK's AsyncLocalStorageContextManager (and Sentry's, built on it)
 * hold it as `_asyncLocalStorage`. Undefined for any other manager.
 */
function contextStorage (api: Api): AsyncLocalStorage<otel.Context> | undefined {
  const manager = (api.context as unknown as { _getContextManager?: () => unknown })._getContextManager?.()
  const storage = (manager as { _asyncLocalStorage?: unknown } | undefined)?._asyncLocalStorage
  return storage instanceof AsyncLocalStorage ? storage as AsyncLocalStorage<otel.Context> : undefined
}
