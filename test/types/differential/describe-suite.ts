// The assertions every type-differential suite makes: the corpus holds against the reference
// types, and ristretto differs from them only where a known difference says so, as it says.
import { describe, it, before } from 'node:test'
import assert from 'node:assert/strict'
import { buildDist, runDifferential, formatReport, type Report, type Suite } from './run'

/** A difference there is, with its reason: `cause` as the report words it. */
export type KnownDifferences = Record<string, { cause: string; reason: string }>

/** Compiles `suite`'s corpus on both sides (building dist/ first) and checks it; `minSnippets`: how many it holds at least. */
export function describeSuite (title: string, suite: Suite, known: KnownDifferences, minSnippets: number): void {
  describe(title, () => {
    let report: Report
    before(() => {
      buildDist()
      report = runDifferential([], suite)
    })
    it('the corpus holds against the reference types', () => {
      assert.ok(report.results.length >= minSnippets, `${report.results.length} snippets`)
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
}
