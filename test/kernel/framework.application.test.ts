import { describe, it } from 'node:test'
import assert from 'node:assert/strict'
import request from 'supertest'
import { createFramework, type Application } from '../../kernel'

describe('framework.application', () => {
  it('carries the kernel\'s application methods', () => {
    const framework = createFramework()
    for (const name of ['use', 'route', 'param', 'set', 'enable', 'disable', 'enabled', 'disabled', 'path', 'listen', 'all', 'get', 'post', 'handle']) {
      assert.equal(typeof (framework.application as unknown as Record<string, unknown>)[name], 'function', name)
    }
  })

  it('gives apps made afterwards the methods added to it', async () => {
    const framework = createFramework()
    ;(framework.application as unknown as Record<string, unknown>).health = function health (this: Application) {
      this.get('/health', (req, res) => { res.end('up') })
      return this
    }
    const app = framework() as ReturnType<typeof framework> & { health (): Application }
    assert.equal(typeof app.health, 'function')
    app.health()
    await request(app).get('/health').expect(200, 'up')
  })

  it('is per framework: another framework\'s apps do not see its additions', () => {
    const a = createFramework()
    const b = createFramework()
    ;(a.application as unknown as Record<string, unknown>).only = function only () { return 'a' }
    assert.equal(typeof (a() as { only?: unknown }).only, 'function')
    assert.equal((b() as { only?: unknown }).only, undefined)
  })

  it('lets one app override a method without affecting others', () => {
    const framework = createFramework()
    const app = framework()
    const other = framework()
    app.path = () => '/custom'
    assert.equal(app.path(), '/custom')
    assert.equal(other.path(), '')
  })
})
