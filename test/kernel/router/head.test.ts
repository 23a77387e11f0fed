import { describe, it } from 'node:test'
import assert from 'node:assert/strict'
import request from 'supertest'
import minimal from '../../../presets/minimal'

describe('HEAD requests', () => {
  it('are served by GET routes, without a body', async () => {
    const app = minimal()
    let method = ''
    app.get('/tobi', (req, res) => { method = req.method!; res.setHeader('X-Seen', 'get'); res.end('tobi') })
    const res = await request(app).head('/tobi').expect('X-Seen', 'get').expect(200)
    assert.equal(method, 'HEAD')
    assert.equal(res.text, undefined)
  })

  it('prefer a HEAD route registered before the GET route', async () => {
    const app = minimal()
    app.head('/tobi', (req, res) => { res.setHeader('X-Method', 'head'); res.end() })
    app.get('/tobi', (req, res) => { res.setHeader('X-Method', 'get'); res.end('tobi') })
    await request(app).head('/tobi').expect('X-Method', 'head').expect(200)
  })

  it('are served by a route that has both, through its HEAD handlers', async () => {
    const app = minimal()
    app.route('/both')
      .get((req, res) => { res.setHeader('X-Method', 'get'); res.end() })
      .head((req, res) => { res.setHeader('X-Method', 'head'); res.end() })
    await request(app).head('/both').expect('X-Method', 'head').expect(200)
  })

  it('are not served by routes of other methods', async () => {
    const app = minimal()
    app.post('/only-post', (req, res) => { res.end() })
    await request(app).head('/only-post').expect(404)
  })

  it('do not change GET requests', async () => {
    const app = minimal()
    app.head('/x', (req, res) => { res.setHeader('X-Method', 'head'); res.end() })
    app.get('/x', (req, res) => { res.end('get body') })
    await request(app).get('/x').expect(200, 'get body')
  })
})
