// Calls of APIs Express 5 removed or changed: each request, response and app gets own accessors
// for the members concerned, which note each such call with its call site.
import parseUrl from 'parseurl'
import { HELPERS, type Application, type Framework, type Request, type Response } from '../../kernel'
import { callerOutsideFramework, formatCallSite } from './call-site'
import { recordCall, recordReached } from './findings'

/** A removed or changed form, told apart from a call's arguments. */
interface Form { api: string, advice: string }
/** Which form of a member a call uses, or undefined when Express 5 reads it the same. */
type Check = (args: unknown[]) => Form | undefined

/** Members removed or changed whatever their arguments. */
const ALWAYS = new WeakSet<Check>()
const always = (api: string, advice: string): Check => {
  const check: Check = () => ({ api, advice })
  ALWAYS.add(check)
  return check
}

/** `res.send`, `res.json`, `res.jsonp`: the status-and-body forms. */
function statusForms (name: string): Check {
  return (args) => {
    if (name === 'send' && args.length === 1 && typeof args[0] === 'number') {
      return { api: 'res.send(status)', advice: 'Express 5 sends the number as the body: use res.sendStatus(status)' }
    }
    if (args.length < 2) return undefined
    const form = typeof args[0] === 'number' ? `res.${name}(status, body)` : `res.${name}(body, status)`
    return { api: form, advice: `removed in Express 5: use res.status(status).${name}(body)` }
  }
}

/** `res.redirect`: `(url, status)` and `'back'`. */
const redirectForms: Check = (args) => {
  if (args.length >= 2 && typeof args[1] === 'number') return { api: 'res.redirect(url, status)', advice: 'removed in Express 5: use res.redirect(status, url)' }
  const url = typeof args[0] === 'number' ? args[1] : args[0]
  if (url === 'back') return { api: "res.redirect('back')", advice: "removed in Express 5: use res.redirect(req.get('Referrer') || '/'), after checking the referrer is one of your own URLs" }
  return undefined
}

const locationBack: Check = (args) => args[0] === 'back'
  ? { api: "res.location('back')", advice: "removed in Express 5: use res.location(req.get('Referrer') || '/'), after checking the referrer is one of your own URLs" }
  : undefined

const clearCookieForms: Check = (args) => {
  const options = args[1]
  if (options === null || typeof options !== 'object') return undefined
  const names = ['maxAge', 'expires'].filter((name) => (options as Record<string, unknown>)[name] !== undefined)
  if (names.length === 0) return undefined
  return { api: `res.clearCookie(name, { ${names.join(', ')} })`, advice: `Express 5 ignores ${names.join(' and ')} here and always expires the cookie: leave ${names.length > 1 ? 'them' : 'it'} out` }
}

const statusCodes: Check = (args) => {
  const code = args[0]
  if (typeof code === 'number' && Number.isInteger(code) && code >= 100 && code <= 999) return undefined
  return { api: `res.status(${typeof code === 'string' ? JSON.stringify(code) : String(code)})`, advice: 'Express 5 throws for a status that is not an integer from 100 to 999: pass an integer code' }
}

const paramFunction: Check = (args) => typeof args[0] === 'function'
  ? { api: 'app.param(fn)', advice: 'removed in Express 5: check the values in a param callback, app.param(name, callback)' }
  : undefined

/** The members checked, by prototype. Accessors are checked when read. */
const REQUEST: Record<string, Check> = {
  param: always('req.param(name)', 'removed in Express 5: read req.params, req.body or req.query'),
  acceptsCharset: always('req.acceptsCharset()', 'removed in Express 5: use req.acceptsCharsets()'),
  acceptsEncoding: always('req.acceptsEncoding()', 'removed in Express 5: use req.acceptsEncodings()'),
  acceptsLanguage: always('req.acceptsLanguage()', 'removed in Express 5: use req.acceptsLanguages()'),
  host: always('req.host', "Express 5's req.host keeps the port (example.com:3000): use req.hostname for the name alone")
}
const RESPONSE: Record<string, Check> = {
  send: statusForms('send'),
  json: statusForms('json'),
  jsonp: statusForms('jsonp'),
  sendfile: always('res.sendfile(path)', 'removed in Express 5: use res.sendFile(path), with an absolute path or the root option'),
  redirect: redirectForms,
  location: locationBack,
  clearCookie: clearCookieForms,
  status: statusCodes
}
const APPLICATION: Record<string, Check> = {
  del: always('app.del(path, …)', 'removed in Express 5: use app.delete(path, …)'),
  param: paramFunction
}

/** `GET /path` of the request being served, query string left out. */
export function requestLabel (req: Request | undefined): string | undefined {
  if (!req || typeof req.method !== 'string') return undefined
  const url = parseUrl.original(req) ?? parseUrl(req)
  return `${req.method} ${url?.pathname ?? ''}`
}

type Owner = (self: any) => { app: Application | undefined, req: Request | undefined }

/** The checking stand-ins of methods, by member name and method (made once each). */
const standIns = new Map<string, WeakMap<Function, Function>>()

