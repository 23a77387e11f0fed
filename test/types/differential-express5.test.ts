// Type-level differential: the corpus in test/types/differential/corpus/express5/ compiled against
// @types/express 5 and against ristretto/presets/express5's built declarations must give the same
// verdicts and inferred types.
import { describe, it, before } from 'node:test'
import assert from 'node:assert/strict'
import { buildDist, runDifferential, formatReport, express5Suite, express5MixedSuite, type Report } from './differential/run'

/** The differences there are, each with its reason; nothing else may differ. */
const known: Record<string, { cause: string; reason: string }> = {
  'app/app-internal-router-removed': { cause: 'rejects valid code', reason: 'Express 5 apps have no app._router (app.router is the base router)' },
  'routing/iroute-type': { cause: 'accepts invalid code', reason: "a route of a path without parameters ('/y') takes the handlers IRoute<string> takes; @types/express compares the path types themselves" }
}

describe('types: differential of ristretto/presets/express5 against @types/express 5', () => {
  let report: Report
  before(() => {
    buildDist()
    report = runDifferential([], express5Suite)
  })
  it('the corpus holds against the reference types', () => {
    assert.ok(report.results.length >= 100, `${report.results.length} snippets`)
    const bad = report.results.filter((r) => r.invalid.length)
    assert.equal(bad.length, 0, bad.map((r) => `${r.snippet.id}: ${r.invalid.join('; ')}`).join('\n'))
  })
  it('every snippet gives the same verdict against ristretto, but for the known differences', () => {
    const differing = report.results.filter((r) => r.causes.length).map((r) => r.snippet.id).sort()
    assert.deepEqual(differing, Object.keys(known).sort(), formatReport(report))
  })
  it('each known difference is the one described', () => {
    for (const [id, { cause }] of Object.entries(known)) {
      const result = report.results.find((r) => r.snippet.id === id)
      assert.ok(result, `${id} is in the corpus`)
      assert.deepEqual(result.causes, [cause], id)
    }
  })
})

/**
 * ristretto/presets/express5 beside @types/express 5 and its express-serve-static-core 5
 * (declarations checked): what that module declares and Express 5 does not have, ristretto does not claim.
 */
const accepted = 'core.Request requires req.accepted (MediaType[]), undefined in Express 5'
const knownMixed: Record<string, { cause: string; reason: string }> = {
  'interop/app-as-core-express': { cause: 'rejects valid code', reason: 'core.Express requires resource, map, routes (Express 3 members, undefined) and _router (undefined on an Express 5 app), and request: core.Request (' + accepted + ')' },
  'interop/app-as-irouter': { cause: 'rejects valid code', reason: `IRouter's param callbacks take core.Request: ${accepted}` },
  'interop/router-as-irouter': { cause: 'rejects valid code', reason: `IRouter's param callbacks take core.Request: ${accepted}` },
  'interop/request-to-core-helper': { cause: 'rejects valid code', reason: accepted }
}

describe('types: ristretto/presets/express5 beside @types/express 5 and express-serve-static-core 5 (skipLibCheck off)', () => {
  let report: Report
  before(() => {
    buildDist()
    report = runDifferential([], express5MixedSuite)
  })
  it('the corpus holds against the reference types', () => {
    assert.ok(report.results.length >= 10, `${report.results.length} snippets`)
    const bad = report.results.filter((r) => r.invalid.length)
    assert.equal(bad.length, 0, bad.map((r) => `${r.snippet.id}: ${r.invalid.join('; ')}`).join('\n'))
  })
  it('every snippet gives the same verdict against ristretto, but for the known differences', () => {
    const differing = report.results.filter((r) => r.causes.length).map((r) => r.snippet.id).sort()
    assert.deepEqual(differing, Object.keys(knownMixed).sort(), formatReport(report))
  })
  it('each known difference is the one described', () => {
    for (const [id, { cause }] of Object.entries(knownMixed)) {
      const result = report.results.find((r) => r.snippet.id === id)
      assert.ok(result, `${id} is in the corpus`)
      assert.deepEqual(result.causes, [cause], id)
    }
  })
})
