// docs/apm.md's Sentry and Datadog set-ups run as written, and the agents record what the page
// says. The set-ups for `express` run on each edition installed as `express` and on the real
// Express of its line; Sentry's for `ristretto` runs on Ristretto. Each program runs in a folder
// under the project's node_modules (dd-trace resolves as a user's installed package; @sentry/node,
// which has an install of its own, is linked into each form's node_modules), with its agent's
// settings from the environment as the page has them: SENTRY_DSN names, and DD_TRACE_AGENT_URL
// points at, a collector this test starts on loopback, which keeps what the agent sends. A
// preload makes `listen` use a free port; the test requests each route the program defines
// (GET /users/42 and GET /boom) and has the server closed; the agent sends what it has as the
// program ends. What an edition gives is compared with what the Express of its line gives, and
// what Ristretto gives with Sentry's set-up for it with what Express 4 gives. Two set-ups also run
// changed as the page describes: Sentry's for ristretto without `enableOpenTelemetrySetup`, and
// Datadog's with `ristretto` required in place of `express`.
import { describe, it, before, after } from 'node:test'
import assert from 'node:assert/strict'
import fs from 'node:fs'
import path from 'node:path'
import { decode } from '@msgpack/msgpack'
import type { Forms, FormName } from '../observability/forms'
import { ensureBuilt } from '../support/built-package'
import { isolatedPackages, unsupportedReason } from '../../bench/lib/isolated-packages'
import { SENTRY_PACKAGES } from '../observability/sentry-packages-path'
import { limiter, pagePrograms, prepareApmForms, programEnv, replaced, runProgram, type Program, type Ran } from './apm-programs'
import type { AgentSpan, SentrySpan } from '../observability/agent-payloads'
import { startCollector, type Received } from '../observability/collector'

const ROUTES = ['/users/:id', '/boom']

/** Runs `program` on `form` with the collector's address in the environment (`env` gives it); what the collector received. */
async function collected (program: Program, forms: Forms, name: FormName, env: (port: number) => NodeJS.ProcessEnv, files?: Map<string, string>): Promise<{ ran: Ran, received: Received[] }> {
  const collector = await startCollector()
  try {
    const variant = files && { name: 'changed', files }
    const ran = await runProgram(program, forms.get(name), { env: programEnv(env(collector.port)), variant })
    return { ran, received: collector.received }
  } finally {
    await collector.close()
  }
}

// Sentry ------------------------------------------------------------------------------------------

/** The items of a Sentry envelope (a header line, then each item's header and payload). */
function envelopeItems (body: Buffer): Array<{ type: string, payload: unknown }> {
  const items: Array<{ type: string, payload: unknown }> = []
  let at = body.indexOf(10) + 1
  while (at > 0 && at < body.length) {
    const headerEnd = body.indexOf(10, at)
    const header = JSON.parse(body.subarray(at, headerEnd).toString('utf8')) as { type: string, length?: number }
    const start = headerEnd + 1
    const end = header.length !== undefined ? start + header.length : (body.indexOf(10, start) === -1 ? body.length : body.indexOf(10, start))
    items.push({ type: header.type, payload: JSON.parse(body.subarray(start, end).toString('utf8')) })
    at = end + 1
  }
  return items
}

interface SentryEvent {
  transaction?: string
  level?: string
  exception?: { values: Array<{ type: string, value: string, mechanism?: { type: string, handled: boolean } }> }
  request?: { method?: string, url?: string }
}

/** The attributes compared: what the span is and what it is about (not the host's, the process's or times). */
const KEPT = /^(sentry\.(op|origin|segment\.name\.source)|http\.route|http\.request\.method|http\.response\.status_code|express\.(name|type))$/

interface SentryTree { name: string, status: string, attributes: Record<string, unknown>, children: SentryTree[] }

interface SentryRecord {
  responses: Array<[number, string]>
  /** One per request, in the order they started, each with its spans as a tree. */
  transactions: SentryTree[]
  errors: Array<{ transaction?: string, level?: string, exception?: Array<{ type: string, value: string, mechanism?: { type: string, handled: boolean } }>, request?: string }>
}

