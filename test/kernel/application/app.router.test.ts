import { describe, it } from 'node:test'
import assert from 'node:assert/strict'
import minimal from '../../../presets/minimal'

describe('app.router', () => {
  it('throws, pointing to the 3.x to 4.x migration guide', () => {
    const app = minimal()
    assert.throws(() => (app as { router?: unknown }).router, (err: unknown) => {
      assert.ok(err instanceof Error)
      assert.match(err.message, /'app\.router' is deprecated!/)
      assert.match(err.message, /3\.x to 4\.x migration guide/)
      return true
    })
  })

  it('leaves the base router reachable as app._router, made on first use', () => {
    const app = minimal()
    assert.equal(app._router, undefined)
    app.get('/', (req, res) => { res.end() })
    assert.equal(typeof app._router, 'function')
    assert.ok(Array.isArray(app._router!.stack))
  })
})
