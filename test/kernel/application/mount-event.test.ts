import { describe, it } from 'node:test'
import assert from 'node:assert/strict'
import minimal from '../../../presets/minimal'
import type { Application } from '../../../kernel'

describe("app.on('mount', callback(parent))", () => {
  it('fires when the app is mounted with app.use, with the parent', () => {
    const parent = minimal()
    const child = minimal()
    const seen: Application[] = []
    child.on('mount', (p: Application) => { seen.push(p) })
    parent.use('/child', child)
    assert.deepEqual(seen, [parent])
  })

  it('fires after mountpath and parent are set', () => {
    const parent = minimal()
    const child = minimal()
    let state: unknown
    child.on('mount', function (this: Application) { state = [this.mountpath, this.parent] })
    parent.use('/blog', child)
    assert.deepEqual(state, ['/blog', parent])
  })

  it('fires once per mount', () => {
    const a = minimal()
    const b = minimal()
    const child = minimal()
    const seen: Application[] = []
    child.on('mount', (p: Application) => { seen.push(p) })
    a.use(child)
    b.use('/x', child)
    assert.deepEqual(seen, [a, b])
  })

  it('does not fire for functions or routers', () => {
    const parent = minimal()
    const router = minimal.Router()
    let fired = false
    ;(router as unknown as { on?: unknown }).on = () => { fired = true }
    parent.use(router)
    parent.use((req, res, next) => { next() })
    assert.equal(fired, false)
  })
})
