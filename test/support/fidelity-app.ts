// Random Express apps as plain data, built the same way on any Express-compatible framework.
//
// An app description (`Scenario`) says which middleware, routes, error middleware and mounted
// apps and routers an app has, how each handler writes its headers (the framework's helpers,
// node's methods on the response, node's prototype methods called on it, `writeHead` with an
// object or a flat array, a response set back to node's own prototype), how sub-apps are
// mounted (`app.use`, a path, `vhost`, a wrapper function), which fields of which layer are edited
// once every layer is defined (each entry carries the edits of its own layer and route, so
// shrinking one entry away leaves the others' edits where they were; a container carries the
// splices of its stack), and which requests are sent. `buildScenario` turns it into an app with
// a given pair of frameworks: in the reference run both are express@4; in the run under test the
// app's own framework is the one tested and every sub-app marked `foreign` is of the other one,
// so an express@4 app mounts inside the tested app and the other way round.
//
// Every handler adds a line to a trail kept on the request (which handler ran, with which
// baseUrl, url and params, and what the header reads returned); the response body is the trail.
import http from 'node:http'
import fc from 'fast-check'
import helmet from 'helmet'
import vhost from 'vhost'

/* eslint-disable @typescript-eslint/no-explicit-any -- one code drives both frameworks, whose types differ */

/** The default export of express@4 or of Ristretto's default preset. */
export type Create = any
/** An app or a router as built: a request handler with the framework's methods. */
type Container = ((req: any, res: any, next?: (err?: unknown) => void) => void) & Record<string, any>

type Next = (err?: unknown) => void
type Note = (label: string, value: unknown) => void

// Header writes and reads ------------------------------------------------------------------

interface OpDef {
  /** Uses only node's own response methods (allowed once the response is back on node's prototype). */
  node: boolean
  run: (res: any, note: Note) => void
}

const OM = http.OutgoingMessage.prototype as any
const SR = http.ServerResponse.prototype as any

