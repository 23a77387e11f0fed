import { describe, it } from 'node:test'
import assert from 'node:assert/strict'
import modern from '../../presets/modern'
import framework from '../../presets/default'

describe('presets/modern', () => {
  it('is the default preset\'s plugins, in order, plus async handlers, inject, route listing, hardened and opentelemetry', () => {
    const names = framework.plugins.map((p) => p.name)
    assert.deepEqual(modern.plugins.map((p) => p.name), [...names, 'async-handlers', 'inject', 'route-list', 'hardened', 'opentelemetry'])
    for (const name of ['async-handlers', 'inject', 'route-list', 'hardened', 'opentelemetry']) assert.equal(names.includes(name), false)
  })

  it('has the default preset\'s statics', () => {
    for (const key of ['json', 'raw', 'text', 'urlencoded', 'static', 'query', 'Router', 'Route']) {
      assert.equal(typeof (modern as unknown as Record<string, unknown>)[key], 'function', key)
    }
  })

  it('adds app.inject and app.routes, which default apps do not have', () => {
    const app = modern()
    assert.equal(typeof app.inject, 'function')
    assert.equal(typeof app.routes, 'function')
    const plain = framework() as unknown as Record<string, unknown>
    assert.equal(plain.inject, undefined)
    assert.equal(plain.routes, undefined)
  })

  it('is a separate framework: extending its response leaves the default preset alone', () => {
    const modernResponse = modern.response as unknown as Record<string, unknown>
    modernResponse.modernOnly = true
    try {
      assert.equal((framework.response as unknown as Record<string, unknown>).modernOnly, undefined)
    } finally {
      delete modernResponse.modernOnly
    }
  })
})
