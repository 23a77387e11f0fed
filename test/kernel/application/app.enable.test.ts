import { describe, it } from 'node:test'
import assert from 'node:assert/strict'
import minimal from '../../../presets/minimal'

describe('app.enable(name)', () => {
  it('sets the setting to true and returns the app', () => {
    const app = minimal()
    assert.equal(app.enable('tea'), app)
    assert.equal(app.get('tea'), true)
  })
})

describe('app.disable(name)', () => {
  it('sets the setting to false and returns the app', () => {
    const app = minimal()
    assert.equal(app.disable('tea'), app)
    assert.equal(app.get('tea'), false)
  })
})

describe('app.enabled(name)', () => {
  it('is false for a setting never set', () => {
    assert.equal(minimal().enabled('tea'), false)
  })

  it('is true after enable, false after disable', () => {
    const app = minimal()
    app.enable('tea')
    assert.equal(app.enabled('tea'), true)
    app.disable('tea')
    assert.equal(app.enabled('tea'), false)
  })

  it('follows the truthiness of any value', () => {
    const app = minimal()
    app.set('name', 'x')
    assert.equal(app.enabled('name'), true)
    app.set('name', '')
    assert.equal(app.enabled('name'), false)
  })
})

describe('app.disabled(name)', () => {
  it('is true for a setting never set', () => {
    assert.equal(minimal().disabled('tea'), true)
  })

  it('is the opposite of enabled', () => {
    const app = minimal()
    app.enable('tea')
    assert.equal(app.disabled('tea'), false)
    app.set('tea', 0)
    assert.equal(app.disabled('tea'), true)
  })
})
