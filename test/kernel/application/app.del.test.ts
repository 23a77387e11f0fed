import { describe, it } from 'node:test'
import assert from 'node:assert/strict'
import request from 'supertest'
import minimal from '../../../presets/minimal'
import { captureDeprecations } from '../support'

describe('app.del(path, ...callbacks)', () => {
  it('routes DELETE like app.delete', async () => {
    const app = minimal()
    await captureDeprecations(() => { app.del('/tobi', (req, res) => { res.end('deleted tobi') }) })
    await request(app).delete('/tobi').expect(200, 'deleted tobi')
    await request(app).get('/tobi').expect(404)
  })

  it('is deprecated in favour of app.delete', async () => {
    const app = minimal()
    const messages = await captureDeprecations(() => { app.del('/x', (req, res) => { res.end() }) })
    assert.equal(messages.length, 1)
    assert.match(messages[0], /app\.del: Use app\.delete instead/)
  })
})
