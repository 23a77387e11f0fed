// What each app did that Express 5 reads differently: calls of removed or changed APIs, and
// settings it relied on, recorded as they happen.
import type { Application } from '../../kernel'
import type { CallFinding, SettingFinding } from './types'

/** Requests (or places) kept per finding: enough to find the code, not a log. */
export const EXAMPLES = 5

interface CallRecord { api: string, advice: string, callSite: string, count: number, requests: string[] }
interface SettingRecord { setting: string, express4: string, express5: string, advice: string, evidence: string[] }

const callsOf = new WeakMap<Application, Map<string, CallRecord>>()
const settingsOf = new WeakMap<Application, Map<string, SettingRecord>>()

function addExample (list: string[], example: string | undefined): void {
  if (example !== undefined && list.length < EXAMPLES && !list.includes(example)) list.push(example)
}

/** The apps (of any build) requests went through after an app of this framework took them. */
const reachedFrom = new WeakMap<Application, Set<Application>>()

/** Notes that a request `root` took went through `app` (a sub-app, perhaps of another build). */
export function recordReached (root: Application, app: Application): void {
  if (root === app) return
  let reached = reachedFrom.get(root)
  if (!reached) reachedFrom.set(root, reached = new Set())
  reached.add(app)
}

/** The apps requests of `apps` went through, at any depth. */
export function appsReached (apps: Iterable<Application>): Set<Application> {
  const out = new Set<Application>()
  const visit = (app: Application): void => {
    for (const reached of reachedFrom.get(app) ?? []) if (!out.has(reached)) { out.add(reached); visit(reached) }
  }
  for (const app of apps) visit(app)
  return out
}

/** Counts a call of `api` from `callSite`, for `request` (`GET /path`) when serving one. */
export function recordCall (app: Application, api: string, advice: string, callSite: string, request: string | undefined): void {
  let calls = callsOf.get(app)
  if (!calls) callsOf.set(app, calls = new Map())
  const key = `${api}\u0000${callSite}`
  let record = calls.get(key)
  if (!record) calls.set(key, record = { api, advice, callSite, count: 0, requests: [] })
  record.count++
  addExample(record.requests, request)
}

/** Notes that `app` relied on a default Express 5 changes, as `evidence` shows. */
export function recordSetting (app: Application, finding: Omit<SettingFinding, 'evidence'>, evidence: string): void {
  let settings = settingsOf.get(app)
  if (!settings) settingsOf.set(app, settings = new Map())
  let record = settings.get(finding.setting)
  if (!record) settings.set(finding.setting, record = { ...finding, evidence: [] })
  addExample(record.evidence, evidence)
}

/** The calls recorded for several apps, merged by API and call site. */
export function callsOfApps (apps: Iterable<Application>): CallFinding[] {
  return mergeRecords(apps, callsOf, (record) => ({ ...record, requests: [...record.requests] }), (seen, record) => {
    seen.count += record.count
    for (const request of record.requests) addExample(seen.requests, request)
  })
}

/** The settings recorded for several apps, merged by setting. */
export function settingsOfApps (apps: Iterable<Application>): SettingFinding[] {
  return mergeRecords(apps, settingsOf, (record) => ({ ...record, evidence: [...record.evidence] }), (seen, record) => {
    for (const example of record.evidence) addExample(seen.evidence, example)
  })
}

/**
 * The records of several apps, merged by key: the first app's record of a key is copied by
 * `copy`, each later one is added to the copy by `add`.
 */
function mergeRecords<R> (
  apps: Iterable<Application>,
  recordsOf: WeakMap<Application, Map<string, R>>,
  copy: (record: R) => R,
  add: (seen: R, record: R) => void
): R[] {
  const merged = new Map<string, R>()
  for (const app of apps) {
    for (const [key, record] of recordsOf.get(app) ?? []) {
      const seen = merged.get(key)
      if (seen) add(seen, record)
      else merged.set(key, copy(record))
    }
  }
  return [...merged.values()]
}
