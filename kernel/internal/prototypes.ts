// Request/response prototypes per app: the classes app.listen builds its server with, and the setPrototypeOf fallback.
//
// Express switches the prototype of every `req`/`res` to the app's (`Object.setPrototypeOf`). In V8
// that costs far more than it looks: node's own request and response code then runs on unstable
// hidden classes for the rest of the request. `app.listen` has node build them from subclasses
// already inheriting `app.request`/`app.response`: nothing to switch.
// Servers made elsewhere (`http.createServer(app)`, a parent app) keep the switch. All prototype
// switching lives here, so other servers (HTTP/2) add their classes in one place.
/// <reference types="node" preserve="true" />
import { IncomingMessage, ServerResponse } from 'http'

/** What an app contributes: its request and response prototypes (`app.request`, `app.response`). */
export interface PrototypeOwner {
  request: object
  response: object
}

/** The classes of one app, for `http.createServer({ IncomingMessage, ServerResponse }, app)`. */
export interface ServerClasses {
  IncomingMessage: typeof IncomingMessage
  ServerResponse: typeof ServerResponse
}

interface AppClasses extends ServerClasses {
  /** The prototypes the classes were chained to, to notice a replaced `app.request`/`app.response`. */
  request: object
  response: object
}

const classesOf = new WeakMap<PrototypeOwner, AppClasses>()

/**
 * The request/response classes of `app`: `new` instances inherit `app.request` / `app.response`
 * (and so the framework's helpers and node's), exactly the chain Express switches to.
 * Created once per app (again only if the app's prototype objects were replaced).
 */
export function serverClasses (app: PrototypeOwner): ServerClasses {
  const known = classesOf.get(app)
  if (known && known.request === app.request && known.response === app.response) return known
  class AppRequest extends IncomingMessage {}
  class AppResponse<Request extends IncomingMessage = IncomingMessage> extends ServerResponse<Request> {}
  Object.setPrototypeOf(AppRequest.prototype, app.request)
  Object.setPrototypeOf(AppResponse.prototype, app.response)
  // `req.constructor` and `res.constructor` stay node's classes, as after Express's switch.
  // Redefined, not deleted: a deletion would leave the prototypes in V8's slow dictionary mode.
  Object.defineProperty(AppRequest.prototype, 'constructor', { configurable: true, writable: true, value: IncomingMessage })
  Object.defineProperty(AppResponse.prototype, 'constructor', { configurable: true, writable: true, value: ServerResponse })
  const classes: AppClasses = { IncomingMessage: AppRequest, ServerResponse: AppResponse, request: app.request, response: app.response }
  classesOf.set(app, classes)
  return classes
}

/**
 * Gives `req` and `res` the app's prototypes, as Express's init layer does: nothing to do when
 * they were made by the app's own server classes (or already switched), `setPrototypeOf` otherwise.
 */
export function adoptPrototypes (app: PrototypeOwner, req: object, res: object): void {
  const request = app.request
  const response = app.response
  const reqProto = Object.getPrototypeOf(req)
  const resProto = Object.getPrototypeOf(res)
  if (reqProto === request && resProto === response) return
  const classes = classesOf.get(app)
  const current = classes !== undefined && classes.request === request && classes.response === response
  if (reqProto !== request && !(current && reqProto === classes.IncomingMessage.prototype)) switchPrototype(req, reqProto, request, IncomingMessage)
  if (resProto !== response && !(current && resProto === classes.ServerResponse.prototype)) switchPrototype(res, resProto, response, ServerResponse)
}

/**
 * Switches `target` to `helpers` when it is one of node's HTTP/1 objects (`base`), as Express does.
 * Others, like HTTP/2's `Http2ServerRequest`/`Http2ServerResponse`, would lose their own accessors
 * (`headers`, `url`, `socket`…) that way: they get the helpers layered on their own class prototype.
 */
function switchPrototype (target: object, current: object, helpers: object, base: typeof IncomingMessage | typeof ServerResponse): void {
  const next = target instanceof base ? helpers : layeredPrototype(helpers, base.prototype, current)
  if (next !== current) Object.setPrototypeOf(target, next)
}

/** Copies the own properties of `levels` (the first winning) onto `proto`, `constructor` left out. */
function copyLevels (proto: object, levels: object[]): object {
  for (let i = levels.length - 1; i >= 0; i--) {
    for (const key of Reflect.ownKeys(levels[i])) {
      if (key !== 'constructor') Object.defineProperty(proto, key, Object.getOwnPropertyDescriptor(levels[i], key)!)
    }
  }
  return proto
}

/** The chain from `helpers` down to, not including, `base` (or `Object.prototype`). */
function chainOf (helpers: object, base: object): object[] {
  const levels: object[] = []
  for (let l: object | null = helpers; l !== null && l !== base && l !== Object.prototype; l = Object.getPrototypeOf(l)) levels.push(l)
  return levels
}

