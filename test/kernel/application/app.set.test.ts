import { describe, it } from 'node:test'
import assert from 'node:assert/strict'
import minimal from '../../../presets/minimal'

describe('app.set(name, value)', () => {
  it('stores any name and returns the app for chaining', () => {
    const app = minimal()
    assert.equal(app.set('anything at all', 'value'), app)
    assert.equal(app.settings['anything at all'], 'value')
  })

  it('stores values of any type, unchanged', () => {
    const app = minimal()
    const obj = { a: 1 }
    const fn = () => 1
    app.set('obj', obj).set('fn', fn).set('nil', null).set('zero', 0)
    assert.equal(app.get('obj'), obj)
    assert.equal(app.get('fn'), fn)
    assert.equal(app.get('nil'), null)
    assert.equal(app.get('zero'), 0)
  })

  it('overwrites a previous value', () => {
    const app = minimal()
    app.set('title', 'one').set('title', 'two')
    assert.equal(app.get('title'), 'two')
  })

  it('with one argument reads the setting', () => {
    const app = minimal()
    app.set('title', 'Ristretto')
    // The one-argument form is Express's; the typed signature only lists the setter.
    const set = app.set as (name: string) => unknown
    assert.equal(set.call(app, 'title'), 'Ristretto')
  })
})

describe('app.get(name)', () => {
  it('returns the setting value', () => {
    const app = minimal()
    app.set('title', 'Ristretto')
    assert.equal(app.get('title'), 'Ristretto')
  })

  it('returns undefined for a setting never set', () => {
    const app = minimal()
    assert.equal(app.get('never set'), undefined)
  })

  it('does not read Object.prototype members as settings', () => {
    const app = minimal()
    assert.equal(app.get('toString'), undefined)
    assert.equal(app.get('constructor'), undefined)
    assert.equal(app.get('__proto__'), undefined)
  })
})