/** Header operations by the code they run (the name is what descriptions show). */
export const OPS: Record<string, OpDef> = {
  "res.set('X-A', 'a')": { node: false, run: (res) => res.set('X-A', 'a') },
  "res.set('x-a', 'lower')": { node: false, run: (res) => res.set('x-a', 'lower') },
  "res.set({ 'X-B': 'b', 'Cache-Control': 'no-store' })": { node: false, run: (res) => res.set({ 'X-B': 'b', 'Cache-Control': 'no-store' }) },
  "res.set('Content-Type', 'text/plain')": { node: false, run: (res) => res.set('Content-Type', 'text/plain') },
  "res.set('ETag', '\"e\"')": { node: false, run: (res) => res.set('ETag', '"e"') },
  "res.append('Set-Cookie', 'k=v')": { node: false, run: (res) => res.append('Set-Cookie', 'k=v') },
  "res.append('X-A', ['1', '2'])": { node: false, run: (res) => res.append('X-A', ['1', '2']) },
  "res.type('json')": { node: false, run: (res) => res.type('json') },
  "res.cookie('sid', 'abc', { path: '/' })": { node: false, run: (res) => res.cookie('sid', 'abc', { path: '/' }) },
  "res.location('/next?q=1')": { node: false, run: (res) => res.location('/next?q=1') },
  "res.vary('Accept')": { node: false, run: (res) => res.vary('Accept') },
  "res.vary('Origin')": { node: false, run: (res) => res.vary('Origin') },
  'res.status(201)': { node: false, run: (res) => res.status(201) },
  'res.status(404)': { node: false, run: (res) => res.status(404) },
  "res.get('X-A')": { node: false, run: (res, note) => note("res.get('X-A')", res.get('X-A')) },
  "res.setHeader('X-N', 'n')": { node: true, run: (res) => res.setHeader('X-N', 'n') },
  "res.setHeader('X-A', ['n1', 'n2'])": { node: true, run: (res) => res.setHeader('X-A', ['n1', 'n2']) },
  "res.setHeader('content-type', 'text/x-node')": { node: true, run: (res) => res.setHeader('content-type', 'text/x-node') },
  "res.setHeader('Set-Cookie', ['a=1', 'b=2'])": { node: true, run: (res) => res.setHeader('Set-Cookie', ['a=1', 'b=2']) },
  "res.setHeader('X-Num', 42)": { node: true, run: (res) => res.setHeader('X-Num', 42) },
  "res.appendHeader('X-A', 'ap')": { node: true, run: (res) => res.appendHeader('X-A', 'ap') },
  "res.appendHeader('Set-Cookie', 'c=3')": { node: true, run: (res) => res.appendHeader('Set-Cookie', 'c=3') },
  "res.removeHeader('X-A')": { node: true, run: (res) => res.removeHeader('X-A') },
  "res.removeHeader('X-Powered-By')": { node: true, run: (res) => res.removeHeader('X-Powered-By') },
  "res.removeHeader('Content-Type')": { node: true, run: (res) => res.removeHeader('Content-Type') },
  "res.getHeader('X-A')": { node: true, run: (res, note) => note("res.getHeader('X-A')", res.getHeader('X-A')) },
  "res.getHeader('content-type')": { node: true, run: (res, note) => note("res.getHeader('content-type')", res.getHeader('content-type')) },
  "res.hasHeader('x-powered-by')": { node: true, run: (res, note) => note("res.hasHeader('x-powered-by')", res.hasHeader('x-powered-by')) },
  'res.getHeaderNames()': { node: true, run: (res, note) => note('res.getHeaderNames()', res.getHeaderNames()) },
  'res.getRawHeaderNames()': { node: true, run: (res, note) => note('res.getRawHeaderNames()', res.getRawHeaderNames()) },
  'res.getHeaders()': { node: true, run: (res, note) => note('res.getHeaders()', res.getHeaders()) },
  'res.statusCode = 202': { node: true, run: (res) => { res.statusCode = 202 } },
  "OutgoingMessage.prototype.setHeader.call(res, 'X-Native', '1')": { node: true, run: (res) => OM.setHeader.call(res, 'X-Native', '1') },
  "OutgoingMessage.prototype.setHeader.call(res, 'Set-Cookie', ['n=1'])": { node: true, run: (res) => OM.setHeader.call(res, 'Set-Cookie', ['n=1']) },
  "OutgoingMessage.prototype.appendHeader.call(res, 'X-A', 'pa')": { node: true, run: (res) => OM.appendHeader.call(res, 'X-A', 'pa') },
  "OutgoingMessage.prototype.removeHeader.call(res, 'X-Powered-By')": { node: true, run: (res) => OM.removeHeader.call(res, 'X-Powered-By') },
  "OutgoingMessage.prototype.getHeader.call(res, 'X-A')": { node: true, run: (res, note) => note("OutgoingMessage.prototype.getHeader.call(res, 'X-A')", OM.getHeader.call(res, 'X-A')) },
  'OutgoingMessage.prototype.getHeaderNames.call(res)': { node: true, run: (res, note) => note('OutgoingMessage.prototype.getHeaderNames.call(res)', OM.getHeaderNames.call(res)) },
  "ServerResponse.prototype.setHeader.call(res, 'X-Srv', 's')": { node: true, run: (res) => SR.setHeader.call(res, 'X-Srv', 's') },
  // Latin-1 letters in a head: node writes the head in latin1, so a body must not share its encoding.
  "res.set('X-Latin', 'caf\u00e9')": { node: false, run: (res) => res.set('X-Latin', 'caf\u00e9') },
  "res.setHeader('X-Latin', 'na\u00efve')": { node: true, run: (res) => res.setHeader('X-Latin', 'na\u00efve') },
  // Node writes a Content-Disposition value as latin1 bytes once it knows the body's length (at `end`).
  "res.attachment('r\u00e9sum\u00e9.txt')": { node: false, run: (res) => res.attachment('r\u00e9sum\u00e9.txt') },
  "res.setHeader('Content-Disposition', 'inline; filename=\"\u00e9t\u00e9\"')": { node: true, run: (res) => res.setHeader('Content-Disposition', 'inline; filename="\u00e9t\u00e9"') },
  // A wrapper of `res.end`, as timing and session middleware write them: it sets a header, then ends.
  'res.end wrapped (sets X-End to the type of its chunk)': {
    node: true,
    run: (res) => {
      const end = res.end
      res.end = function wrappedEnd (this: any, chunk?: unknown) {
        if (!this.headersSent) this.setHeader('X-End', Buffer.isBuffer(chunk) ? 'Buffer' : typeof chunk)
        // eslint-disable-next-line prefer-rest-params -- passes on whatever it was given
        return Reflect.apply(end, this, arguments)
      }
    }
  }
}

const ALL_OPS = Object.keys(OPS)
const NODE_OPS = ALL_OPS.filter((name) => OPS[name].node)

/** What ends a handler: `next`, or an answer whose body is the trail. */
interface FinishDef {
  node: boolean
  run: (res: any, next: Next, trail: string[]) => void
}

const body = (trail: string[]): string => trail.join('\n') + '\n'

