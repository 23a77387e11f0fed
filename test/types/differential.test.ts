// Type-level differential: the corpus in test/types/differential/ compiled against @types/express and
// against ristretto's built declarations must give the same verdicts and inferred types.
import { describe, it, before } from 'node:test'
import assert from 'node:assert/strict'
import { buildDist, runDifferential, formatReport, type Report } from './differential/run'

/**
 * The differences there are, each with its reason; nothing else may differ. Where
 * `@types/express` types a member Express 4 does not have, ristretto rejects the code that would
 * fail at run time. Handlers whose types disagree with the route's are taken as foreign
 * middleware: what `cors()` and the like return, typed against `@types/express`'s own request.
 */
const known: Record<string, { cause: string; reason: string }> = {
  'app/app-router-string': { cause: 'rejects valid code', reason: 'app.router throws in Express 4 (it was removed in 4.0)' },
  'request/req-accepted': { cause: 'rejects valid code', reason: 'req.accepted is undefined in Express 4 (an Express 3 member)' },
  'routing/handlers-disagree-on-response-body': { cause: 'accepts invalid code', reason: 'a handler typed for another request is accepted as foreign middleware' }
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
