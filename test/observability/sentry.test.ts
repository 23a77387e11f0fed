// @sentry/node 11 on the fixture app: what Sentry records for each edition installed under
// Express's name is what it records for the real Express of that line: transactions (segment
// spans) with their name, name source, status and HTTP attributes; the Express spans under each
// (op, description, status, express.* and http.route attributes, parent structure); the error
// events with their exception, mechanism and the transaction and span they were captured in.
// Sentry 11 instruments Express by rewriting `lib/router/layer.js` and `lib/router/index.js`
// (express 4) or router 2's `lib/layer.js` and `index.js` (express 5) as node loads them: one
// node process per form, Sentry.init before the framework is required, an in-process transport.
import { test, before, after } from 'node:test'
import assert from 'node:assert/strict'
import { spawn } from 'node:child_process'
import { prepareForms, APP_FIXTURE, type Forms, type FormName } from './forms'
import { isolatedPackages, unsupportedReason } from '../../bench/lib/isolated-packages'
import { SENTRY_PACKAGES } from './sentry-packages-path'
import type { SentrySpan } from './agent-payloads'

/**
 * The runner: Sentry.init (every span sampled, envelopes kept in memory), the framework loaded
 * from argv[2], the fixture app with Sentry's error handler, the 8 requests, a flush, and the
 * recorded spans and events printed as JSON, with ids replaced by the order they were first seen.
 */
const runner = (sentry: string): string => `'use strict'
const Sentry = require(${JSON.stringify(sentry)})
const envelopes = []
Sentry.init({
  dsn: 'https://public@o0.ingest.sentry.io/0',
  tracesSampleRate: 1,
  transport: () => ({
    send (envelope) { envelopes.push(envelope); return Promise.resolve({ statusCode: 200 }) },
    flush () { return Promise.resolve(true) }
  })
})
const framework = require(process.argv[2])
const { createApp, drive } = require(${JSON.stringify(APP_FIXTURE)})
const app = createApp(framework, { beforeErrorHandler (app) { Sentry.setupExpressErrorHandler(app) } })
drive(app).then(async (lines) => {
  await Sentry.flush(5000)
  const spans = []
  const events = []
  for (const [, items] of envelopes) {
    for (const [header, payload] of items) {
      if (header.type === 'span') spans.push(...payload.items)
      else if (header.type === 'transaction' || header.type === 'event') events.push({ type: header.type, payload })
    }
  }
  process.stdout.write(JSON.stringify({ lines, spans, events }))
})
`

/** Attributes that describe the request and its handling (the host's, process's and SDK's are left out). */
const KEPT_ATTRIBUTE = /^(sentry\.(op|origin|status\.message|segment\.name|segment\.name\.source|kind)$|http\.|url\.|express\.)/
/** Request headers whose values are the test's own (the port, Sentry's trace propagation). */
const UNKEPT_HEADER = /header\.(host|sentry-trace|baggage)$/

interface SentryEvent {
  type: string
  payload: {
    transaction?: string
    level?: string
    exception?: { values: Array<{ type: string, value: string, mechanism?: unknown }> }
    contexts?: { trace?: { span_id?: string, parent_span_id?: string } }
    request?: { method?: string, url?: string }
    spans?: unknown[]
  }
}

interface Recorded { lines: string[], spans: SentrySpan[], events: SentryEvent[] }

/** Loopback ports and hex ids in a string, masked. */
function maskText (text: string): string {
  return text.replace(/127\.0\.0\.1:\d+/g, '127.0.0.1:PORT').replace(/\b[0-9a-f]{32}\b/g, 'TRACE').replace(/\b[0-9a-f]{16}\b/g, 'SPAN')
}

function maskValue (key: string, value: unknown): unknown {
  if (/port$/.test(key)) return 'PORT'
  if (typeof value === 'string') return maskText(value)
  if (Array.isArray(value)) return value.map((v) => maskValue(key, v))
  return value
}

/** A span's kept attributes, masked, sorted by name. */
function attributesOf (span: SentrySpan): Record<string, unknown> {
  return Object.fromEntries(Object.entries(span.attributes ?? {})
    .filter(([key]) => KEPT_ATTRIBUTE.test(key) && !UNKEPT_HEADER.test(key))
    .sort(([a], [b]) => a < b ? -1 : 1)
    .map(([key, { value }]) => [key, maskValue(key, value)]))
}

interface SpanTree { name: string, status: string, attributes: Record<string, unknown>, children: SpanTree[] }

