// The layers of a router, read from the fields Express exposes (`router.stack`, `layer.route`,
// `route.path`, `layer.handle`), whichever framework or `Router` made the router. Paths as
// written are remembered for the layers of this framework as they are added; the layers of other
// routers give theirs back from `route.path`, or from the regexp path-to-regexp 0.1 made of them.
import { routerPrototype, type Application, type Layer, type PathParams, type Route, type RouterInstance } from '../../kernel'
import { pathToRegexp, type PathKey } from '../../kernel/internal/path-to-regexp'
import type { LayerOptions } from './path/express5-match'

/** A layer of a router, in stack order. */
export type Entry =
  | { readonly kind: 'route', readonly path: PathParams, readonly route: Route, readonly options: LayerOptions }
  | { readonly kind: 'use', readonly path: PathParams, readonly layer: Layer, readonly options: LayerOptions }
  /** A sub-app mounted with `app.use` or `router.use`: its own router is read through it. */
  | { readonly kind: 'app', readonly path: PathParams, readonly app: Application }

/** The paths the layers of this framework's routers were added with. */
const writtenPaths = new WeakMap<Layer, PathParams>()
/** The sub-app each `mounted_app` layer handle (made by `app.use(path, subApp)`) runs. */
const mountedApps = new WeakMap<Function, Application>()

/** `layerAdded`: the path a layer of this framework was added with. */
export function recordLayer (router: RouterInstance, layer: Layer, path: PathParams): void {
  writtenPaths.set(layer, path)
}

/**
 * Remembers the sub-apps `parent.use` mounted: the layers it added last hold them, in order.
 * Called with the stack's length before the call and the arguments given.
 */
export function recordMounts (parent: Application, before: number, args: readonly unknown[]): void {
  const stack = parent._router?.stack
  if (!Array.isArray(stack)) return
  const subs = args.flat(Infinity).filter((arg): arg is Application => isApp(arg) && arg.parent === parent)
  const added = stack.slice(before).filter((layer: Layer) => typeof layer?.handle === 'function' && !isApp(layer.handle) && layer.handle.name === 'mounted_app')
  if (added.length !== subs.length) return
  added.forEach((layer: Layer, i: number) => { mountedApps.set(layer.handle, subs[i]) })
}

/** `mount`: a sub-app of this framework, mounted by `parent.use`: its layer is the parent's last. */
export function recordSubApp (child: Application, parent: Application): void {
  const stack = parent._router?.stack
  const last: Layer | undefined = Array.isArray(stack) ? stack[stack.length - 1] : undefined
  if (last && typeof last.handle === 'function' && last.handle.name === 'mounted_app') mountedApps.set(last.handle, child)
}

/** An app (of any build): a function with `handle` and `set`. */
export function isApp (value: unknown): value is Application {
  return typeof value === 'function' && typeof (value as Partial<Application>).handle === 'function' && typeof (value as Partial<Application>).set === 'function'
}

/**
 * A router that reads paths as Express 4 does: one made by the kernel's `Router` (any preset's or
 * build's `framework.Router()`, an app's router), or by Express 4 itself (its routers alone have
 * `_params`, beside `stack`). Routers of the express5-routing plugin and of Express 5 are not:
 * their paths are Express 5's already.
 */
export function isExpress4Router (value: unknown): value is RouterInstance {
  if (typeof value !== 'function' || !Array.isArray((value as Partial<RouterInstance>).stack)) return false
  return Object.prototype.isPrototypeOf.call(routerPrototype, value) || Array.isArray((value as { _params?: unknown })._params)
}

/** The group opening at `source[start]` (a `(`), up to its `)`: its length, or -1. */
function groupLength (source: string, start: number): number {
  let depth = 0
  let inClass = false
  for (let i = start; i < source.length; i++) {
    const c = source[i]
    if (c === '\\') { i++; continue }
    if (inClass) { if (c === ']') inClass = false; continue }
    if (c === '[') inClass = true
    else if (c === '(') depth++
    else if (c === ')' && --depth === 0) return i - start + 1
  }
  return -1
}

