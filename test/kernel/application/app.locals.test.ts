import { describe, it } from 'node:test'
import assert from 'node:assert/strict'
import request from 'supertest'
import minimal from '../../../presets/minimal'

describe('app.locals', () => {
  it('is an object without a prototype, own to each app', () => {
    const a = minimal()
    const b = minimal()
    assert.equal(typeof a.locals, 'object')
    assert.equal(Object.getPrototypeOf(a.locals), null)
    assert.notEqual(a.locals, b.locals)
  })

  it('has settings, the app\'s settings object', () => {
    const app = minimal()
    assert.equal(app.locals.settings, app.settings)
    app.set('title', 'Locals')
    assert.equal(app.locals.settings.title, 'Locals')
  })

  it('persists across requests and is reachable through req.app.locals', async () => {
    const app = minimal()
    app.locals.visits = 0
    app.get('/', (req, res) => {
      req.app.locals.visits++
      res.end(String(req.app.locals.visits))
    })
    await request(app).get('/').expect(200, '1')
    await request(app).get('/').expect(200, '2')
  })
})
