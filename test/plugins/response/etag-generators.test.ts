import { describe, it } from 'node:test'
import assert from 'node:assert/strict'
import fc from 'fast-check'
import etag from 'etag'
import { compileETag } from '../../../plugins/response/etag-setting'

// The built-in generators hash without the etag package (one-shot crypto.hash): they must agree with it byte for byte.
describe('compileETag(value) built-in generators', () => {
  const weak = compileETag('weak')!
  const strong = compileETag('strong')!

  it('tag strings as etag does, weak and strong', () => {
    fc.assert(fc.property(fc.string({ unit: 'binary', maxLength: 300 }), (body) => {
      assert.equal(weak(body, 'utf8'), etag(body, { weak: true }))
      assert.equal(strong(body, 'utf8'), etag(body))
      assert.equal(weak(body), etag(body, { weak: true }))
    }), { numRuns: 300 })
  })

  it('tag Buffers as etag does', () => {
    fc.assert(fc.property(fc.uint8Array({ maxLength: 3000 }), (bytes) => {
      const body = Buffer.from(bytes)
      assert.equal(weak(body), etag(body, { weak: true }))
      assert.equal(strong(body), etag(body))
    }), { numRuns: 200 })
  })

  it('tag the empty body as etag does', () => {
    assert.equal(weak(''), etag('', { weak: true }))
    assert.equal(strong(Buffer.alloc(0)), etag(Buffer.alloc(0)))
  })

  it('hash a string in the encoding given', () => {
    const body = 'caf\u00e9 \u2603'
    assert.equal(weak(body, 'latin1'), etag(Buffer.from(body, 'latin1'), { weak: true }))
    assert.equal(strong(body, 'utf16le'), etag(Buffer.from(body, 'utf16le')))
  })
})