export const FINISHES: Record<string, FinishDef> = {
  'next()': { node: true, run: (res, next) => next() },
  'res.send(trail)': { node: false, run: (res, next, trail) => res.send(body(trail)) },
  'res.json({ trail })': { node: false, run: (res, next, trail) => res.json({ trail }) },
  'res.sendStatus(204)': { node: false, run: (res) => res.sendStatus(204) },
  'res.sendStatus(404)': { node: false, run: (res) => res.sendStatus(404) },
  'res.end(trail)': { node: true, run: (res, next, trail) => res.end(body(trail)) },
  "res.writeHead(status, { 'X-WH': 'o', 'Content-Type': 'text/plain; charset=utf-8' }); res.end(trail)": {
    node: true,
    run: (res, next, trail) => { res.writeHead(res.statusCode, { 'X-WH': 'o', 'Content-Type': 'text/plain; charset=utf-8' }); res.end(body(trail)) }
  },
  "res.writeHead(status, ['X-WH', 'a1', 'X-WH', 'a2', 'Set-Cookie', 'w=1']); res.end(trail)": {
    node: true,
    run: (res, next, trail) => { res.writeHead(res.statusCode, ['X-WH', 'a1', 'X-WH', 'a2', 'Set-Cookie', 'w=1']); res.end(body(trail)) }
  },
  "res.writeHead(status, 'Fine', { 'X-WH': 'm' }); res.end(trail)": {
    node: true,
    run: (res, next, trail) => { res.writeHead(res.statusCode, 'Fine', { 'X-WH': 'm' }); res.end(body(trail)) }
  },
  'res.writeHead(status); res.end(trail)': { node: true, run: (res, next, trail) => { res.writeHead(res.statusCode); res.end(body(trail)) } },
  "ServerResponse.prototype.writeHead.call(res, status, { 'X-WH': 'c' }); res.end(trail)": {
    node: true,
    run: (res, next, trail) => { SR.writeHead.call(res, res.statusCode, { 'X-WH': 'c' }); res.end(body(trail)) }
  }
}

const RESPONSES = Object.keys(FINISHES).filter((name) => name !== 'next()')
const NODE_RESPONSES = RESPONSES.filter((name) => FINISHES[name].node)

// The description --------------------------------------------------------------------------

export interface HandlerSpec {
  /** `Object.setPrototypeOf(res, http.ServerResponse.prototype)` first; then node's methods only. */
  plain: boolean
  ops: string[]
  finish: string
}

/** A layer of an app or router, and the edits of that layer made once every layer is defined. */
export type Entry = EntryKind & { edits?: LayerEdit[] }

type EntryKind =
  | { kind: 'use', path: string | null, handler: HandlerSpec }
  | { kind: 'route', method: 'get' | 'post' | 'all', path: string, handler: HandlerSpec }
  /** Error middleware: answers 500 with the trail, or passes the error on once the head is sent. */
  | { kind: 'catch', path: string | null }
  /** Wraps `res.writeHead` (adding `X-Apm`), calling node's prototype method or the previous one. */
  | { kind: 'apm', calls: 'ServerResponse.prototype.writeHead' | 'previous writeHead' }
  /** `res.write('partial;')`, then `next()` or `next(err)`, and `res.end('done')` {@link later}. */
  | { kind: 'partial', error: boolean }
  | { kind: 'helmet' }
  | { kind: 'mount', how: MountHow, path: string, host: string, child: ContainerSpec }

export type MountHow = 'app.use(sub)' | 'app.use(path, sub)' | 'vhost(host, sub)' | 'wrapper' | 'wrapper at path'

export type LayerEdit =
  /** `layer.regexp` (and `layer.keys`) rebuilt by path-to-regexp 0.1 for '/v2' + the layer's path. */
  | { kind: 'regexp /v2' }
  /** `layer.handle` replaced by a wrapper (same arity) that sets `X-Wrapped`. */
  | { kind: 'wrap handle' }
  | { kind: 'keys', how: 'rename' | 'reverse' | 'extra' }
  /** `layer.regexp.fast_slash = true`: Express's match then takes every path, as for `use('/')`. */
  | { kind: 'fast_slash' }
  /** `layer.regexp.fast_star = true`: Express's match then takes every path, as for `'*'`, with the path as `params[0]`. */
  | { kind: 'fast_star' }
  /** `layer.match` replaced on the layer by a wrapper calling the original. */
  | { kind: 'wrap match' }
  /** Routes only: a layer pushed onto the route's `stack` (`all`: no method). */
  | { kind: 'route.stack.push', method: 'get' | 'post' | 'all', answers: boolean }
  /** Routes only. */
  | { kind: 'route.methods', method: 'get' | 'post' | 'put' | 'head', set: boolean }
  /** Routes only: the method of the route's first layer (`all`: undefined). */
  | { kind: 'layer.method', method: 'get' | 'post' | 'all' }