function sentryRecord ({ ran, received }: Awaited<ReturnType<typeof collected>>): SentryRecord {
  const spans: SentrySpan[] = []
  const events: SentryEvent[] = []
  for (const { path: where, body } of received) {
    assert.match(where, /^\/api\/1\/envelope\/$/, 'Sentry sends envelopes to the project of the DSN')
    for (const { type, payload } of envelopeItems(body)) {
      if (type === 'span') spans.push(...(payload as { items: SentrySpan[] }).items)
      else if (type === 'event') events.push(payload as SentryEvent)
    }
  }
  const byStart = (a: SentrySpan, b: SentrySpan): number => a.start_timestamp - b.start_timestamp
  const tree = (span: SentrySpan): SentryTree => ({
    name: span.name,
    status: span.status,
    attributes: Object.fromEntries(Object.entries(span.attributes ?? {}).filter(([key]) => KEPT.test(key)).sort(([a], [b]) => a < b ? -1 : 1).map(([key, { value }]) => [key, value])),
    children: spans.filter((s) => s.parent_span_id === span.span_id).sort(byStart).map(tree)
  })
  return {
    responses: ran.responses.map((r) => [r.status, r.path]),
    transactions: spans.filter((s) => s.is_segment).sort(byStart).map(tree),
    errors: events.map((event) => ({
      transaction: event.transaction,
      level: event.level,
      exception: event.exception?.values.map(({ type, value, mechanism }) => ({ type, value, mechanism: mechanism && { type: mechanism.type, handled: mechanism.handled } })),
      request: event.request && `${event.request.method} ${new URL(event.request.url ?? '', 'http://x').pathname}`
    }))
  }
}

// Datadog -----------------------------------------------------------------------------------------

/** The tags compared by value; every other tag is compared by name (their values hold ids, times, stacks). */
const VALUED = /^(component|span\.kind|http\.(method|route|status_code|url)|error\.(type|message)|_dd\.integration|_dd\.code_origin\.(type|frames\.\d+\.(file|line|column|method|type)))$/

/** A tag's value as compared: the port of a URL masked, and the app's file (where code origin points) by its name. */
function tagValue (key: string, value: string): string {
  if (!VALUED.test(key)) return '…'
  if (/\.file$/.test(key)) return path.basename(value)
  return value.replace(/127\.0\.0\.1:\d+/g, '127.0.0.1:PORT')
}

interface DatadogTree { name: string, resource: string, service: string, type?: string, error: number, tags: Record<string, string>, children: DatadogTree[] }

function datadogTraces ({ received }: Awaited<ReturnType<typeof collected>>): DatadogTree[] {
  const spans: AgentSpan[] = []
  for (const { path: where, body } of received) {
    if (/^\/v0\.4\/traces$/.test(where)) for (const trace of decode(body, { useBigInt64: true }) as AgentSpan[][]) spans.push(...trace)
  }
  const ids = new Set(spans.map((s) => BigInt(s.span_id)))
  const order = (a: AgentSpan, b: AgentSpan): number => {
    const d = BigInt(a.start) - BigInt(b.start)
    return d !== 0n ? (d < 0n ? -1 : 1) : (`${a.name} ${a.resource}` < `${b.name} ${b.resource}` ? -1 : 1)
  }
  const tree = (span: AgentSpan): DatadogTree => ({
    name: span.name,
    resource: span.resource,
    service: span.service,
    type: span.type,
    error: span.error,
    tags: Object.fromEntries(Object.keys(span.meta ?? {}).sort().map((key) => [key, tagValue(key, span.meta![key]!)])),
    children: spans.filter((s) => BigInt(s.parent_id) === BigInt(span.span_id)).sort(order).map(tree)
  })
  return spans.filter((s) => BigInt(s.parent_id) === 0n || !ids.has(BigInt(s.parent_id))).sort(order).map(tree)
}

/** The environment dd-trace reads: the collector as its agent, and nothing running besides tracing. */
function datadogEnv (port: number): NodeJS.ProcessEnv {
  return {
    DD_TRACE_AGENT_URL: `http://127.0.0.1:${port}`,
    DD_INSTRUMENTATION_TELEMETRY_ENABLED: 'false',
    DD_REMOTE_CONFIGURATION_ENABLED: 'false',
    DD_RUNTIME_METRICS_ENABLED: 'false',
    DD_TRACE_STARTUP_LOGS: 'false'
  }
}

// The tests ---------------------------------------------------------------------------------------

const programs = pagePrograms().filter((p) => p.agent !== 'opentelemetry')
const find = (agent: Program['agent'], framework: Program['framework']): Program | undefined => programs.find((p) => p.agent === agent && p.framework === framework)
const sentrySkip = unsupportedReason(SENTRY_PACKAGES)

