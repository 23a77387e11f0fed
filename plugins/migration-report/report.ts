// The report of one app: its routers walked from the top (mounted routers and sub-apps included)
// for paths and middleware, and the calls and settings recorded for the apps reached.
import { methods, type Application, type Layer, type Route, type RouterInstance } from '../../kernel'
import { alternatives, joinParts, type PathPart } from './join-path'
import { entries, isExpress4Router, type Entry } from './registry'
import { analyzePath } from './path/analyze-path'
import { appsReached, callsOfApps, settingsOfApps, EXAMPLES } from './findings'
import { URLENCODED_EXTENDED } from './settings'
import { formatMigrationReport } from './format'
import type { MigrationReport, PathFinding, SettingFinding } from './types'

/** Middleware made by `express.urlencoded()` without `extended`, with where it was made. */
export const implicitExtended = new WeakMap<Function, string>()

interface Walk {
  readonly paths: PathFinding[]
  readonly apps: Set<Application>
  /** Where middleware relying on `extended`'s default is mounted. */
  readonly urlencoded: string[]
  readonly visiting: Set<RouterInstance>
}

/** The methods of a route, uppercase, `ALL` for `all`. */
function routeMethods (route: Route): string[] {
  const seen = new Set<string>()
  for (const layer of route.stack) {
    if (layer === null || typeof layer !== 'object') continue
    if (layer.method === undefined) seen.add('ALL')
    else if (typeof layer.method === 'string') seen.add(layer.method.toUpperCase())
  }
  if (methods.every((m) => seen.has(m.toUpperCase()))) return ['ALL']
  return [...seen]
}

function noteUrlencoded (walk: Walk, handlers: readonly Layer[], where: string): void {
  for (const layer of handlers) {
    if (layer === null || typeof layer !== 'object' || typeof layer.handle !== 'function') continue
    const made = implicitExtended.get(layer.handle)
    const evidence = `${where} (made at ${made})`
    if (made !== undefined && walk.urlencoded.length < EXAMPLES && !walk.urlencoded.includes(evidence)) walk.urlencoded.push(evidence)
  }
}

function visitEntry (walk: Walk, entry: Entry, prefixes: PathPart[][]): void {
  for (const part of alternatives(entry.path)) {
    const parts = prefixes.map((prefix) => [...prefix, part])
    if (entry.kind === 'app') {
      walk.apps.add(entry.app)
      if (entry.app._router) visitRouter(walk, entry.app._router, parts)
      continue
    }
    const verdict = analyzePath(part, entry.options)
    const routeMethodList = entry.kind === 'route' ? routeMethods(entry.route) : []
    for (const joined of parts) {
      const fullPath = joinParts(joined)
      if (verdict) {
        walk.paths.push({
          kind: entry.kind === 'route' ? 'route' : 'middleware',
          methods: routeMethodList,
          path: String(part),
          fullPath,
          ...verdict
        })
      }
      if (entry.kind === 'route') noteUrlencoded(walk, entry.route.stack, `${routeMethodList.join(', ')} ${fullPath}`)
      else noteUrlencoded(walk, [entry.layer], `app.use ${fullPath}`)
    }
    if (entry.kind === 'use' && isExpress4Router(entry.layer.handle)) {
      visitRouter(walk, entry.layer.handle, parts)
    }
  }
}

function visitRouter (walk: Walk, router: RouterInstance, prefixes: PathPart[][]): void {
  if (walk.visiting.has(router)) return
  walk.visiting.add(router)
  for (const entry of entries(router) ?? []) visitEntry(walk, entry, prefixes)
  walk.visiting.delete(router)
}

/**
 * The migration report of `app`: what Express 5 reads differently in it, so far. Paths are read
 * from the routers mounted in the app, at any depth, whichever framework made them (the
 * express5-routing plugin's excepted); calls and settings from what the app, its sub-apps and the
 * apps its requests went through did since they were created.
 */
export function migrationReport (app: Application): MigrationReport {
  const walk: Walk = { paths: [], apps: new Set([app]), urlencoded: [], visiting: new Set() }
  if (app._router) visitRouter(walk, app._router, [[]])
  for (const reached of appsReached(walk.apps)) walk.apps.add(reached)
  const settings: SettingFinding[] = settingsOfApps(walk.apps)
  if (walk.urlencoded.length > 0) settings.push({ ...URLENCODED_EXTENDED, evidence: walk.urlencoded })
  const report = { paths: walk.paths, calls: callsOfApps(walk.apps), settings }
  Object.defineProperty(report, 'toString', { configurable: true, writable: true, value: function toString () { return formatMigrationReport(report) } })
  return report as MigrationReport
}