/** The stack spliced in place (an app's `query` and `expressInit` layers stay first); `target` picks a layer, modulo. */
export interface StackEdit { how: 'reverse' | 'rotate' | 'remove' | 'to front', target: number }

export interface ContainerSpec {
  type: 'app' | 'router'
  /** An app of the other framework than the one it is mounted in (in the run under test). */
  foreign: boolean
  entries: Entry[]
  /** Made after the entries' own edits. */
  edits: StackEdit[]
}

export interface RequestSpec { method: 'GET' | 'HEAD' | 'POST' | 'OPTIONS', path: string, host: string }

export interface Scenario {
  root: ContainerSpec
  /** Added to the root app after its entries (`app.use(handler)`), so most requests end in an answer showing the trail; null: none. */
  last: HandlerSpec | null
  listen: 'createServer' | 'app.listen'
  /** When the edits are made: before the first request, or between the first and the second. */
  editAt: 'build' | 'after first request'
  requests: RequestSpec[]
}

// Generators ------------------------------------------------------------------------------

const ROUTE_PATHS = ['/', '/users', '/users', '/users/:id', '/users/:id', '/users/:id?', '/:a/:b', '*']
const USE_PATHS = [null, '/users', '/p']
const MOUNT_PATHS = ['/p', '/p', '/users']
const VHOSTS = ['api.local', 'legacy.local', '*.local']
export const REQUEST_PATHS = ['/', '/users', '/users/7', '/p', '/p/', '/p/users', '/p/users/7', '/p/users/7', '/p/p/users', '/p/p/users/7', '/v2', '/v2/users', '/v2/users/7', '/v2/p/users/7', '/x/y', '/users/7/x']
export const HOSTS = ['api.local', 'legacy.local', 'www.example.com']
const MAX_DEPTH = 2

const handlerArb = (finish: fc.Arbitrary<string>): fc.Arbitrary<HandlerSpec> => fc.oneof(
  { weight: 4, arbitrary: fc.record({ plain: fc.constant(false), ops: fc.array(fc.constantFrom(...ALL_OPS), { maxLength: 4 }), finish }) },
  { weight: 1, arbitrary: fc.record({ plain: fc.constant(true), ops: fc.array(fc.constantFrom(...NODE_OPS), { maxLength: 4 }), finish: fc.constantFrom(...NODE_RESPONSES) }) }
)
const middlewareHandler = handlerArb(fc.oneof({ weight: 5, arbitrary: fc.constant('next()') }, { weight: 1, arbitrary: fc.constantFrom(...RESPONSES) }))
const routeHandler = handlerArb(fc.oneof({ weight: 1, arbitrary: fc.constant('next()') }, { weight: 4, arbitrary: fc.constantFrom(...RESPONSES) }))

const layerEditArb: fc.Arbitrary<LayerEdit> = fc.oneof(
  fc.record({ kind: fc.constant('regexp /v2' as const) }),
  fc.record({ kind: fc.constant('wrap handle' as const) }),
  fc.record({ kind: fc.constant('keys' as const), how: fc.constantFrom('rename' as const, 'reverse' as const, 'extra' as const) }),
  fc.record({ kind: fc.constant('fast_slash' as const) }),
  fc.record({ kind: fc.constant('fast_star' as const) }),
  fc.record({ kind: fc.constant('wrap match' as const) })
)
const routeEditArb: fc.Arbitrary<LayerEdit> = fc.oneof(
  layerEditArb,
  fc.record({ kind: fc.constant('route.stack.push' as const), method: fc.constantFrom('get' as const, 'post' as const, 'all' as const), answers: fc.boolean() }),
  fc.record({ kind: fc.constant('route.methods' as const), method: fc.constantFrom('get' as const, 'post' as const, 'put' as const, 'head' as const), set: fc.boolean() }),
  fc.record({ kind: fc.constant('layer.method' as const), method: fc.constantFrom('get' as const, 'post' as const, 'all' as const) })
)
/** Most layers are left alone. */
const editsOf = (edit: fc.Arbitrary<LayerEdit>): fc.Arbitrary<LayerEdit[]> =>
  fc.oneof({ weight: 5, arbitrary: fc.constant<LayerEdit[]>([]) }, { weight: 1, arbitrary: fc.array(edit, { minLength: 1, maxLength: 2 }) })
