// dd-trace (5.132, the line that runs on Node 20) records an app on Ristretto's editions, installed
// under Express's name, as it records the same app on Express of the same line: the same spans
// (names, resources, types, services, parents, error flags) with the same tags (http.route,
// http.status_code, http.method, component, the error's type, message and stack), once ids,
// times, ports, process ids and file paths are masked; and dd-trace's Express hooks publish the
// same messages, with the same contents, on the channels its other products (AppSec, IAST, code
// origin) read: the request's query, its route parameters, the bodies of `res.json`, the routes
// added. Two apps: the fixture app (fixtures/app.cjs) and one with what that one lacks
// (fixtures/datadog-extra.cjs: query strings, `app.param`, `app.all`, array and RegExp paths, a
// sub-app, `res.jsonp`, `res.render`). Each form runs each app in its own process, the tracer set
// up before the framework is loaded, sending its traces to a fake agent on loopback.
import { test, before, after } from 'node:test'
import assert from 'node:assert/strict'
import { spawn } from 'node:child_process'
import path from 'node:path'
import { decode } from '@msgpack/msgpack'
import { ROOT } from '../support/built-package'
import { prepareForms, APP_FIXTURE, type Forms, type FormName } from './forms'
import type { AgentSpan } from './agent-payloads'
import { startCollector } from './collector'

const RUNNER = path.join(__dirname, 'fixtures', 'datadog-runner.cjs')
const EXTRA_APP = path.join(__dirname, 'fixtures', 'datadog-extra.cjs')

/** A span as compared: what it is and where it sits, with nothing that varies between runs. */
interface Recorded {
  name: string
  resource: string
  service: string
  type: string | undefined
  error: number
  meta: Record<string, string>
  metrics: Record<string, number | string>
  children: Recorded[]
}

interface Run {
  lines: string[]
  /** What the hooks published, in order: [channel, the message summarised]. */
  events: Array<[string, unknown]>
  /** One tree per trace, in the order the requests were made. */
  traces: Recorded[]
  spans: number
}

/** A fake Datadog agent: the collector, with the trace payloads the tracer sent decoded. */
async function startAgent (): Promise<{ port: number, spans: () => AgentSpan[], close: () => Promise<void> }> {
  const collector = await startCollector()
  const spans = (): AgentSpan[] => collector.received
    .filter(({ method, path }) => (method === 'PUT' || method === 'POST') && /^\/v0\.[45]\/traces$/.test(path))
    .flatMap(({ body }) => (decode(body, { useBigInt64: true }) as AgentSpan[][]).flat())
  return { port: collector.port, spans, close: collector.close }
}

/** The environment of a traced process: the agent's address, and nothing running besides tracing. */
function tracedEnv (port: number): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = {}
  for (const [key, value] of Object.entries(process.env)) {
    if (!key.startsWith('DD_') && !key.startsWith('OTEL_') && key !== 'NODE_OPTIONS') env[key] = value
  }
  return {
    ...env,
    DD_TRACE_AGENT_URL: `http://127.0.0.1:${port}`,
    DD_TRACE_FLUSH_INTERVAL: '0',
    DD_INSTRUMENTATION_TELEMETRY_ENABLED: 'false',
    DD_TELEMETRY_HEARTBEAT_INTERVAL: '3600',
    DD_REMOTE_CONFIGURATION_ENABLED: 'false',
    DD_RUNTIME_METRICS_ENABLED: 'false',
    DD_APPSEC_ENABLED: 'false',
    DD_IAST_ENABLED: 'false',
    DD_PROFILING_ENABLED: 'false',
    DD_DYNAMIC_INSTRUMENTATION_ENABLED: 'false',
    DD_CRASHTRACKING_ENABLED: 'false',
    DD_DATA_STREAMS_ENABLED: 'false',
    DD_TRACE_STATS_COMPUTATION_ENABLED: 'false',
    DD_TRACE_STARTUP_LOGS: 'false',
    DD_LLMOBS_ENABLED: 'false'
  }
}

