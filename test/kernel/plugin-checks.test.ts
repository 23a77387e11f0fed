import { describe, it } from 'node:test'
import assert from 'node:assert/strict'
import { createFramework, definePlugin, ErrorCode, PluginError, type Plugin, type PluginOption } from '../../kernel'

/** A plugin factory, as plugins export them. */
function greetPlugin (): Plugin {
  return definePlugin({ name: 'greet', apply () {} })
}

/** createFramework with a list the types would reject, as plain JavaScript callers can write it. */
function createUntyped (plugins: unknown[]) {
  return createFramework({ plugins: plugins as PluginOption[] })
}

/** The PluginError `fn` throws, after checking its code. */
function thrown (fn: () => unknown, code: string): PluginError {
  let caught: unknown
  assert.throws(fn, (err: unknown) => { caught = err; return true })
  assert.ok(caught instanceof PluginError, `a PluginError, got ${String(caught)}`)
  assert.equal(caught.code, code)
  return caught
}

describe('plugin lists refuse what is not a plugin (RST_PLUGIN_INVALID)', () => {
  it('a plugin factory passed without calling it: names it, its index, and asks', () => {
    const err = thrown(() => createUntyped([greetPlugin(), greetPlugin]), ErrorCode.PLUGIN_INVALID)
    assert.match(err.message, /greetPlugin/)
    assert.match(err.message, /plugins\[1\]/)
    assert.match(err.message, /function/)
    assert.match(err.message, /did you mean to call it\?/)
  })

  it('an anonymous function is refused too, said to be anonymous', () => {
    const err = thrown(() => createUntyped([[() => greetPlugin()]]), ErrorCode.PLUGIN_INVALID)
    assert.match(err.message, /plugins\[0\]\[0\]/, 'the index inside a nested list')
    assert.match(err.message, /anonymous/)
    assert.match(err.message, /did you mean to call it\?/)
  })

  it('a function is refused even with an apply of its own, and so by definePlugin', () => {
    const fn = Object.assign(function route () {}, { apply () {} })
    thrown(() => createUntyped([fn]), ErrorCode.PLUGIN_INVALID)
    const err = thrown(() => definePlugin(greetPlugin as unknown as Plugin), ErrorCode.PLUGIN_INVALID)
    assert.match(err.message, /greetPlugin.*did you mean to call it\?/)
  })

  it('a string, a number, true, a symbol: each named by type and value, with its index', () => {
    for (const [value, words] of [
      ['route-list', /plugins\[2\] is the string "route-list", not a plugin/],
      [42, /plugins\[2\] is the number 42, not a plugin/],
      [true, /plugins\[2\] is the boolean true, not a plugin/],
      [Symbol('x'), /plugins\[2\] is the symbol Symbol\(x\), not a plugin/]
    ] as const) {
      const err = thrown(() => createUntyped([null, greetPlugin(), value]), ErrorCode.PLUGIN_INVALID)
      assert.match(err.message, words)
      assert.doesNotMatch(err.message, /call it/)
    }
  })

  it('an object without the plugin shape: by its index, and by its name once it has one', () => {
    let err = thrown(() => createUntyped([greetPlugin(), { apply () {} }]), ErrorCode.PLUGIN_INVALID)
    assert.match(err.message, /plugins\[1\] is an object without a non-empty string name/)
    err = thrown(() => createUntyped([{ name: 'broken', apply: 'yes' }]), ErrorCode.PLUGIN_INVALID)
    assert.match(err.message, /plugins\[0\] is the object "broken" without an apply\(kernel\) function/)
    err = thrown(() => createUntyped([false, [undefined, {}]]), ErrorCode.PLUGIN_INVALID)
    assert.match(err.message, /plugins\[1\]\[1\] is an object/)
  })

  it('still skips falsy entries and flattens nested arrays', () => {
    const framework = createUntyped([false, null, undefined, 0, '', [greetPlugin(), [[]]]])
    assert.deepEqual(framework.plugins.map((p) => p.name), ['greet'])
  })
})

describe('an error thrown in a plugin\'s apply (RST_PLUGIN_APPLY)', () => {
  it('is rethrown naming the plugin, with the original error as cause', () => {
    const original = new TypeError('options.root must be a string')
    const err = thrown(() => createFramework({
      plugins: [greetPlugin(), definePlugin({ name: 'static', apply () { throw original } })]
    }), ErrorCode.PLUGIN_APPLY)
    assert.match(err.message, /Plugin "static"/)
    assert.match(err.message, /options\.root must be a string/)
    assert.equal(err.cause, original)
  })

  it('a thrown value that is not an Error is the cause too', () => {
    const value = Object.create(null) as object
    const err = thrown(() => createFramework({
      plugins: [definePlugin({ name: 'odd', apply () { throw value } })]
    }), ErrorCode.PLUGIN_APPLY)
    assert.match(err.message, /Plugin "odd"/)
    assert.equal(err.cause, value)
  })

  it('a PluginError the plugin throws on purpose passes through unchanged', () => {
    const own = new PluginError(ErrorCode.PLUGIN_MISSING, 'the session plugin needs cookies')
    assert.throws(() => createFramework({ plugins: [definePlugin({ name: 'session', apply () { throw own } })] }),
      (err: unknown) => err === own)
  })

  it('a kernel PluginError raised during apply keeps its code', () => {
    const taken = definePlugin({ name: 'taker', apply (kernel) { kernel.decorateApplication({ use () { return this } }) } })
    thrown(() => createFramework({ plugins: [taken] }), ErrorCode.DECORATOR_TAKEN)
  })
})