const layerEdits = editsOf(layerEditArb)
const stackEditArb: fc.Arbitrary<StackEdit> = fc.record({
  how: fc.constantFrom('reverse' as const, 'rotate' as const, 'remove' as const, 'to front' as const),
  target: fc.nat({ max: 9 })
})

function entryArb (depth: number): fc.Arbitrary<Entry> {
  const kinds: Array<fc.WeightedArbitrary<Entry>> = [
    { weight: 6, arbitrary: fc.record({ kind: fc.constant('use' as const), path: fc.constantFrom(...USE_PATHS), handler: middlewareHandler, edits: layerEdits }) },
    {
      weight: 8,
      arbitrary: fc.record({
        kind: fc.constant('route' as const),
        method: fc.constantFrom('get' as const, 'get' as const, 'post' as const, 'all' as const),
        path: fc.constantFrom(...ROUTE_PATHS),
        handler: routeHandler,
        edits: editsOf(routeEditArb)
      })
    },
    { weight: 2, arbitrary: fc.record({ kind: fc.constant('catch' as const), path: fc.constantFrom(...USE_PATHS), edits: layerEdits }) },
    { weight: 2, arbitrary: fc.record({ kind: fc.constant('apm' as const), calls: fc.constantFrom('ServerResponse.prototype.writeHead' as const, 'previous writeHead' as const), edits: layerEdits }) },
    { weight: 1, arbitrary: fc.record({ kind: fc.constant('partial' as const), error: fc.boolean(), edits: layerEdits }) },
    { weight: 1, arbitrary: fc.record({ kind: fc.constant('helmet' as const), edits: layerEdits }) }
  ]
  if (depth < MAX_DEPTH) {
    kinds.push({
      weight: 8,
      arbitrary: fc.record({
        kind: fc.constant('mount' as const),
        how: fc.constantFrom<MountHow>('app.use(sub)', 'app.use(path, sub)', 'vhost(host, sub)', 'wrapper', 'wrapper at path'),
        path: fc.constantFrom(...MOUNT_PATHS),
        host: fc.constantFrom(...VHOSTS),
        child: fc.oneof(containerArb('app', depth + 1), containerArb('router', depth + 1)),
        edits: layerEdits
      })
    })
  }
  return fc.oneof(...kinds)
}

function containerArb (type: 'app' | 'router', depth: number): fc.Arbitrary<ContainerSpec> {
  return fc.record({
    type: fc.constant(type),
    foreign: type === 'app' ? fc.oneof({ weight: depth === 0 ? 4 : 1, arbitrary: fc.constant(false) }, { weight: depth === 0 ? 1 : 2, arbitrary: fc.constant(true) }) : fc.constant(false),
    entries: fc.array(entryArb(depth), { minLength: 1, maxLength: depth === 0 ? 6 : 3 }),
    edits: fc.array(stackEditArb, { maxLength: depth === 0 ? 2 : 1 })
  })
}

export const requestArb: fc.Arbitrary<RequestSpec> = fc.record({
  method: fc.constantFrom<RequestSpec['method']>('GET', 'GET', 'HEAD', 'POST', 'OPTIONS'),
  path: fc.constantFrom(...REQUEST_PATHS),
  host: fc.constantFrom(...HOSTS)
})

const answering = handlerArb(fc.constantFrom(...RESPONSES))

export const scenarioArb: fc.Arbitrary<Scenario> = fc.record({
  root: containerArb('app', 0),
  last: fc.oneof({ weight: 1, arbitrary: fc.constant(null) }, { weight: 3, arbitrary: answering }),
  listen: fc.constantFrom<Scenario['listen']>('createServer', 'app.listen'),
  editAt: fc.constantFrom<Scenario['editAt']>('build', 'after first request'),
  requests: fc.array(requestArb, { minLength: 1, maxLength: 5 })
})

// Building --------------------------------------------------------------------------------

/** The two frameworks of a run: an app's own, and the one a `foreign` sub-app of it is made with. */
export interface Frameworks {
  /** The root app's framework (unless the root is `foreign`). */
  main: Create
  other: Create
}

// path-to-regexp 0.1, as Express 4 compiles its paths (the package ships no types).
interface PathKey { name: string | number, optional: boolean, offset?: number }
// eslint-disable-next-line @typescript-eslint/no-require-imports
const pathToRegexp: (path: string, keys: PathKey[], options: { sensitive?: boolean, strict?: boolean, end?: boolean }) => RegExp = require('path-to-regexp')

function trailOf (req: any): string[] {
  return (req.fidelityTrail ??= [])
}

