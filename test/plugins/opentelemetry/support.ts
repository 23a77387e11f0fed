// Shared by the opentelemetry plugin's tests: running the fixture app under an agent in a child
// process, and the recorded spans in a form that can be compared across frameworks.
import { spawnSync } from 'node:child_process'
import assert from 'node:assert/strict'
import path from 'node:path'
import { ROOT } from '../../support/built-package'
import { APP_FIXTURE, type Form } from '../../observability/forms'

export const FIXTURES = path.join(__dirname, 'fixtures')

/** A span as the runner prints it. */
export interface RawSpan {
  id: string
  trace: string
  parent?: string
  start: number
  name: string
  kind: number
  attributes: Record<string, unknown>
  status: { code: number, message?: string }
  events: Array<{ name: string, attributes?: Record<string, unknown> }>
  scope: string
}

/** Runs a runner script of fixtures/ for a form (in its folder), on an app fixture (the observability one by default): its JSON output. */
export function runForm<T> (runner: string, form: Form, mode: string, fixture = APP_FIXTURE, env: NodeJS.ProcessEnv = {}): T {
  const module = form.express ? 'express' : form.module
  const r = spawnSync(process.execPath, [path.join(FIXTURES, runner), module, mode, fixture, ROOT], {
    cwd: form.dir, encoding: 'utf8', timeout: 60_000, env: { ...process.env, NODE_ENV: 'test', ...env }
  })
  assert.equal(r.status, 0, `${form.name} (${mode}): ${r.stderr}`)
  return JSON.parse(r.stdout) as T
}

/** Ports, in URLs, hosts and port attributes. */
function maskValue (key: string, value: unknown): unknown {
  if (key.endsWith('.port')) return 'PORT'
  if (typeof value === 'string') return value.replace(/:\d{2,5}(?=\/|$)/g, ':PORT')
  return value
}

/** The layer spans' instrumentation scope: the instrumentation's, or the plugin's. */
const LAYER_SCOPES = new Set(['@opentelemetry/instrumentation-express', 'ristretto'])

/**
 * One line per span, each trace depth first (traces in the order their requests were made,
 * children ordered by what they hold), parents named by their line's index: ids, times and ports
 * masked, an exception's stack reduced to its first line, the layer spans' scope named `layers`.
 */
export function comparable (spans: RawSpan[]): unknown[] {
  const byParent = new Map<string | undefined, RawSpan[]>()
  const ids = new Set(spans.map((span) => span.id))
  for (const span of spans) {
    const parent = span.parent !== undefined && ids.has(span.parent) ? span.parent : undefined
    const list = byParent.get(parent) ?? []
    list.push(span)
    byParent.set(parent, list)
  }
  const view = (span: RawSpan) => ({
    name: span.name,
    kind: span.kind,
    scope: LAYER_SCOPES.has(span.scope) ? 'layers' : span.scope,
    attributes: Object.fromEntries(Object.entries(span.attributes).sort(([a], [b]) => a < b ? -1 : 1).map(([key, value]) => [key, maskValue(key, value)])),
    status: span.status,
    events: span.events.map((event) => ({
      name: event.name,
      attributes: Object.fromEntries(Object.entries(event.attributes ?? {}).map(([key, value]) =>
        [key, key === 'exception.stacktrace' ? String(value).split('\n')[0] : value]))
    }))
  })
  const key = (span: RawSpan): string => JSON.stringify(view(span))
  const out: unknown[] = []
  const visit = (span: RawSpan, parent: number | null): void => {
    const index = out.length
    out.push({ parent, ...view(span) })
    for (const child of (byParent.get(span.id) ?? []).sort((a, b) => key(a) < key(b) ? -1 : key(a) > key(b) ? 1 : 0)) visit(child, index)
  }
  const roots = (byParent.get(undefined) ?? []).sort((a, b) => a.start - b.start)
  for (const root of roots) visit(root, null)
  return out
}
