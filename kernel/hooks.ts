// The kernel's hooks: every moment a plugin can tap, declared in one place.
/// <reference types="node" preserve="true" />
import { SyncHook, SyncBailHook, SyncWaterfallHook, HookMap } from './internal/tapable'
import type { IncomingMessage, ServerResponse, Server } from 'http'
import type { Application, PathParams, Request, Response } from './types'
import type { Router } from './router/router'
import type { Route } from './router/route'
import type { Layer } from './router/layer'

/** Creates the hooks of one framework. Frozen: plugins tap, they never add or replace. */
export function createHooks () {
  return Object.freeze({
    /** Once per framework, after every plugin's apply: the shared application prototype, with every decorator's members. */
    extendApplication: new SyncHook<[Application]>(['application']),
    /** Once per framework, after every plugin's apply: the shared request prototype, with every decorator's members. */
    extendRequest: new SyncHook<[Request]>(['request']),
    /** Once per framework, after every plugin's apply: the shared response prototype, with every decorator's members. */
    extendResponse: new SyncHook<[Response]>(['response']),
    /** Once per app, inside `framework()`: set defaults and per-app state. */
    appCreated: new SyncHook<[Application]>(['app']),
    /** `app.set(name, value)` for the tapped name: derive compiled values (`etag fn`, `query parser fn`, …). */
    setting: new HookMap<SyncHook<[Application, unknown]>>(() => new SyncHook<[Application, unknown]>(['app', 'value'])),
    /** An app created its base router, before the kernel's init layer: add app-wide first layers (query parsing). */
    routerCreated: new SyncHook<[Application, Router]>(['app', 'router']),
    /** A sub-app was mounted on a parent with `app.use` (after its prototypes and settings were re-parented). */
    mount: new SyncHook<[Application, Application]>(['child', 'parent']),
    /** A layer was added to a router's stack (by `use`, `route` or a method), with its path as written: route listing, OpenAPI, … */
    layerAdded: new SyncHook<[Router, Layer, PathParams]>(['router', 'layer', 'path']),
    /** A handler was added to a route of a router of this framework (`route.get(fn)`, `app.post(path, fn)`); `layer.method` is undefined for `all`. */
    routeLayerAdded: new SyncHook<[Route, Layer]>(['route', 'layer']),
    /**
     * Per request, as an app starts handling it, before routing. Called only while something taps it.
     * Before the app initialises the request: node's own request and response, without the app's
     * helpers (`req.get`, `res.status` are not there yet on the outermost app).
     */
    request: new SyncHook<[IncomingMessage, ServerResponse, Application]>(['req', 'res', 'app']),
    /**
     * Nothing answered the request, or an error escaped every handler: return true to take over the reply.
     * `req` and `res` are the app's, with its helpers (`req.accepts`, `res.status`, …), as the app
     * initialised and routed them. An app with no route or middleware at all routed nothing
     * (`req.originalUrl`, `req.params` unset) and, unless made with `app: { init: 'handle' }`,
     * initialised nothing either: node's own request and response, without helpers.
     */
    finalHandler: new SyncBailHook<[unknown, Request, Response, Application], true | undefined>(['err', 'req', 'res', 'app']),
    /**
     * The text of the error page the final handler sends for an error, answered with `status`: by
     * default the error's stack (else its text) outside the `production` env, else the status's
     * reason phrase, as Express 4. Taps return the text to show instead (escaped as HTML when sent).
     */
    errorPage: new SyncWaterfallHook<[string, unknown, number, Application]>(['message', 'err', 'status', 'app']),
    /** `app.listen` created a server (before it starts listening); taps may replace entries of `args`, what `server.listen` is called with. */
    listen: new SyncHook<[Server, Application, unknown[]]>(['server', 'app', 'args'])
  })
}

export type KernelHooks = ReturnType<typeof createHooks>