function visit (id: string, req: any): void {
  trailOf(req).push(`${id} ${req.method} ${req.baseUrl}|${req.url}|${JSON.stringify(req.params)}`)
}

function handler (id: string, spec: HandlerSpec) {
  return function fidelityHandler (req: any, res: any, next: Next): void {
    visit(id, req)
    const trail = trailOf(req)
    const note: Note = (label, value) => trail.push(`  ${label} = ${JSON.stringify(value)}`)
    if (spec.plain) Object.setPrototypeOf(res, http.ServerResponse.prototype)
    for (const op of spec.ops) OPS[op].run(res, note)
    FINISHES[spec.finish].run(res, next, trail)
  }
}

function catcher (id: string) {
  return function fidelityCatch (err: Error & { code?: string }, req: any, res: any, next: Next): void {
    trailOf(req).push(`${id} caught ${err.code ?? ''} ${err.message}`)
    if (res.headersSent) {
      next(err)
      return
    }
    res.statusCode = 500
    res.end(body(trailOf(req)))
  }
}

function apm (calls: 'ServerResponse.prototype.writeHead' | 'previous writeHead') {
  return function fidelityApm (req: any, res: any, next: Next): void {
    const previous = res.writeHead
    res.writeHead = function writeHead (this: any) {
      if (!this.headersSent) this.setHeader('X-Apm', String(this.statusCode))
      // eslint-disable-next-line prefer-rest-params -- as agents pass on whatever they were given
      return Reflect.apply(calls === 'previous writeHead' ? previous : SR.writeHead, this, arguments)
    }
    next()
  }
}

/** Turns of the event loop {@link later} waits. */
const LATER_TURNS = 20

/**
 * Runs `fn` once the event loop has gone round LATER_TURNS times: after what the frameworks do
 * next (their setImmediate steps, reading request bytes already received), whatever the
 * machine's speed; a timer would race with them on a loaded machine.
 */
export function later (fn: () => void, turns = LATER_TURNS): void {
  if (turns === 0) fn()
  else setImmediate(later, fn, turns - 1)
}

function partial (error: boolean) {
  return function fidelityPartial (req: any, res: any, next: Next): void {
    res.write('partial;')
    next(error ? new Error('after a partial write') : undefined)
    later(() => {
      try {
        if (!res.writableEnded && !res.destroyed) res.end('done')
      } catch {
        // What reaches the client is compared; a throw here must not end the test process.
      }
    })
  }
}

/** The path a layer was made with (`/` when none was given), and whether it ends where the path ends. */
function layerPath (entry: Entry): { path: string, end: boolean } {
  switch (entry.kind) {
    case 'route': return { path: entry.path, end: true }
    case 'use':
    case 'catch': return { path: entry.path ?? '/', end: false }
    case 'mount': return { path: entry.how === 'app.use(path, sub)' || entry.how === 'wrapper at path' ? entry.path : '/', end: false }
    default: return { path: '/', end: false }
  }
}

/** An app's stack is its base router's (made by its first `use` or route), a router's its own. */
function stackOf (container: Container, isApp: boolean): any[] | undefined {
  return isApp ? container._router?.stack : container.stack
}

function applyLayerEdit (layer: any, entry: Entry, edit: LayerEdit, id: string): void {
  switch (edit.kind) {
    case 'regexp /v2': {
      const { path, end } = layerPath(entry)
      const { regexp, keys } = express4Regexp('/v2' + (path === '/' ? '' : path), end)
      layer.regexp = regexp
      layer.keys = keys
      return
    }
    case 'wrap handle': {
      const original = layer.handle
      const mark = (res: any): void => { if (!res.headersSent) res.setHeader('X-Wrapped', id) }
      layer.handle = original.length === 4
        ? function wrappedErrorHandle (this: unknown, err: unknown, req: any, res: any, next: Next) { mark(res); return original.call(this, err, req, res, next) }
        : function wrappedHandle (this: unknown, req: any, res: any, next: Next) { mark(res); return original.call(this, req, res, next) }
      return
    }
    case 'keys': {
      const keys: PathKey[] = layer.keys
      if (edit.how === 'rename') layer.keys = keys.map((k) => ({ ...k, name: typeof k.name === 'string' ? k.name + '_' : k.name }))
      else if (edit.how === 'reverse') layer.keys = [...keys].reverse()
      else layer.keys = [...keys, { name: 'extra', optional: true, offset: 0 }]
      return
    }
    case 'fast_slash':
      layer.regexp.fast_slash = true
      return
    case 'fast_star':
      layer.regexp.fast_star = true
      return
    case 'wrap match': {
      const original = layer.match
      layer.match = function wrappedMatch (this: unknown, path: string) { return original.call(this, path) }
      return
    }
  }
  const route = layer.route
  if (route === undefined) return
  switch (edit.kind) {
    case 'route.stack.push': {
      const LayerClass = route.stack[0].constructor
      const pushed = new LayerClass('/', {}, function pushed (req: any, res: any, next: Next) {
        visit(`${id} pushed`, req)
        if (edit.answers) res.end(body(trailOf(req)))
        else next()
      })
      pushed.method = edit.method === 'all' ? undefined : edit.method
      route.stack.push(pushed)
      return
    }
    case 'route.methods':
      if (edit.set) route.methods[edit.method] = true
      else delete route.methods[edit.method]
      return
    case 'layer.method':
      route.stack[0].method = edit.method === 'all' ? undefined : edit.method
  }
}