/** What path-to-regexp 0.1 captures for a `:name` of its own (after `/`, after `.`, after other text). */
const DEFAULT_CAPTURES = [String.raw`[^/]+?`, String.raw`[^\/]+?`, String.raw`[^/\.]+?`, String.raw`[^\/\.]+?`]
const AFTER_TEXT = /^\(\?:\(\?!\\\/\|(?:[^()\\]|\\.)*\)\.\)\+\?$/

/**
 * The text (`/a/:b?/*`, `/:id(\\d+)`) path-to-regexp 0.1 compiles to the regexp of a layer it
 * made, or undefined: read back from the regexp's source and its keys, and kept only when
 * compiling it again gives the same regexp.
 */
function pathOfRegexp (layer: Layer, options: LayerOptions): string | undefined {
  const regexp = layer.regexp
  const keys = layer.keys
  if (!(regexp instanceof RegExp) || !Array.isArray(keys)) return undefined
  if ((regexp as { fast_slash?: boolean }).fast_slash === true) return '/'
  const source = regexp.source
  const tail = options.end ? (options.strict ? '$' : String.raw`\/?$`) : (options.strict ? String.raw`(?=\/|$)` : String.raw`\/?(?=\/|$)`)
  if (!source.startsWith('^') || !source.endsWith(tail)) return undefined
  const body = source.slice(1, source.length - tail.length)
  let text = ''
  let key = 0
  for (let i = 0; i < body.length;) {
    const c = body[i]
    if (c === '\\') { text += body[i + 1] ?? ''; i += 2; continue }
    if (c !== '(') { text += c; i++; continue }
    const length = groupLength(body, i)
    if (length < 0) return undefined
    const group = body.slice(i, i + length)
    const optional = body[i + length] === '?'
    const name = keys[key]?.name
    if (group === '(.*)' && typeof name === 'number') {
      text += '*'
    } else {
      // `(?:` + `\/` or `\.` or nothing + `(capture)` + `)`: a named parameter.
      const m = /^\(\?:(\\[/.])?\(([\s\S]*)\)\)$/.exec(group)
      if (!m || typeof name !== 'string') return undefined
      const capture = m[2]
      const plain = DEFAULT_CAPTURES.includes(capture) || AFTER_TEXT.test(capture)
      text += `${m[1] === undefined ? '' : m[1][1]}:${name}${plain ? '' : `(${capture})`}${optional ? '?' : ''}`
    }
    i += length + (optional ? 1 : 0)
    key++
  }
  if (key !== keys.length) return undefined
  const path = text === '' ? '/' : text
  try {
    const again = pathToRegexp(path, [], { sensitive: options.sensitive, strict: options.strict, end: options.end })
    return again.source === source && again.flags === regexp.flags ? path : undefined
  } catch {
    return undefined
  }
}

/**
 * The path a layer was written with: remembered, the route's, or read back from its regexp (the
 * regexp itself when it cannot be); undefined for an entry that has none (a tool's own object).
 */
function pathOf (layer: Layer, options: LayerOptions): PathParams | undefined {
  const written = writtenPaths.get(layer)
  if (written !== undefined) return written
  const route = layer.route as { path?: unknown } | undefined
  if (route && (typeof route.path === 'string' || route.path instanceof RegExp || Array.isArray(route.path))) return route.path as PathParams
  if (!(layer.regexp instanceof RegExp)) return undefined
  return pathOfRegexp(layer, options) ?? layer.regexp
}

/** The layers of a router that reads paths as Express 4 does, in stack order; undefined for other routers. */
export function entries (router: unknown): Entry[] | undefined {
  if (!isExpress4Router(router)) return undefined
  const sensitive = router.caseSensitive === true
  const out: Entry[] = []
  for (const layer of router.stack as Layer[]) {
    if (layer === null || typeof layer !== 'object') continue
    if (layer.route) {
      const options = { sensitive, strict: router.strict === true, end: true }
      const path = pathOf(layer, options)
      if (path !== undefined && Array.isArray(layer.route.stack)) out.push({ kind: 'route', path, route: layer.route, options })
      continue
    }
    const options = { sensitive, strict: false, end: false }
    const path = pathOf(layer, options)
    if (path === undefined) continue
    const handle: unknown = layer.handle
    const app = isApp(handle) ? handle : typeof handle === 'function' ? mountedApps.get(handle) : undefined
    if (app) out.push({ kind: 'app', path, app })
    else out.push({ kind: 'use', path, layer, options })
  }
  return out
}
