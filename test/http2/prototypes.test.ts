import { describe, it, before, after } from 'node:test'
import assert from 'node:assert/strict'
import http from 'node:http'
import http2 from 'node:http2'
import request from 'supertest'
import framework from '../../presets/default'
import { TRANSPORTS, startTransport, type Transport } from './support'

describe('per-class request/response prototypes', () => {
  it('keep HTTP/1 requests on app.request / app.response, as Express does', async () => {
    const app = framework()
    app.get('/', (req, res) => {
      res.send(String(Object.getPrototypeOf(req) === app.request && Object.getPrototypeOf(res) === app.response))
    })
    await request(app).get('/').expect(200, 'true')
  })

  it('layer the helpers on Http2ServerRequest / Http2ServerResponse', async () => {
    const app = framework()
    app.get('/', (req, res) => {
      res.json({
        req: req instanceof http2.Http2ServerRequest,
        res: res instanceof http2.Http2ServerResponse,
        notHttp1: !(req instanceof http.IncomingMessage),
        helpers: typeof req.get === 'function' && typeof res.send === 'function',
        appRequest: app.request.isPrototypeOf(req) === false
      })
    })
    const t = await startTransport('h2c', app)
    try {
      assert.deepEqual(JSON.parse((await t.request('/')).text), { req: true, res: true, notHttp1: true, helpers: true, appRequest: true })
    } finally {
      await t.close()
    }
  })

  it('are made once per app and class', async () => {
    const app = framework()
    const seen = new Set<object>()
    app.get('/', (req, res) => {
      seen.add(Object.getPrototypeOf(req))
      seen.add(Object.getPrototypeOf(res))
      res.send('ok')
    })
    const t = await startTransport('h2c', app)
    try {
      await t.request('/')
      await t.request('/')
      await t.request('/')
      assert.equal(seen.size, 2)
    } finally {
      await t.close()
    }
  })

  it("carry the app's own additions to app.request and app.response", async () => {
    const app = framework()
    Object.assign(app.request, { greeting (this: any) { return 'hello ' + this.path } })
    Object.assign(app.response, { shout (this: any, text: string) { return this.send(text.toUpperCase()) } })
    app.get('/who', (req: any, res: any) => { res.shout(req.greeting()) })
    const t = await startTransport('h2c', app)
    try {
      assert.equal((await t.request('/who')).text, 'HELLO /WHO')
    } finally {
      await t.close()
    }
  })
})

for (const { name, skip } of TRANSPORTS) {
  describe(`mounted apps and routers over ${name}`, { skip }, () => {
    let t: Transport
    before(async () => {
      const app = framework()
      const sub = framework()
      Object.assign(sub.request, { where: 'sub' })
      Object.assign(app.request, { where: 'parent' })
      sub.get('/here', (req: any, res) => { res.send(`${req.where} ${req.baseUrl} ${req.app === sub}`) })
      sub.get('/pass', (req, res, next) => { next() })
      const router = framework.Router({ mergeParams: true })
      router.get('/:id', (req: any, res) => { res.send(`router ${req.params.org} ${req.params.id}`) })
      app.use('/sub', sub)
      app.use('/orgs/:org', router)
      app.get('/sub/pass', (req: any, res) => { res.send(`back in ${req.where} ${req.app === app}`) })
      t = await startTransport(name, app)
    })
    after(() => t.close())

    it('a sub-app sees its own prototypes', async () => {
      assert.equal((await t.request('/sub/here')).text, 'sub /sub true')
    })

    it('the parent gets its prototypes back when the sub-app passes', async () => {
      assert.equal((await t.request('/sub/pass')).text, 'back in parent true')
    })

    it('a mergeParams router sees the parent parameters', async () => {
      assert.equal((await t.request('/orgs/acme/7')).text, 'router acme 7')
    })
  })
}