/** Masks what varies between runs and machines in a tag's value: ports. */
function maskText (text: string): string {
  return text.replace(/(127\.0\.0\.1|localhost):\d+/g, '$1:<port>')
}

/**
 * The tags compared: every tag, those that vary masked; a stack reduced to the error as printed
 * and the frame that made it (the app's, its file relative to the fixtures), and whether more follow.
 */
function maskMeta (meta: Record<string, string> = {}): Record<string, string> {
  const out: Record<string, string> = {}
  for (const key of Object.keys(meta).sort()) {
    const value = meta[key]!
    if (/^_dd\.code_origin\.frames\.\d+\.file$/.test(key)) {
      // Where the app added the handler a span names: the fixture's file, compared by its name.
      out[key] = path.relative(path.dirname(APP_FIXTURE), value)
    } else if (key === 'runtime-id' || key === '_dd.p.tid' || key === '_dd.tags.process' || key === 'http.useragent') {
      out[key] = '<masked>'
    } else if (key === 'error.stack') {
      const [message, first, ...rest] = value.split('\n')
      const frame = first === undefined ? '' : first.replace(/\/[^\s():]+/g, (file) => path.relative(path.dirname(APP_FIXTURE), file))
      out[key] = [message, frame.trim(), rest.length > 0 ? '…' : ''].join(' | ')
    } else {
      out[key] = maskText(value)
    }
  }
  return out
}

function maskMetrics (metrics: Record<string, number> = {}): Record<string, number | string> {
  const out: Record<string, number | string> = {}
  for (const key of Object.keys(metrics).sort()) {
    out[key] = key === 'process_id' || key.endsWith('.port') || key.endsWith('_port') ? '<masked>' : metrics[key]!
  }
  return out
}

/** The received spans as trees (children by start, then name and resource), traces by their root's start. */
function toTrees (spans: AgentSpan[]): Recorded[] {
  const byId = new Map<bigint, AgentSpan>()
  for (const span of spans) byId.set(BigInt(span.span_id), span)
  const children = new Map<bigint, AgentSpan[]>()
  const roots: AgentSpan[] = []
  for (const span of spans) {
    const parent = BigInt(span.parent_id)
    if (parent === 0n || !byId.has(parent)) roots.push(span)
    else children.set(parent, [...(children.get(parent) ?? []), span])
  }
  const order = (a: AgentSpan, b: AgentSpan): number => {
    const d = BigInt(a.start) - BigInt(b.start)
    if (d !== 0n) return d < 0n ? -1 : 1
    return `${a.name} ${a.resource}` < `${b.name} ${b.resource}` ? -1 : 1
  }
  const build = (span: AgentSpan): Recorded => ({
    name: span.name,
    resource: maskText(span.resource),
    service: span.service,
    type: span.type,
    error: span.error,
    meta: maskMeta(span.meta),
    metrics: maskMetrics(span.metrics),
    children: (children.get(BigInt(span.span_id)) ?? []).sort(order).map(build)
  })
  return roots.sort(order).map(build)
}

/** Runs an app (`appModule`) under dd-trace with `form`'s framework; resolves once the process has ended. */
async function record (forms: Forms, name: FormName, appModule: string): Promise<Run> {
  const form = forms.get(name)
  const agent = await startAgent()
  try {
    // Run from the project's root, as an app runs from its own: dd-trace tells the app's frames from
    // its packages' by their path relative to the working directory (under node_modules/ or not).
    const child = spawn(process.execPath, [RUNNER, form.module, appModule], { cwd: ROOT, env: tracedEnv(agent.port), stdio: ['ignore', 'pipe', 'pipe'] })
    let stdout = ''
    let stderr = ''
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => { stdout += chunk })
    child.stderr.setEncoding('utf8').on('data', (chunk: string) => { stderr += chunk })
    const timer = setTimeout(() => child.kill(), 60_000)
    const code = await new Promise<number | null>((resolve) => child.on('close', resolve))
    clearTimeout(timer)
    assert.equal(code, 0, `${name}: exited with ${code}\n${stderr}`)
    const { lines, events } = JSON.parse(stdout) as Pick<Run, 'lines' | 'events'>
    const spans = agent.spans()
    return { lines, events, traces: toTrees(spans), spans: spans.length }
  } finally {
    await agent.close()
  }
}

