import { describe, it } from 'node:test'
import assert from 'node:assert/strict'
import { definePlugin, PluginError, type Plugin } from '../../kernel'

/** Calls definePlugin with a value the types would reject, as plain JavaScript callers can. */
function defineUntyped (value: unknown): Plugin {
  return definePlugin(value as Plugin)
}

describe('definePlugin(plugin)', () => {
  it('returns the plugin itself, unchanged', () => {
    const plugin = { name: 'greet', dependencies: ['response'], apply () {} }
    const out = definePlugin(plugin)
    assert.equal(out, plugin)
    assert.deepEqual(out.dependencies, ['response'])
  })

  it('throws RST_PLUGIN_INVALID without a name', () => {
    assert.throws(() => defineUntyped({ apply () {} }), (err: unknown) => {
      assert.ok(err instanceof PluginError)
      assert.equal(err.code, 'RST_PLUGIN_INVALID')
      assert.match(err.message, /name/)
      return true
    })
  })

  it('throws RST_PLUGIN_INVALID for an empty or non-string name', () => {
    assert.throws(() => defineUntyped({ name: '', apply () {} }), { code: 'RST_PLUGIN_INVALID' })
    assert.throws(() => defineUntyped({ name: 42, apply () {} }), { code: 'RST_PLUGIN_INVALID' })
  })

  it('throws RST_PLUGIN_INVALID naming the plugin when apply is not a function', () => {
    assert.throws(() => defineUntyped({ name: 'broken' }), (err: unknown) => {
      assert.ok(err instanceof PluginError)
      assert.equal(err.code, 'RST_PLUGIN_INVALID')
      assert.match(err.message, /"broken"/)
      assert.match(err.message, /apply/)
      return true
    })
    assert.throws(() => defineUntyped({ name: 'broken', apply: 'yes' }), { code: 'RST_PLUGIN_INVALID' })
  })

  it('throws RST_PLUGIN_INVALID for null and non-objects', () => {
    assert.throws(() => defineUntyped(null), { code: 'RST_PLUGIN_INVALID' })
    assert.throws(() => defineUntyped(undefined), { code: 'RST_PLUGIN_INVALID' })
    assert.throws(() => defineUntyped('plugin'), { code: 'RST_PLUGIN_INVALID' })
  })
})
