// The ETag the benchmark's fastify-express-headers app sends is the one Express 4 would.
import { test } from 'node:test'
import assert from 'node:assert/strict'
import etag from 'etag'
import { expressETag, rememberedETag } from '../../bench/lib/express-etag'

test('expressETag is etag(body, { weak: true }) for ASCII, multi-byte, empty and long bodies', () => {
  const bodies = ['', 'Hello World!', '{"hello":"world"}', 'caf\u00e9 \u2603 \ud83d\ude00', 'x'.repeat(5000), JSON.stringify({ id: '42', list: [1, 2, 3] })]
  for (const body of bodies) assert.equal(expressETag(body), etag(body, { weak: true }), JSON.stringify(body.slice(0, 20)))
})

test('expressETag differs for bodies that differ in one byte', () => {
  assert.notEqual(expressETag('{"id":"42"}'), expressETag('{"id":"43"}'))
})

test('rememberedETag gives expressETag\'s tag on first and repeated calls, short and long bodies', () => {
  const tag = rememberedETag()
  for (const body of ['{"hello":"world"}', 'caf\u00e9', 'y'.repeat(1024), 'y'.repeat(1025)]) {
    assert.equal(tag(body), expressETag(body))
    assert.equal(tag(body), expressETag(body), 'repeated')
  }
})

test('rememberedETag stays right past its 512 remembered tags', () => {
  const tag = rememberedETag()
  for (let i = 0; i < 600; i++) assert.equal(tag(`{"id":${i}}`), expressETag(`{"id":${i}}`))
  assert.equal(tag('{"id":3}'), expressETag('{"id":3}'))
})