/**
 * What Sentry recorded, masked: each transaction (segment span, in the order they started) with
 * its spans as a tree (children in the order they started), and each error event with the path
 * of names from its transaction to the span it was captured in, in the order of the requests.
 */
function summarize (recorded: Recorded): unknown {
  const byId = new Map(recorded.spans.map((span) => [span.span_id, span]))
  const byStart = (a: SentrySpan, b: SentrySpan): number => a.start_timestamp - b.start_timestamp
  const children = (id: string): SentrySpan[] => recorded.spans.filter((s) => s.parent_span_id === id).sort(byStart)
  const tree = (span: SentrySpan): SpanTree => ({
    name: span.name,
    status: span.status,
    attributes: attributesOf(span),
    children: children(span.span_id).map(tree)
  })
  const pathOf = (id: string | undefined): string[] => {
    const names: string[] = []
    for (let span = id === undefined ? undefined : byId.get(id); span; span = span.parent_span_id ? byId.get(span.parent_span_id) : undefined) names.unshift(span.name)
    return names
  }
  const startOf = (event: SentryEvent): number => {
    const id = event.payload.contexts?.trace?.span_id
    return (id === undefined ? undefined : byId.get(id)?.start_timestamp) ?? Infinity
  }
  const segments = recorded.spans.filter((span) => span.is_segment).sort(byStart)
  return {
    lines: recorded.lines,
    spanCount: recorded.spans.length,
    transactions: segments.map(tree),
    // Envelopes go out as each is ready, so events are put in the order of the requests: by when
    // the span they were captured in started.
    events: [...recorded.events].sort((a, b) => startOf(a) - startOf(b)).map(({ type, payload }) => ({
      type,
      level: payload.level,
      transaction: payload.transaction,
      request: payload.request && { method: payload.request.method, url: maskText(payload.request.url ?? '') },
      exception: payload.exception?.values.map((v) => ({ type: v.type, value: v.value, mechanism: v.mechanism })),
      capturedIn: pathOf(payload.contexts?.trace?.span_id),
      spans: payload.spans?.length
    }))
  }
}

/** Runs the runner for one form in its folder: the recorded output. */
function record (forms: Forms, name: FormName): Promise<Recorded> {
  const form = forms.get(name)
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['sentry-runner.cjs', form.module], { cwd: form.dir, timeout: 60_000 })
    let stdout = ''
    let stderr = ''
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => { stdout += chunk })
    child.stderr.setEncoding('utf8').on('data', (chunk: string) => { stderr += chunk })
    child.on('error', reject)
    child.on('close', (status) => {
      if (status !== 0) reject(new Error(`${name}: exited with ${String(status)}\n${stderr}`))
      else resolve(JSON.parse(stdout) as Recorded)
    })
  })
}

let forms: Forms
const recorded = new Map<FormName, Promise<unknown>>()

const skip = unsupportedReason(SENTRY_PACKAGES)

before(() => {
  if (skip) return
  forms = prepareForms()
  forms.write('sentry-runner.cjs', runner(isolatedPackages(SENTRY_PACKAGES).resolve('@sentry/node')))
  // Two processes at a time: the forms of one line, compared with each other.
  for (const pair of [['express@4', 'edition 4'], ['express@5', 'edition 5']] as const) {
    const [reference, edition] = pair
    const first = record(forms, reference).then(summarize)
    recorded.set(reference, first)
    recorded.set(edition, first.then(() => record(forms, edition)).then(summarize))
  }
  // A rejection is reported by the test that awaits it.
  for (const result of recorded.values()) result.catch(() => {})
})
after(() => forms?.remove())

for (const [edition, reference] of [['edition 4', 'express@4'], ['edition 5', 'express@5']] as const) {
  test(`Sentry records the same for the ${edition} installed as express as for ${reference}`, { skip }, async (t) => {
    const expected = await recorded.get(reference)! as { transactions: SpanTree[], spanCount: number, events: unknown[] }
    t.diagnostic(`${reference}: ${expected.transactions.length} transactions, ${expected.spanCount} spans, ${expected.events.length} events`)
    // The reference itself is what the comparison is worth: every request a transaction named
    // by its route, Express's spans under them.
    assert.equal(expected.transactions.length, 8)
    assert.ok(expected.spanCount > 8 * 3, `${reference}: ${expected.spanCount} spans`)
    assert.deepEqual(await recorded.get(edition), expected)
  })
}