/** Per helpers object (`app.request` / `app.response`), per class prototype: the layered prototype and the chain it copied. */
const layeredOf = new WeakMap<object, WeakMap<object, { proto: object, levels: object[] }>>()
/** Each layered prototype → the class prototype it sits on. */
const hostOf = new WeakMap<object, object>()

/**
 * The own properties of the chain `helpers` → … → `nodePrototype` (upper levels winning), copied
 * onto an object inheriting the class prototype of `current`. Made once per helpers object and
 * class, again if the chain was re-parented (a mount); helpers added after are not seen.
 */
function layeredPrototype (helpers: object, nodePrototype: object, current: object): object {
  const host = hostOf.get(current) ?? current
  const levels = chainOf(helpers, nodePrototype)
  let byHost = layeredOf.get(helpers)
  if (byHost === undefined) layeredOf.set(helpers, byHost = new WeakMap())
  const cached = byHost.get(host)
  if (cached && cached.levels.length === levels.length && cached.levels.every((l, i) => l === levels[i])) return cached.proto
  const proto = copyLevels(Object.create(host), levels)
  hostOf.set(proto, host)
  byHost.set(host, { proto, levels })
  return proto
}

/** The prototypes of `req` and `res` as they are now, to restore when a mounted app hands the request back. */
export interface SavedPrototypes {
  request: object | null
  response: object | null
}

/** Notes the current prototypes of `req` and `res`. */
export function savePrototypes (req: object, res: object): SavedPrototypes {
  return { request: Object.getPrototypeOf(req), response: Object.getPrototypeOf(res) }
}

/** Puts back prototypes noted by {@link savePrototypes}; switches only what a sub-app changed. */
export function restorePrototypes (saved: SavedPrototypes, req: object, res: object): void {
  if (Object.getPrototypeOf(req) !== saved.request) Object.setPrototypeOf(req, saved.request)
  if (Object.getPrototypeOf(res) !== saved.response) Object.setPrototypeOf(res, saved.response)
}

/**
 * On each framework's request and response prototypes, and on each router a framework made
 * (`framework.Router()`): the framework whose helpers they carry. Node's own objects have none.
 */
export const HELPERS = Symbol('ristretto.helpers')

/** A router (or a prototype) naming the framework whose helpers it carries. */
export interface HelperCarrier { [HELPERS]?: PrototypeOwner }

const helpersOf = (owner: PrototypeOwner): PrototypeOwner | undefined => (owner.request as HelperCarrier)[HELPERS]

/** Whether a mounted app's prototypes hang from its parent's: not when they carry two frameworks' helpers. */
export function inheritsHelpers (child: PrototypeOwner, parent: PrototypeOwner): boolean {
  return helpersOf(child) === helpersOf(parent) || !helpersOf(child) || !helpersOf(parent)
}

/**
 * As a router of a framework takes a request: when `req` carries another framework's helpers
 * (an app of that one set them), switches `req` and `res` to the router's framework's, over the
 * prototypes of `req.app`, and returns the prototypes to restore as the request leaves
 * ({@link restorePrototypes}). Nothing is switched, and undefined returned, for a router of no
 * framework, a plain node request, or a request already carrying the router's framework's helpers.
 */
export function enterHelpers (router: object, req: any, res: any): SavedPrototypes | undefined {
  // The router's field first: an app's own router, on every request, reads nothing else.
  const own = (router as HelperCarrier)[HELPERS]
  if (own === undefined) return undefined
  const current = req[HELPERS]
  if (current === own || current === undefined) return undefined
  const saved = savePrototypes(req, res)
  adoptPrototypes(helpersOver(own, req.app), req, res)
  return saved
}

/** Per framework, per app of another framework: the framework's helpers over the app's prototypes. */
const overlaysOf = new WeakMap<PrototypeOwner, WeakMap<PrototypeOwner, PrototypeOwner>>()

/**
 * The prototypes a router of `framework` gives a request of `app`: the app's own when the app
 * is of that framework; otherwise, made once per pair, the framework's helpers copied onto
 * objects inheriting the app's prototypes (`req.app` and whatever the framework lacks stay the app's).
 */
function helpersOver (framework: PrototypeOwner, app: PrototypeOwner | undefined): PrototypeOwner {
  if (app == null || app.request == null || app.response == null) return framework
  if (helpersOf(app) === framework) return app
  const byApp = overlaysOf.get(framework) ?? new WeakMap<PrototypeOwner, PrototypeOwner>()
  overlaysOf.set(framework, byApp)
  const overlay = byApp.get(app) ?? {
    request: copyLevels(Object.create(app.request), chainOf(framework.request, IncomingMessage.prototype)),
    response: copyLevels(Object.create(app.response), chainOf(framework.response, ServerResponse.prototype))
  }
  byApp.set(app, overlay)
  return overlay
}
