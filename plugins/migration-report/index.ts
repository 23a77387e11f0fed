// The migration-report plugin: what an Express 4 app would have to change to run on Express 5.
import { definePlugin, type Application, type Plugin, type Request, type Response } from '../../kernel'
import { recordLayer, recordMounts, recordSubApp } from './registry'
import { watchApplication, watchExchange } from './api-calls'
import { appCreated, appCreating, querySettingSet, watchQuery } from './settings'
import { callerOutsideFramework, formatCallSite } from './call-site'
import { implicitExtended, migrationReport } from './report'
import type { MigrationReport } from './types'
import { checkOptions, describeOptions, type NoOptions } from '../shared/options'

export type { MigrationReport, PathFinding, CallFinding, SettingFinding } from './types'
export { formatMigrationReport } from './format'
export { analyzePath, type PathVerdict } from './path/analyze-path'
export type { LayerOptions } from './path/express5-match'

export const PLUGIN_NAME = 'migration-report'

declare module '../../kernel/types' {
  interface Application {
    /**
     * What Express 5 reads differently in this app so far: paths of routes and middleware
     * (mounted routers and sub-apps included), calls of removed or changed APIs made by the
     * app, and changed defaults it relies on. `String(report)` is a readable summary.
     * @example console.log(String(app.migrationReport()))
     */
    migrationReport (): MigrationReport
  }
}

/** Runs after every other tap of the same hook (defaults are set, layers are in place). */
const LAST = { name: PLUGIN_NAME, stage: 100 }
const FIRST = { name: PLUGIN_NAME, stage: -100 }

type Urlencoded = (this: unknown, options?: { extended?: boolean }) => Function

/** Marks the requests already watched (by the outermost app they reach). */
const WATCHED = Symbol('ristretto.migration-report.watched')

/** The layer every app's router gets after its `query` layer: watches the request once. */
function watchLayer (app: Application) {
  return function migrationReport (req: Request & { [WATCHED]?: true }, res: Response, next: () => void): void {
    if (req[WATCHED] !== true) {
      req[WATCHED] = true
      watchQuery(app, req)
      watchExchange(app, req, res)
    }
    next()
  }
}

/**
 * `app.use` of each app, made to remember which sub-app each layer it mounts runs (of any build:
 * those of other builds never tell this framework they were mounted).
 */
function watchMounts (app: Application): void {
  const own = Object.getOwnPropertyDescriptor(app, 'use')
  const original = own?.value as ((...args: unknown[]) => Application) | undefined
  if (typeof original !== 'function') return
  Object.defineProperty(app, 'use', {
    ...own,
    value: function use (this: Application, ...args: unknown[]): Application {
      const before = Array.isArray(this._router?.stack) ? this._router.stack.length : 0
      const result = original.apply(this, args)
      recordMounts(this, before, args)
      return result
    }
  })
}

/**
 * `framework.urlencoded`, as the body-urlencoded plugin gives it (before or after this plugin
 * runs), made to remember the middleware it makes without `extended`, with where it was made.
 */
function watchUrlencoded (framework: object): void {
  let current: Urlencoded | undefined
  const watched = function urlencoded (this: unknown, options?: { extended?: boolean }): Function {
    const middleware = current!.call(this, options)
    if (options?.extended === undefined) {
      const site = callerOutsideFramework(watched)
      implicitExtended.set(middleware, site ? formatCallSite(site) : 'an unknown place')
    }
    return middleware
  }
  const existing = (framework as { urlencoded?: Urlencoded }).urlencoded
  if (typeof existing === 'function') current = existing
  Object.defineProperty(framework, 'urlencoded', {
    configurable: true,
    enumerable: true,
    get: () => typeof current === 'function' ? watched : current,
    set: (value: Urlencoded | undefined) => { current = value }
  })
}

/**
 * The migration report: `app.migrationReport()` lists the routes and middleware whose paths
 * Express 5 reads differently (with the spelling to use), the calls of APIs Express 5 removed or
 * changed (with their call sites and requests), and the defaults that change which the app
 * relies on. For apps of the default preset's plugins; in no preset, as it watches every call.
 *
 * @example
 * const framework = createFramework({ plugins: [express.plugins, migrationReportPlugin()] })
 */
export function migrationReportPlugin (options?: NoOptions): Plugin {
  checkOptions(describeOptions('migrationReportPlugin'), options)
  return definePlugin({
    name: PLUGIN_NAME,
    apply ({ hooks, framework, decorateApplication }) {
      hooks.layerAdded.tap(PLUGIN_NAME, recordLayer)
      hooks.mount.tap(PLUGIN_NAME, recordSubApp)
      hooks.appCreated.tap(FIRST, appCreating)
      hooks.appCreated.tap(LAST, appCreated)
      hooks.setting.for('query parser').tap(PLUGIN_NAME, (app) => { querySettingSet(app) })
      hooks.appCreated.tap(LAST, watchApplication)
      hooks.appCreated.tap(LAST, watchMounts)
      hooks.routerCreated.tap(LAST, (app, router) => { router.use(watchLayer(app)) })
      watchUrlencoded(framework)
      decorateApplication({
        migrationReport (this: Application) { return migrationReport(this) }
      })
    }
  })
}