function applyStackEdit (container: Container, isApp: boolean, edit: StackEdit): void {
  const stack = stackOf(container, isApp)
  if (stack === undefined) return
  const from = isApp ? 2 : 0
  const own = stack.splice(from)
  if (own.length !== 0) {
    const t = edit.target % own.length
    if (edit.how === 'reverse') own.reverse()
    else if (edit.how === 'rotate') own.unshift(own.pop())
    else if (edit.how === 'remove') own.splice(t, 1)
    else own.unshift(...own.splice(t, 1))
  }
  stack.push(...own)
}

function addEntry (container: Container, create: Create, fw: Frameworks, entry: Entry, id: string, edits: Array<() => void>): void {
  const at = (path: string | null): unknown[] => path === null ? [] : [path]
  switch (entry.kind) {
    case 'use': container.use(...at(entry.path), handler(id, entry.handler)); return
    case 'route': container[entry.method](entry.path, handler(id, entry.handler)); return
    case 'catch': container.use(...at(entry.path), catcher(id)); return
    case 'apm': container.use(apm(entry.calls)); return
    case 'partial': container.use(partial(entry.error)); return
    case 'helmet': container.use(helmet()); return
    case 'mount': {
      const child = buildContainer(entry.child, create, fw, id, edits)
      const wrapper = function wrapper (req: any, res: any, next: Next): void { child(req, res, next) }
      if (entry.how === 'app.use(sub)') container.use(child)
      else if (entry.how === 'app.use(path, sub)') container.use(entry.path, child)
      else if (entry.how === 'vhost(host, sub)') container.use(vhost(entry.host, child))
      else if (entry.how === 'wrapper') container.use(wrapper)
      else container.use(entry.path, wrapper)
    }
  }
}

/** The framework a container is made with, given the one of the app it is mounted in. */
function frameworkOf (spec: ContainerSpec, enclosing: Create, fw: Frameworks): Create {
  if (spec.type === 'router' || !spec.foreign) return enclosing
  return enclosing === fw.main ? fw.other : fw.main
}

function buildContainer (spec: ContainerSpec, enclosing: Create, fw: Frameworks, id: string, edits: Array<() => void>): Container {
  const create = frameworkOf(spec, enclosing, fw)
  const container: Container = spec.type === 'app' ? create() : create.Router()
  const isApp = spec.type === 'app'
  spec.entries.forEach((entry, i) => {
    const entryId = id === '' ? `#${i}` : `${id}.${i}`
    addEntry(container, create, fw, entry, entryId, edits)
    const stack = stackOf(container, isApp)!
    const layer = stack[stack.length - 1]
    for (const edit of entry.edits ?? []) edits.push(() => applyLayerEdit(layer, entry, edit, entryId))
  })
  for (const edit of spec.edits) edits.push(() => applyStackEdit(container, isApp, edit))
  return container
}

export interface BuiltScenario {
  app: Container
  /** Makes the scenario's layer edits (once). */
  edit: () => void
}

/** Builds the scenario's app with `fw`: the root is made with `fw.main` (`fw.other` when it is `foreign`). */
export function buildScenario (scenario: Scenario, fw: Frameworks): BuiltScenario {
  const edits: Array<() => void> = []
  const app = buildContainer(scenario.root, fw.main, fw, '', edits)
  if (scenario.last !== null) app.use(handler('last', scenario.last))
  let done = false
  return {
    app,
    edit: () => {
      if (done) return
      done = true
      for (const edit of edits) edit()
    }
  }
}

// Descriptions ----------------------------------------------------------------------------

function describeHandler (h: HandlerSpec): string {
  const steps = [...(h.plain ? ['Object.setPrototypeOf(res, http.ServerResponse.prototype)'] : []), ...h.ops, h.finish]
  return steps.join('; ')
}