/** `method`, with the forms `check` finds noted before it runs. */
function standIn (name: string, method: Function, check: Check, owner: Owner): Function {
  let byMethod = standIns.get(name)
  if (!byMethod) standIns.set(name, byMethod = new WeakMap())
  let checked = byMethod.get(method)
  if (!checked) {
    const wrapper = function (this: unknown, ...args: unknown[]): unknown {
      note(this, args, check, owner, wrapper)
      return method.apply(this, args)
    }
    Object.defineProperty(wrapper, 'name', { configurable: true, value: method.name })
    Object.defineProperty(wrapper, 'length', { configurable: true, value: method.length })
    byMethod.set(method, checked = wrapper)
  }
  return checked
}

/** The request and response plugins of Express 5: a framework built with them answers as Express 5 does. */
const EXPRESS5_HELPERS = new Set(['express5-request', 'express5-response'])
const speaksExpress5 = new WeakMap<Framework, boolean>()

/**
 * Whether `self` (a request or response) carries the helpers of an Express 5 framework: one of
 * its routers or apps is handling the request (the app's being Express 4's), and the calls there
 * are Express 5's already.
 */
function inExpress5 (self: unknown): boolean {
  const framework = (self as { [HELPERS]?: Framework } | null)?.[HELPERS]
  if (framework === undefined || !Array.isArray(framework.plugins)) return false
  let known = speaksExpress5.get(framework)
  if (known === undefined) speaksExpress5.set(framework, known = framework.plugins.some((p) => EXPRESS5_HELPERS.has(p.name)))
  return known
}

function note (self: unknown, args: unknown[], check: Check, owner: Owner, above: Function): void {
  if (inExpress5(self)) return
  const form = check(args)
  if (!form) return
  const site = callerOutsideFramework(above)
  const { app, req } = owner(self)
  if (!site || !app) return
  recordCall(app, form.api, form.advice, formatCallSite(site), requestLabel(req))
  const root = takenBy.get(self as object)
  if (root) recordReached(root, app)
}

/**
 * The app of this framework that took each request and response watched: calls made while a
 * sub-app of another build handles them (its own `req.app`) count for that app's report too.
 */
const takenBy = new WeakMap<object, Application>()

/**
 * Gives `target` (a request, response or app) an own accessor for each member of `table`, which
 * reads the member from the prototype `target` has at that moment (or from what `target` held). A method whose every call
 * is noted is returned as it is, the read being noted, so no frame of this plugin stands between
 * the caller and the method (deprecation warnings keep naming the caller); other methods are
 * returned wrapped, their arguments checked; a getter is noted and read. Assigning the member
 * gives `target` its own value, as for any member. The prototypes are left alone.
 */
function watch (target: object, table: Record<string, Check>, owner: Owner): void {
  for (const [name, check] of Object.entries(table)) {
    // An app holds its members itself (they are mixed into it): those are kept and read here.
    const own = Object.getOwnPropertyDescriptor(target, name)
    const read = function (this: object): unknown {
      const proto = Object.getPrototypeOf(this) as object | null
      const descriptor = own ?? (proto === null ? undefined : lookup(proto, name))
      if (descriptor === undefined) return undefined
      if (descriptor.get !== undefined || descriptor.set !== undefined) {
        note(this, [], check, owner, read)
        return descriptor.get === undefined ? undefined : descriptor.get.call(this)
      }
      const value: unknown = descriptor.value
      if (typeof value !== 'function') return value
      if (ALWAYS.has(check)) { note(this, [], check, owner, read); return value }
      return standIn(name, value, check, owner)
    }
    Object.defineProperty(target, name, {
      configurable: true,
      enumerable: false,
      get: read,
      set (this: object, value: unknown) { Object.defineProperty(this, name, { configurable: true, enumerable: true, writable: true, value }) }
    })
  }
}

/** The descriptor of `name` on `proto` or its own prototypes. */
function lookup (proto: object, name: string): PropertyDescriptor | undefined {
  for (let p: object | null = proto; p !== null; p = Object.getPrototypeOf(p) as object | null) {
    const descriptor = Object.getOwnPropertyDescriptor(p, name)
    if (descriptor) return descriptor
  }
  return undefined
}

const ofRequest: Owner = (req: Request) => ({ app: req.app, req })
const ofResponse: Owner = (res: Response) => ({ app: res.app ?? res.req?.app, req: res.req })
const ofApplication: Owner = (app: Application) => ({ app, req: undefined })

/** Watches one request and its response, taken by `app`: each gets own accessors for the members checked. */
export function watchExchange (app: Application, req: Request, res: Response): void {
  takenBy.set(req, app)
  takenBy.set(res, app)
  watch(req, REQUEST, ofRequest)
  watch(res, RESPONSE, ofResponse)
}

/** Watches one app's setup members (`app.del`, `app.param`). */
export function watchApplication (app: Application): void {
  watch(app, APPLICATION, ofApplication)
}
