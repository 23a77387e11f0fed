// bench/instructions.ts reads callgrind's total from its report and takes a request's cost from two runs' difference.
import { test } from 'node:test'
import assert from 'node:assert/strict'
import { collectedInstructions, perRequest } from '../../bench/lib/instructions'

test('the total is read from callgrind\'s report, whatever surrounds it', () => {
  const report = '==4242== Callgrind, a call-graph generating cache profiler\n==4242== \n==4242== Events    : Ir\n==4242== Collected : 2413390771\n==4242== \n==4242== I   refs:      2,413,390,771\n'
  assert.equal(collectedInstructions(report), 2413390771)
})

test('a report without a total is an error that shows the report', () => {
  assert.throws(() => collectedInstructions('node: bad option: --single-threadd\n'), /no instruction count[\s\S]*bad option/)
})

test('a request costs the difference of the runs over the difference of their requests', () => {
  assert.equal(perRequest(1_000_000, 1_600_000, 4000, 12000), 75)
  assert.throws(() => perRequest(1, 2, 4000, 4000), /more requests/)
})