function describeEdit (edit: LayerEdit): string {
  switch (edit.kind) {
    case 'regexp /v2': return "layer.regexp rebuilt for '/v2' + its path"
    case 'wrap handle': return 'layer.handle wrapped'
    case 'keys': return `layer.keys ${edit.how === 'extra' ? 'given an extra key' : edit.how === 'rename' ? 'renamed' : 'reversed'}`
    case 'fast_slash': return 'layer.regexp.fast_slash = true'
    case 'fast_star': return 'layer.regexp.fast_star = true'
    case 'wrap match': return 'layer.match wrapped'
    case 'route.stack.push': return `route.stack.push(layer ${edit.method === 'all' ? 'of no method' : edit.method} ${edit.answers ? 'answering' : 'calling next()'})`
    case 'route.methods': return edit.set ? `route.methods.${edit.method} = true` : `delete route.methods.${edit.method}`
    case 'layer.method': return `route.stack[0].method = ${edit.method === 'all' ? 'undefined' : `'${edit.method}'`}`
  }
}

/**
 * The container's lines, indented. `framework` names the container's framework in the run under
 * test (`tested` or `express@4`); every framework is express@4 in the reference run.
 */
function describeContainer (spec: ContainerSpec, framework: 'tested' | 'express@4', id: string, indent: string): string[] {
  const own = spec.type === 'router' || !spec.foreign ? framework : framework === 'tested' ? 'express@4' : 'tested'
  const head = spec.type === 'app' ? `app (${own === 'tested' ? 'the tested framework' : 'express@4'}${spec.foreign ? ', foreign' : ''})` : 'router'
  const lines = [indent + head]
  spec.entries.forEach((entry, i) => {
    const entryId = id === '' ? `#${i}` : `${id}.${i}`
    const p = indent + '  ' + entryId + ' '
    const edited = entry.edits === undefined || entry.edits.length === 0 ? '' : `; then ${entry.edits.map(describeEdit).join(', ')}`
    switch (entry.kind) {
      case 'use': lines.push(`${p}use(${entry.path ?? ''}): ${describeHandler(entry.handler)}${edited}`); break
      case 'route': lines.push(`${p}${entry.method}(${entry.path}): ${describeHandler(entry.handler)}${edited}`); break
      case 'catch': lines.push(`${p}use(${entry.path ?? ''}) error middleware${edited}`); break
      case 'apm': lines.push(`${p}use: wraps res.writeHead (X-Apm), calling ${entry.calls}${edited}`); break
      case 'partial': lines.push(`${p}use: res.write('partial;'); next(${entry.error ? 'err' : ''}); later res.end('done')${edited}`); break
      case 'helmet': lines.push(`${p}use(helmet())${edited}`); break
      case 'mount': {
        const how = entry.how === 'app.use(path, sub)' || entry.how === 'wrapper at path' ? `${entry.how === 'wrapper at path' ? 'wrapper' : 'app.use(path, sub)'} at ${entry.path}` : entry.how === 'vhost(host, sub)' ? `vhost('${entry.host}', sub)` : entry.how
        lines.push(`${p}${how}${edited}:`)
        lines.push(...describeContainer(entry.child, own, entryId, indent + '    '))
      }
    }
  })
  if (spec.edits.length !== 0) lines.push(`${indent}  then: ${spec.edits.map((e) => `stack ${e.how}${e.how === 'remove' || e.how === 'to front' ? ` (position ${e.target} modulo the length${spec.type === 'app' ? ', after query and expressInit' : ''})` : ''}`).join('; ')}`)
  return lines
}

/** The scenario as readable lines: the app tree, the edits and when they are made, how it listens. */
export function describeScenario (scenario: Scenario): string {
  return [
    ...describeContainer(scenario.root, 'tested', '', ''),
    ...(scenario.last === null ? [] : [`  last use: ${describeHandler(scenario.last)}`]),
    `listening through ${scenario.listen}; edits made ${scenario.editAt === 'build' ? 'before the first request' : 'after the first request'}`
  ].join('\n')
}

export function describeRequest (r: RequestSpec): string {
  return `${r.method} ${r.path} (Host: ${r.host})`
}

/** The regexp and keys Express 4 makes for `path` (case-insensitive, not strict; `end`: a route's, else a middleware's). */
export function express4Regexp (path: string, end: boolean): { regexp: RegExp, keys: PathKey[] } {
  const keys: PathKey[] = []
  return { regexp: pathToRegexp(path, keys, { sensitive: false, strict: false, end }), keys }
}
