// The opentelemetry plugin against instrumentation-express: the fixture app on Ristretto under its
// own name (the default preset with the plugin added, the modern preset that has it, the express5
// preset with it), traced by instrumentation-http and the plugin, records what the real Express of
// its line records under instrumentation-http and instrumentation-express: the same spans, names,
// kinds, parents, attributes, statuses and exception events (ids, times and ports masked); spans a
// handler starts, at once or later, are children of its layer's span in both.
import { after, before, describe, it } from 'node:test'
import assert from 'node:assert/strict'
import path from 'node:path'
import { ROOT } from '../../support/built-package'
import { prepareForms, type Form, type Forms } from '../../observability/forms'
import { comparable, FIXTURES, runForm, type RawSpan } from './support'

interface Recorded { lines: string[], spans: RawSpan[] }

describe('opentelemetry plugin: the spans instrumentation-express records for Express', () => {
  let forms: Forms
  const recorded = new Map<string, Recorded>()
  /** What a form records (each form run once). */
  const record = (key: string, form: Form, mode: string): Recorded => {
    let found = recorded.get(key)
    if (found === undefined) {
      found = runForm<Recorded>('otel-runner.cjs', form, mode)
      recorded.set(key, found)
    }
    return found
  }
  const express4 = (): Recorded => record('express@4', forms.get('express@4'), 'express')
  const express5 = (): Recorded => record('express@5', forms.get('express@5'), 'express')

  before(() => { forms = prepareForms() })
  after(() => { forms.remove() })

  it('express@4 and express@5 record layer spans under instrumentation-express (the reference is not empty)', () => {
    for (const reference of [express4(), express5()]) {
      const layers = reference.spans.filter((span) => span.scope === '@opentelemetry/instrumentation-express')
      assert.ok(layers.length >= 19, `${layers.length} layer spans`)
      assert.ok(layers.some((span) => span.name === 'router - /:teamId'))
    }
  })

  it('ristretto (default preset, the plugin added in one line) records express@4\'s spans', () => {
    const ours = record('ristretto', forms.get('ristretto'), 'plugin')
    const reference = express4()
    assert.deepEqual(ours.lines, reference.lines)
    assert.equal(ours.spans.length, reference.spans.length)
    assert.deepEqual(comparable(ours.spans), comparable(reference.spans))
    assert.ok(ours.spans.some((span) => span.scope === 'ristretto'), 'the layer spans are the plugin\'s')
  })

  it('ristretto/presets/modern (which has the plugin) records express@4\'s spans', () => {
    const modern: Form = { ...forms.get('ristretto'), name: 'ristretto', module: path.join(ROOT, 'dist', 'presets', 'modern.js') }
    const ours = record('modern', modern, 'preset')
    assert.deepEqual(ours.lines, express4().lines)
    assert.deepEqual(comparable(ours.spans), comparable(express4().spans))
  })

  it('ristretto/presets/express5 as it is, with traceRequests(), records express@5\'s spans', () => {
    const ours = record('ristretto/presets/express5', forms.get('ristretto/presets/express5'), 'trace')
    const reference = express5()
    assert.deepEqual(ours.lines, reference.lines)
    assert.equal(ours.spans.length, reference.spans.length)
    assert.deepEqual(comparable(ours.spans), comparable(reference.spans))
  })

  it('on `/`: middleware added without a path (Express\'s own first layers, a router\'s `use(fn)`) as express@4 records it', () => {
    const fixture = path.join(FIXTURES, 'root-app.cjs')
    const ours = runForm<Recorded>('otel-runner.cjs', forms.get('ristretto'), 'plugin', fixture)
    const reference = runForm<Recorded>('otel-runner.cjs', forms.get('express@4'), 'express', fixture)
    assert.deepEqual(ours.lines, ['GET / -> 200', 'GET /nested/1 -> 200'])
    assert.deepEqual(comparable(ours.spans), comparable(reference.spans))
  })

  it('sets the route on the HTTP server span: named by method and route, `http.route` set', () => {
    const servers = record('ristretto', forms.get('ristretto'), 'plugin').spans.filter((span) => span.kind === 1).sort((a, b) => a.start - b.start)
    assert.deepEqual(servers.map((span) => [span.name, span.attributes['http.route']]), [
      ['GET /users/:id', '/users/:id'], ['GET /items', '/items'], ['POST /items', '/items'], ['GET /orgs/:orgId', '/orgs/:orgId'],
      ['GET /orgs/:orgId/teams/:teamId', '/orgs/:orgId/teams/:teamId'], ['GET /boom', '/boom'], ['GET /later', '/later'], ['GET', undefined],
      ['GET /nested/:id', '/nested/:id']
    ])
  })

  it('without the plugin, ristretto records bare HTTP spans: no layer spans, no route', () => {
    const bare = record('ristretto bare', forms.get('ristretto'), 'preset')
    assert.deepEqual(bare.spans.filter((span) => span.scope !== '@opentelemetry/instrumentation-http' && span.scope !== 'app'), [])
    assert.ok(bare.spans.filter((span) => span.kind === 1).every((span) => span.attributes['http.route'] === undefined))
  })
})
