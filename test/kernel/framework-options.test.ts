import { describe, it } from 'node:test'
import assert from 'node:assert/strict'
import { createFramework, ErrorCode, type FrameworkOptions } from '../../kernel'
import defaultPreset from '../../presets/default'
import minimal from '../../presets/minimal'

// createFramework checks its options as the plugin factories check theirs: a misspelt key or a
// value of the wrong type fails at once, naming the key, instead of building a framework that
// fails on its first request.

const refused = (message: RegExp) => ({ name: 'PluginError', code: ErrorCode.PLUGIN_OPTIONS, message })

describe('createFramework options', () => {
  it('names the option meant for a misspelt key', () => {
    assert.throws(() => createFramework({ plugin: defaultPreset.plugins } as unknown as FrameworkOptions), refused(/^createFramework has no option `plugin`: did you mean `plugins`\?$/))
    assert.throws(() => createFramework({ app: { inti: 'handle' } } as unknown as FrameworkOptions), refused(/^createFramework option `app` has no option `inti`: did you mean `init`\?$/))
  })

  it('lists the options for a key that is close to none', () => {
    assert.throws(() => createFramework({ somethingElse: 1 } as unknown as FrameworkOptions), refused(/its options are `plugins`, `app`$/))
  })

  it('refuses values of the wrong type', () => {
    assert.throws(() => createFramework('plugins' as unknown as FrameworkOptions), refused(/takes an options object, got string/))
    assert.throws(() => createFramework({ plugins: defaultPreset.plugins[0] } as unknown as FrameworkOptions), refused(/`plugins` must be an array/))
    assert.throws(() => createFramework({ app: { init: 'router' } } as unknown as FrameworkOptions), refused(/`app.init` must be 'layer' or 'handle'/))
    assert.throws(() => createFramework({ app: { routes: 'layer' } } as unknown as FrameworkOptions), refused(/`app.routes` must be 'router' or 'app'/))
    assert.throws(() => createFramework({ app: { logError: true } } as unknown as FrameworkOptions), refused(/`app.logError` must be a function/))
  })

  it('takes what it documents', () => {
    const framework = createFramework({ plugins: [...minimal.plugins], app: { init: 'handle', routes: 'app', logError: () => {} } })
    assert.equal(typeof framework(), 'function')
    assert.equal(typeof createFramework(), 'function')
    assert.equal(typeof createFramework({}), 'function')
  })

  it('a preset in a plugin list gets a hint that fits: list its plugins', () => {
    assert.throws(() => createFramework({ plugins: [defaultPreset as never] }), {
      code: ErrorCode.PLUGIN_INVALID,
      message: 'plugins[0] is a framework (a preset), not a plugin: list its plugins instead, `...preset.plugins`'
    })
  })
})
