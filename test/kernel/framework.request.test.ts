import { describe, it } from 'node:test'
import assert from 'node:assert/strict'
import { IncomingMessage } from 'node:http'
import request from 'supertest'
import { createFramework } from '../../kernel'

describe('framework.request', () => {
  it('inherits from http.IncomingMessage.prototype', () => {
    const framework = createFramework()
    assert.equal(Object.getPrototypeOf(framework.request), IncomingMessage.prototype)
  })

  it('is the prototype of every app\'s app.request, which carries app', () => {
    const framework = createFramework()
    const app = framework()
    assert.equal(Object.getPrototypeOf(app.request), framework.request)
    assert.equal(app.request.app, app)
  })

  it('reaches the req of every app, mounted or not', async () => {
    const framework = createFramework()
    Object.defineProperty(framework.request, 'shouting', {
      configurable: true,
      get: function shouting (this: IncomingMessage) { return String(this.headers['x-say']).toUpperCase() }
    })
    const app = framework()
    const sub = framework()
    const reply = (req: unknown, res: import('node:http').ServerResponse) => { res.end((req as { shouting: string }).shouting) }
    app.get('/', reply)
    sub.get('/', reply)
    app.use('/sub', sub)
    await request(app).get('/').set('X-Say', 'hi').expect(200, 'HI')
    await request(app).get('/sub').set('X-Say', 'yo').expect(200, 'YO')
  })

  it('gives every req its app: req.app is the app handling it', async () => {
    const framework = createFramework()
    const app = framework()
    const sub = framework()
    let seenInSub: unknown
    let seenAfter: unknown
    sub.use((req, res, next) => { seenInSub = req.app; next() })
    app.use('/sub', sub)
    app.use((req, res) => { seenAfter = req.app; res.end() })
    await request(app).get('/sub/x').expect(200)
    assert.equal(seenInSub, sub)
    assert.equal(seenAfter, app, 'leaving the sub-app restores the parent\'s prototypes')
  })
})
