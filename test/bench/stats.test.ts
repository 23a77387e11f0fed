// The benchmark's ratio helper: each round's pair compared, the median of those ratios reported.
import { test } from 'node:test'
import assert from 'node:assert/strict'
import { pairedRatio, roundRatios, median, quantile } from '../../bench/lib/stats'

test('pairedRatio is the median of the per-round ratios, not the ratio of the medians', () => {
  // Round 1 ran while the machine was slow for both apps.
  const app = new Map([[0, 90], [1, 45], [2, 92]])
  const node = new Map([[0, 100], [1, 50], [2, 100]])
  assert.equal(pairedRatio(app, node), 0.9)
  assert.equal(median([...app.values()]) / median([...node.values()]), 0.9)
  // A slow phase hitting one side in one round moves the ratio of medians (0.81), not the paired median.
  const appSkewed = new Map([[0, 90], [1, 81], [2, 63]])
  const nodeSkewed = new Map([[0, 100], [1, 90], [2, 100]])
  assert.ok(Math.abs(pairedRatio(appSkewed, nodeSkewed) - 0.9) < 1e-9)
  assert.ok(Math.abs(median([...appSkewed.values()]) / median([...nodeSkewed.values()]) - 0.81) < 1e-9)
})

test('pairedRatio uses only rounds both sides ran, and skips a zero denominator', () => {
  const top = new Map([[0, 10], [1, 20], [3, 30]])
  const bottom = new Map([[0, 10], [1, 0], [2, 5], [3, 15]])
  // Round 1 has a zero denominator and round 2 has no numerator: the ratios are 1 and 2.
  assert.equal(pairedRatio(top, bottom), 1.5)
  assert.ok(Number.isNaN(pairedRatio(new Map([[0, 1]]), new Map([[1, 1]]))))
})

test('roundRatios lists each shared round\'s ratio in round order, the spread behind pairedRatio', () => {
  const top = new Map([[0, 30], [1, 20], [2, 9], [3, 5]])
  const bottom = new Map([[0, 10], [1, 0], [2, 10], [4, 5]])
  assert.deepEqual(roundRatios(top, bottom), [3, 0.9])
  assert.equal(pairedRatio(top, bottom), median(roundRatios(top, bottom)))
})

test('quantile interpolates between the two nearest values, skipping non-finite ones', () => {
  assert.equal(quantile([4, 1, 3, 2], 0.5), 2.5)
  assert.equal(quantile([1, 2, 3, 4, 5], 0.25), 2)
  assert.equal(quantile([1, 2, 3, 4], 0.25), 1.75)
  assert.equal(quantile([1, 2, 3, 4], 0), 1)
  assert.equal(quantile([1, 2, 3, 4], 1), 4)
  assert.equal(quantile([7, NaN, Infinity], 0.75), 7)
  assert.ok(Number.isNaN(quantile([], 0.5)))
})
