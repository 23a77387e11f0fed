import { describe, it } from 'node:test'
import assert from 'node:assert/strict'
import minimal from '../../../presets/minimal'
import { withNodeEnv } from '../support'

describe("app setting 'env'", () => {
  it('is NODE_ENV when set', () => {
    assert.equal(withNodeEnv('production', () => minimal()).get('env'), 'production')
    assert.equal(withNodeEnv('staging', () => minimal()).get('env'), 'staging')
  })

  it('is "development" when NODE_ENV is unset or empty', () => {
    assert.equal(withNodeEnv(undefined, () => minimal()).get('env'), 'development')
    assert.equal(withNodeEnv('', () => minimal()).get('env'), 'development')
  })

  it('is read when the app is made, and can be set', () => {
    const app = withNodeEnv('production', () => minimal())
    assert.equal(app.get('env'), 'production')
    app.set('env', 'test')
    assert.equal(app.get('env'), 'test')
  })
})
