import { describe, it } from 'node:test'
import assert from 'node:assert/strict'
import request from 'supertest'
import { createFramework, definePlugin, PluginError, Route, Layer, type Kernel, type PluginOption } from '../../kernel'

/** A plugin that records its name in `log` when applied. */
function recorder (name: string, log: string[], dependencies?: string[]) {
  return definePlugin({ name, dependencies, apply () { log.push(name) } })
}

describe('createFramework({ plugins })', () => {
  it('returns a callable framework; each call makes a new app', async () => {
    const framework = createFramework({ plugins: [] })
    assert.equal(typeof framework, 'function')
    const a = framework()
    const b = framework()
    assert.notEqual(a, b)
    assert.equal(typeof a, 'function')
    a.get('/', (req, res) => { res.end('a') })
    await request(a).get('/').expect(200, 'a')
    await request(b).get('/').expect(404)
  })

  it('works without options: a kernel-only framework', async () => {
    const framework = createFramework()
    assert.deepEqual(framework.plugins, [])
    const app = framework()
    app.get('/', (req, res) => { res.end('ok') })
    await request(app).get('/').expect(200, 'ok')
  })

  it('applies each plugin once, in list order', () => {
    const log: string[] = []
    const framework = createFramework({ plugins: [recorder('a', log), recorder('b', log), recorder('c', log)] })
    assert.deepEqual(log, ['a', 'b', 'c'])
    framework()
    framework()
    assert.deepEqual(log, ['a', 'b', 'c'], 'making apps does not re-apply plugins')
    assert.deepEqual(framework.plugins.map((p) => p.name), ['a', 'b', 'c'])
  })

  it('skips falsy entries, so a preset can write `opts.x && x()`', () => {
    const log: string[] = []
    const options = { logger: false as const }
    const framework = createFramework({
      plugins: [false, null, undefined, recorder('a', log), options.logger && recorder('logger', log)]
    })
    assert.deepEqual(log, ['a'])
    assert.deepEqual(framework.plugins.map((p) => p.name), ['a'])
  })

  it('flattens nested arrays, keeping order', () => {
    const log: string[] = []
    const nested: PluginOption[] = [recorder('a', log), [[recorder('b', log), null], recorder('c', log)], [], recorder('d', log)]
    createFramework({ plugins: nested })
    assert.deepEqual(log, ['a', 'b', 'c', 'd'])
  })

  it('applies the same plugin object listed twice only once', () => {
    const log: string[] = []
    const plugin = recorder('once', log)
    const framework = createFramework({ plugins: [plugin, [plugin], plugin] })
    assert.deepEqual(log, ['once'])
    assert.equal(framework.plugins.length, 1)
  })

  it('throws RST_PLUGIN_DUPLICATE for two different plugins with one name', () => {
    const log: string[] = []
    assert.throws(() => createFramework({ plugins: [recorder('dup', log), recorder('dup', log)] }), (err: unknown) => {
      assert.ok(err instanceof PluginError)
      assert.equal(err.code, 'RST_PLUGIN_DUPLICATE')
      assert.match(err.message, /"dup"/)
      return true
    })
    assert.deepEqual(log, [], 'nothing is applied from an invalid list')
  })

  it('throws RST_PLUGIN_DEPENDENCY naming both plugins when a dependency is missing', () => {
    const log: string[] = []
    assert.throws(() => createFramework({ plugins: [recorder('other', log), recorder('views', log, ['response'])] }), (err: unknown) => {
      assert.ok(err instanceof PluginError)
      assert.ok(err instanceof Error)
      assert.equal(err.code, 'RST_PLUGIN_DEPENDENCY')
      assert.equal(err.name, 'PluginError')
      assert.match(err.message, /"views"/)
      assert.match(err.message, /"response"/)
      return true
    })
    assert.deepEqual(log, [], 'nothing is applied from an invalid list')
  })

  it('accepts a plugin whose dependencies are in the list', () => {
    const log: string[] = []
    createFramework({ plugins: [recorder('response', log), recorder('views', log, ['response'])] })
    assert.deepEqual(log, ['response', 'views'])
  })

  it('validates raw plugin objects in the list (RST_PLUGIN_INVALID)', () => {
    const bogus = { name: 'bogus' } as unknown as PluginOption
    assert.throws(() => createFramework({ plugins: [bogus] }), { code: 'RST_PLUGIN_INVALID' })
  })

  it('gives apply a kernel with hooks, framework, prototypes and has(name)', () => {
    let seen: Kernel | undefined
    const framework = createFramework({
      plugins: [
        recorder('response', []),
        definePlugin({ name: 'probe', apply (kernel) { seen = kernel } })
      ]
    })
    assert.ok(seen)
    assert.equal(seen.framework, framework)
    assert.equal(seen.hooks, framework.hooks)
    assert.equal(seen.application, framework.application)
    assert.equal(seen.request, framework.request)
    assert.equal(seen.response, framework.response)
    assert.equal(seen.has('response'), true)
    assert.equal(seen.has('probe'), true)
    assert.equal(seen.has('views'), false)
  })

  it('exposes its plugin list frozen and its hooks frozen', () => {
    const framework = createFramework({ plugins: [recorder('a', [])] })
    assert.ok(Object.isFrozen(framework.plugins))
    assert.ok(Object.isFrozen(framework.hooks))
    assert.equal(typeof framework.hooks.appCreated.tap, 'function')
  })

  it('has the Router, Route and Layer statics', async () => {
    const framework = createFramework()
    assert.equal(framework.Route, Route)
    assert.equal(framework.Layer, Layer)
    const router = framework.Router()
    router.get('/r', (req, res) => { res.end('routed') })
    const app = framework()
    app.use(router)
    await request(app).get('/r').expect(200, 'routed')
  })

  it('keeps frameworks apart: one framework\'s extensions do not reach another', async () => {
    const a = createFramework()
    const b = createFramework()
    assert.notEqual(a.response, b.response)
    ;(a.response as unknown as Record<string, unknown>).shout = function shout (this: import('node:http').ServerResponse, s: string) { this.end(s.toUpperCase()) }
    const appA = a()
    const appB = b()
    const probe = (req: unknown, res: Record<string, any>) => {
      if (typeof res.shout === 'function') res.shout('hi')
      else res.end('none')
    }
    appA.use(probe)
    appB.use(probe)
    await request(appA).get('/').expect(200, 'HI')
    await request(appB).get('/').expect(200, 'none')
  })
})
