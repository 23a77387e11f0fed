// Type-level differential: the corpus in test/types/differential/ compiled against @types/express and
// against ristretto's built declarations must give the same verdicts and inferred types.
import { describe, it, before } from 'node:test'
import assert from 'node:assert/strict'
import { buildDist, runDifferential, formatReport, type Report } from './differential/run'

/**
 * Where `@types/express` types a member Express 4 does not have, ristretto rejects the code that
 * would fail at run time. Each entry is a snippet id and the reason; nothing else may differ.
 */
const notExpress4: Record<string, string> = {
  'app/app-router-string': 'app.router throws in Express 4 (it was removed in 4.0)',
  'request/req-accepted': 'req.accepted is undefined in Express 4 (an Express 3 member)'
}

describe('types: differential against @types/express, @types/morgan, @types/body-parser', () => {
  let report: Report
  before(() => {
    buildDist()
    report = runDifferential()
  })
  it('the corpus holds against the reference types', () => {
    const bad = report.results.filter((r) => r.invalid.length)
    assert.equal(bad.length, 0, bad.map((r) => `${r.snippet.id}: ${r.invalid.join('; ')}`).join('\n'))
  })
  it('every snippet gives the same verdict against ristretto, but for members Express 4 lacks', () => {
    const differing = report.results.filter((r) => r.causes.length).map((r) => r.snippet.id).sort()
    assert.deepEqual(differing, Object.keys(notExpress4).sort(), formatReport(report))
  })
  it('those members are rejected, and only them', () => {
    for (const id of Object.keys(notExpress4)) {
      const result = report.results.find((r) => r.snippet.id === id)
      assert.ok(result, `${id} is in the corpus`)
      assert.deepEqual(result.causes, ['rejects valid code'], id)
      assert.deepEqual(result.ristretto.diags.map((d) => d.code), [2551], id)
    }
  })
})