describe('docs/apm.md: the Sentry and Datadog set-ups', () => {
  let forms: Forms
  const limit = limiter(2)
  const runs = new Map<string, Promise<unknown>>()

  /** `make`'s result for `key`, made once, at most two at a time. */
  function once<T> (key: string, make: () => Promise<T>): Promise<T> {
    let run = runs.get(key) as Promise<T> | undefined
    if (!run) {
      run = limit(make)
      run.catch(() => {}) // reported by the test that awaits it
      runs.set(key, run)
    }
    return run
  }

  const sentryEnv = (port: number): NodeJS.ProcessEnv => ({ SENTRY_DSN: `http://public@127.0.0.1:${port}/1` })
  // A changed program's files are made in its run, so that a page without what is changed fails that run's test only.
  const sentry = (program: Program, name: FormName, files?: () => Map<string, string>): Promise<SentryRecord> =>
    once(`sentry ${program.line} ${name} ${files ? 'changed' : ''}`, async () => sentryRecord(await collected(program, forms, name, sentryEnv, files?.())))
  const datadog = (program: Program, name: FormName, files?: () => Map<string, string>): Promise<DatadogTree[]> =>
    once(`datadog ${program.line} ${name} ${files ? 'changed' : ''}`, async () => datadogTraces(await collected(program, forms, name, datadogEnv, files?.())))

  const sentryForEditions = find('sentry', 'express')
  const sentryForRistretto = find('sentry', 'ristretto')
  const datadogForEditions = find('datadog', 'express')
  /** Sentry's set-up for ristretto without `enableOpenTelemetrySetup`. */
  const withoutOpenTelemetry = (): Map<string, string> => replaced(sentryForRistretto!, 'app.cjs', ', enableOpenTelemetrySetup: true', '')
  /** Datadog's set-up for the editions with `ristretto` required instead of `express`. */
  const onRistretto = (): Map<string, string> => replaced(datadogForEditions!, 'app.cjs', "require('express')", "require('ristretto')")

  before(() => {
    ensureBuilt()
    forms = prepareApmForms()
    if (!sentrySkip) {
      const sentryModules = path.join(isolatedPackages(SENTRY_PACKAGES).nodeModules, '@sentry')
      for (const form of forms.forms) {
        fs.mkdirSync(path.join(form.dir, 'node_modules'), { recursive: true })
        fs.symlinkSync(sentryModules, path.join(form.dir, 'node_modules', '@sentry'), 'junction')
      }
    }
    // Every run starts now, two at a time; each test awaits those it compares.
    for (const major of [4, 5] as const) {
      for (const name of [`express@${major}`, `edition ${major}`] as const) {
        if (sentryForEditions && !sentrySkip) void sentry(sentryForEditions, name)
        if (datadogForEditions) void datadog(datadogForEditions, name)
      }
    }
    if (datadogForEditions) void datadog(datadogForEditions, 'ristretto', onRistretto)
    if (sentryForRistretto && !sentrySkip) {
      void sentry(sentryForRistretto, 'ristretto')
      void sentry(sentryForRistretto, 'ristretto', withoutOpenTelemetry)
    }
  })

  after(async () => {
    // Runs a failed test did not wait for end first: they write into the forms' folders.
    await Promise.allSettled(runs.values())
    forms?.remove()
  })

  it('has a Sentry set-up for the editions and one for ristretto, and a Datadog one for the editions, each on the routes the test requests', () => {
    assert.equal(programs.length, 3)
    for (const program of [sentryForEditions, sentryForRistretto, datadogForEditions]) {
      assert.ok(program, 'the set-up is on the page')
      assert.equal(program.module, 'commonjs', program.name)
      assert.deepEqual(program.routes, ROUTES, program.name)
    }
  })

  for (const major of [4, 5] as const) {
    it(`runs the Sentry set-up for the editions on edition ${major}: what Sentry records on express@${major}`, { skip: sentrySkip }, async () => {
      const reference = await sentry(sentryForEditions!, `express@${major}`)
      // What the page says of the reference: transactions named by route, a span per layer, and the
      // error event of /boom, captured by Sentry's Express instrumentation.
      assert.deepEqual(reference.responses, [[200, '/users/42'], [500, '/boom']])
      assert.deepEqual(reference.transactions.map((t) => [t.name, t.attributes['sentry.segment.name.source'], t.status]), [['GET /users/:id', 'route', 'ok'], ['GET /boom', 'route', 'error']])
      const layers = major === 4 ? ['query', 'expressInit'] : []
      assert.deepEqual(reference.transactions.map((t) => t.children.map((c) => c.name)), [[...layers, '/users/:id'], [...layers, '/boom']])
      assert.equal(reference.transactions[1]!.children.at(-1)!.status, 'error')
      assert.deepEqual(reference.errors.map((e) => [e.transaction, e.exception]), [['GET /boom', [{ type: 'Error', value: 'boom', mechanism: { type: 'auto.http.express', handled: false } }]]])
      assert.deepEqual(await sentry(sentryForEditions!, `edition ${major}`), reference)
    })
  }

  it('runs the Sentry set-up for ristretto: the transactions, layer types and error of express@4, spans named as OpenTelemetry names them', { skip: sentrySkip }, async () => {
    const reference = await sentry(sentryForEditions!, 'express@4')
    const own = await sentry(sentryForRistretto!, 'ristretto')
    assert.deepEqual(own.responses, reference.responses)
    const transaction = ({ name, status, attributes, children }: SentryTree): unknown => ({
      name,
      status,
      source: attributes['sentry.segment.name.source'],
      op: attributes['sentry.op'],
      route: attributes['http.route'],
      layers: children.map((c) => `${String(c.attributes['express.type'])} ${c.status}`)
    })
    assert.deepEqual(own.transactions.map(transaction), reference.transactions.map(transaction))
    assert.deepEqual(own.transactions.map((t) => t.children.map((c) => c.name)), [
      ['middleware - query', 'middleware - expressInit', 'request handler - /users/:id'],
      ['middleware - query', 'middleware - expressInit', 'request handler - /boom']
    ])
    const error = (e: SentryRecord['errors'][number]): unknown => [e.transaction, e.level, e.request, e.exception?.map(({ type, value, mechanism }) => [type, value, mechanism?.handled])]
    assert.deepEqual(own.errors.map(error), reference.errors.map(error))
    // Captured by Sentry's error handler, where Sentry's Express instrumentation captures it on Express.
    assert.deepEqual(own.errors.map((e) => e.exception?.map((x) => x.mechanism?.type)), [['auto.middleware.express']])
  })

  it('runs the Sentry set-up for ristretto without enableOpenTelemetrySetup: transactions named GET, by URL, with no span under them', { skip: sentrySkip }, async () => {
    const bare = await sentry(sentryForRistretto!, 'ristretto', withoutOpenTelemetry)
    assert.deepEqual(bare.transactions.map((t) => [t.name, t.attributes['sentry.segment.name.source'], t.children.length]), [['GET', 'url', 0], ['GET', 'url', 0]])
  })

  for (const major of [4, 5] as const) {
    it(`runs the Datadog set-up for the editions on edition ${major}: what dd-trace records on express@${major}`, async () => {
      const reference = await datadog(datadogForEditions!, `express@${major}`)
      // What the page says of the reference: one trace per request, express.request named by route,
      // a span per layer under it, the error on the request's span and its layers' for /boom.
      assert.deepEqual(reference.map((t) => [t.name, t.resource, t.tags['http.route'], t.error]), [
        ['express.request', 'GET /users/:id', '/users/:id', 0],
        ['express.request', 'GET /boom', '/boom', 1]
      ])
      const layer = major === 4 ? 'express.middleware' : 'router.middleware'
      const below = (span: DatadogTree): DatadogTree[] => span.children.flatMap((child) => [child, ...below(child)])
      for (const trace of reference) {
        assert.ok(below(trace).length > 0 && below(trace).every((span) => span.name === layer), `${trace.resource}: ${layer} spans`)
        // The handler's span is under its route's (Express 4) or router's (Express 5).
        assert.equal(trace.children.at(-1)?.children.length, 1, `${trace.resource}: the handler's span`)
      }
      // /boom: the error on the request's span, and on the last layer's and the handler's under it.
      const boom = reference[1]!
      const failed = [boom, boom.children.at(-1)!, boom.children.at(-1)!.children[0]!]
      assert.deepEqual([boom, ...below(boom)].filter((span) => span.error === 1), failed)
      for (const span of failed) {
        assert.deepEqual([span.tags['error.type'], span.tags['error.message'], span.tags['error.stack']], ['Error', 'boom', '…'], `${span.name} ${span.resource}`)
      }
      assert.deepEqual(await datadog(datadogForEditions!, `edition ${major}`), reference)
    })
  }

  it('runs the Datadog set-up with ristretto required instead of express: one HTTP span per request, not named by route', async () => {
    const own = await datadog(datadogForEditions!, 'ristretto', onRistretto)
    const reference = await datadog(datadogForEditions!, 'express@4')
    // dd-trace's HTTP server span alone: resource the method, the status of Express's answer, an
    // error flag for the 500 but not the error.
    const shape = (trace: DatadogTree): unknown[] => [trace.name, trace.resource, trace.children.length, trace.error, trace.tags['http.route'], trace.tags['error.message']]
    assert.deepEqual(own.map(shape), [['web.request', 'GET', 0, 0, undefined, undefined], ['web.request', 'GET', 0, 1, undefined, undefined]])
    assert.deepEqual(own.map((t) => t.tags['http.status_code']), reference.map((t) => t.tags['http.status_code']))
  })
})
