import { describe, it } from 'node:test'
import assert from 'node:assert/strict'
import request from 'supertest'
import minimal from '../../../presets/minimal'

describe("app setting 'x-powered-by'", () => {
  it('is enabled by default and sends X-Powered-By: Express', async () => {
    const app = minimal()
    assert.equal(app.enabled('x-powered-by'), true)
    app.get('/', (req, res) => { res.end('hi') })
    await request(app).get('/').expect('X-Powered-By', 'Express').expect(200)
  })

  it('is sent on the 404 page of an app with routes too', async () => {
    const app = minimal()
    app.get('/', (req, res) => { res.end('hi') })
    await request(app).get('/nothing').expect('X-Powered-By', 'Express').expect(404)
  })

  it('is set by each app: a sub-app still sends it when the parent disabled it', async () => {
    const app = minimal()
    const sub = minimal()
    app.disable('x-powered-by')
    app.get('/', (req, res) => { res.end('parent') })
    sub.get('/', (req, res) => { res.end('sub') })
    app.use('/sub', sub)
    const fromParent = await request(app).get('/').expect(200, 'parent')
    assert.equal(fromParent.headers['x-powered-by'], undefined)
    await request(app).get('/sub').expect('X-Powered-By', 'Express').expect(200, 'sub')
  })

  it('is not sent when disabled', async () => {
    const app = minimal()
    app.disable('x-powered-by')
    app.get('/', (req, res) => { res.end('hi') })
    const res = await request(app).get('/').expect(200)
    assert.equal(res.headers['x-powered-by'], undefined)
  })
})