/** Names of the spans of a trace, depth first, indented by depth (for a readable first difference). */
function outline (span: Recorded, depth = 0): string[] {
  return [`${'  '.repeat(depth)}${span.name} ${span.resource}${span.error ? ' !' : ''}`, ...span.children.flatMap((c) => outline(c, depth + 1))]
}

let forms: Forms
const runs = new Map<FormName, Run>()
const extraRuns = new Map<FormName, Run>()

before(async () => {
  forms = prepareForms()
  for (const form of forms.forms) {
    runs.set(form.name, await record(forms, form.name, APP_FIXTURE))
    if (form.express) extraRuns.set(form.name, await record(forms, form.name, EXTRA_APP))
  }
})

after(() => forms?.remove())

test('Express records one trace per request, with route, middleware and error spans', () => {
  const run = runs.get('express@4')!
  assert.equal(run.traces.length, 8)
  // Server side only (the fixture's own client requests are not traced): 8 request spans and 45
  // middleware spans. With the client's http, dns and net spans as well the same run gives 70.
  assert.equal(run.spans, 53)
  const names = run.traces.map((trace) => `${trace.name} ${trace.resource}`)
  assert.deepEqual(names, [
    'express.request GET /users/:id',
    'express.request GET /items',
    'express.request POST /items',
    'express.request GET /orgs/:orgId',
    'express.request GET /orgs/:orgId/teams/:teamId',
    'express.request GET /boom',
    'express.request GET /later',
    'express.request GET'
  ])
})

/** Asserts that `got` is `want`: request lines, then span outlines, spans, published messages. */
function assertSameRun (got: Run, want: Run, label: string): void {
  assert.deepEqual(got.lines, want.lines, label)
  assert.deepEqual(got.traces.map((t) => outline(t)), want.traces.map((t) => outline(t)), `${label}: span outlines`)
  assert.deepEqual(got.traces, want.traces, `${label}: spans`)
  assert.equal(got.spans, want.spans)
  assert.deepEqual(got.events, want.events, `${label}: published messages`)
}

for (const [edition, express] of [['edition 4', 'express@4'], ['edition 5', 'express@5']] as const) {
  test(`${edition} is recorded as ${express} is`, () => {
    const counts = [...runs].map(([name, run]) => `${name}: ${run.spans}`).join(', ')
    assertSameRun(runs.get(edition)!, runs.get(express)!, `the fixture app (span counts: ${counts})`)
  })

  test(`${edition} is recorded as ${express} is, beyond the fixture app`, () => {
    const want = extraRuns.get(express)!
    // What the comparison rests on: the channels carried queries, parameters, bodies and routes.
    const channels = ['datadog:query:read:finish', 'datadog:express:response:json:start', 'tracing:datadog:express:response:render:start', 'apm:express:route:added']
    channels.push(...(express === 'express@4' ? ['datadog:express:process_params:start'] : ['datadog:express:query:finish', 'datadog:router:param:start']))
    for (const channel of channels) {
      assert.ok(want.events.some(([name]) => name === channel), `${express} published on ${channel}`)
    }
    assertSameRun(extraRuns.get(edition)!, want, 'the second app')
  })
}

test('Ristretto under its own name is served and traced as an HTTP server', (t) => {
  // dd-trace hooks Express's files by package name: under its own name Ristretto is seen only by
  // the HTTP instrumentation (one span per request). Counted, not compared with Express.
  for (const name of ['ristretto', 'ristretto/presets/express5'] as const) {
    const run = runs.get(name)!
    assert.deepEqual(run.lines, runs.get(name === 'ristretto' ? 'express@4' : 'express@5')!.lines)
    assert.equal(run.traces.length, 8, name)
  }
  t.diagnostic(`spans: ${[...runs].map(([name, run]) => `${name}: ${run.spans}`).join(', ')}`)
})
