import { describe, it } from 'node:test'
import assert from 'node:assert/strict'
import { memoizeString } from '../../../plugins/response/string-memo'

describe('memoizeString(fn)', () => {
  it('calls fn once per distinct input and returns its result', () => {
    let calls = 0
    const upper = memoizeString((s) => { calls++; return s.toUpperCase() })
    assert.equal(upper('text/html'), 'TEXT/HTML')
    assert.equal(upper('text/html'), 'TEXT/HTML')
    assert.equal(calls, 1)
  })

  it('does not remember throws', () => {
    let calls = 0
    const strict = memoizeString((s) => { calls++; if (s === 'bad') throw new TypeError('bad'); return s })
    assert.throws(() => strict('bad'), TypeError)
    assert.throws(() => strict('bad'), TypeError)
    assert.equal(calls, 2)
  })

  it('stays bounded under many distinct inputs, still answering correctly', () => {
    const calls: string[] = []
    const echo = memoizeString((s) => { calls.push(s); return s + '!' })
    for (let i = 0; i < 10000; i++) assert.equal(echo('v' + i), 'v' + i + '!')
    assert.equal(echo('v9999'), 'v9999!')
    assert.equal(calls.length, 10000, 'the latest input is still remembered')
    assert.equal(echo('v0'), 'v0!')
    assert.equal(calls.length, 10001, 'early inputs were dropped')
  })
})
