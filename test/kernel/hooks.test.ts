import { describe, it } from 'node:test'
import assert from 'node:assert/strict'
import http from 'node:http'
import request from 'supertest'
import { createFramework, definePlugin, Route, type Application, type Kernel, type RouterInstance } from '../../kernel'
import type { Layer } from '../../kernel/router/layer'
import express from '../../presets/default'

/** A framework with one plugin whose apply gets the kernel. */
function frameworkWith (apply: (kernel: Kernel) => void) {
  return createFramework({ plugins: [definePlugin({ name: 'probe', apply })] })
}

describe('kernel hooks', () => {
  describe('extendApplication / extendRequest / extendResponse', () => {
    it('fire once per framework with the shared prototypes', () => {
      const calls: Array<[string, unknown]> = []
      const framework = frameworkWith(({ hooks }) => {
        hooks.extendApplication.tap('probe', (proto) => { calls.push(['application', proto]) })
        hooks.extendRequest.tap('probe', (proto) => { calls.push(['request', proto]) })
        hooks.extendResponse.tap('probe', (proto) => { calls.push(['response', proto]) })
      })
      assert.deepEqual(calls, [
        ['application', framework.application],
        ['request', framework.request],
        ['response', framework.response]
      ])
      framework()
      framework()
      assert.equal(calls.length, 3, 'making apps does not fire them again')
    })

    it('fire after every plugin\'s apply, so a tap sees what later plugins set up', () => {
      let seen: unknown
      createFramework({
        plugins: [
          definePlugin({ name: 'first', apply ({ hooks }) { hooks.extendResponse.tap('first', (res) => { seen = (res as unknown as Record<string, unknown>).fromSecond }) } }),
          definePlugin({ name: 'second', apply ({ response }) { (response as unknown as Record<string, unknown>).fromSecond = 'yes' } })
        ]
      })
      assert.equal(seen, 'yes')
    })

    it('let a plugin define helpers every app\'s req and res inherit', async () => {
      const framework = frameworkWith(({ hooks }) => {
        hooks.extendRequest.tap('probe', (proto) => {
          Object.defineProperty(proto, 'shout', { configurable: true, get () { return String((this as http.IncomingMessage).url).toUpperCase() } })
        })
        hooks.extendResponse.tap('probe', (proto) => {
          (proto as unknown as Record<string, unknown>).say = function say (this: http.ServerResponse, text: string) { this.end('said ' + text) }
        })
      })
      const app = framework()
      app.use((req, res) => { (res as unknown as { say (t: string): void }).say((req as unknown as { shout: string }).shout) })
      await request(app).get('/abc').expect(200, 'said /ABC')
    })
  })

  describe('appCreated', () => {
    it('fires once per app, inside framework(), with the app', () => {
      const seen: Application[] = []
      const framework = frameworkWith(({ hooks }) => { hooks.appCreated.tap('probe', (app) => { seen.push(app) }) })
      assert.equal(seen.length, 0)
      const a = framework()
      const b = framework()
      assert.deepEqual(seen, [a, b])
    })

    it('sees the kernel defaults and can set per-app defaults', () => {
      let envSeen: unknown
      const framework = frameworkWith(({ hooks }) => {
        hooks.appCreated.tap('probe', (app) => {
          envSeen = app.get('env')
          app.set('greeting', 'hello')
        })
      })
      const app = framework()
      assert.equal(envSeen, app.get('env'))
      assert.equal(app.get('greeting'), 'hello')
    })
  })

  describe('setting.for(name)', () => {
    it('fires on app.set(name, value) with the app and the value', () => {
      const calls: Array<[Application, unknown]> = []
      const framework = frameworkWith(({ hooks }) => {
        hooks.setting.for('shape').tap('probe', (app, value) => { calls.push([app, value]) })
      })
      const app = framework()
      assert.equal(calls.length, 0)
      app.set('shape', 'round')
      app.set('other', 'ignored')
      assert.deepEqual(calls, [[app, 'round']])
    })

    it('fires for app.enable / app.disable, and sees the value already stored', () => {
      const seen: unknown[] = []
      const framework = frameworkWith(({ hooks }) => {
        hooks.setting.for('feature').tap('probe', (app, value) => { seen.push([value, app.get('feature')]) })
      })
      const app = framework()
      app.enable('feature')
      app.disable('feature')
      assert.deepEqual(seen, [[true, true], [false, false]])
    })

    it('compiles a derived setting', () => {
      const framework = frameworkWith(({ hooks }) => {
        hooks.setting.for('size').tap('probe', (app, value) => { app.set('size fn', () => Number(value) * 2) })
        hooks.appCreated.tap('probe', (app) => { app.set('size', 1) })
      })
      const app = framework()
      assert.equal(app.get('size fn')(), 2, 'defaults set in appCreated go through the hook too')
      app.set('size', 21)
      assert.equal(app.get('size fn')(), 42)
    })
  })

  describe('routerCreated', () => {
    it('fires once per app, lazily, when its base router is made', () => {
      const seen: Array<[Application, RouterInstance]> = []
      const framework = frameworkWith(({ hooks }) => { hooks.routerCreated.tap('probe', (app, router) => { seen.push([app, router]) }) })
      const app = framework()
      assert.equal(seen.length, 0, 'no router before the first route')
      app.get('/', (req, res) => { res.end() })
      app.use((req, res, next) => { next() })
      assert.equal(seen.length, 1)
      assert.equal(seen[0][0], app)
      assert.equal(seen[0][1], app._router)
    })

    it('lets a plugin add app-wide first layers, before the kernel\'s init layer', async () => {
      const framework = frameworkWith(({ hooks }) => {
        hooks.routerCreated.tap('probe', (app, router) => {
          router.use(function stamp (req: http.IncomingMessage & { stamp?: string, res?: unknown }, res: http.ServerResponse, next: () => void) {
            req.stamp = req.res === undefined ? 'before-init' : 'after-init'
            next()
          })
        })
      })
      const app = framework()
      app.get('/', (req, res) => { res.end((req as unknown as { stamp: string }).stamp) })
      assert.deepEqual(app._router!.stack.map((l) => l.name), ['stamp', 'expressInit', 'bound dispatch'])
      await request(app).get('/').expect(200, 'before-init')
    })
  })

  describe('mount', () => {
    it('fires with (child, parent) when a sub-app is mounted, after re-parenting', () => {
      const calls: Array<{ child: Application, parent: Application, requestParent: boolean, settingSeen: unknown }> = []
      const framework = frameworkWith(({ hooks }) => {
        hooks.mount.tap('probe', (child, parent) => {
          calls.push({
            child,
            parent,
            requestParent: Object.getPrototypeOf(child.request) === parent.request,
            settingSeen: child.get('from parent')
          })
        })
      })
      const parent = framework()
      const child = framework()
      parent.set('from parent', 'inherited')
      parent.use('/child', child)
      assert.equal(calls.length, 1)
      assert.equal(calls[0].child, child)
      assert.equal(calls[0].parent, parent)
      assert.equal(calls[0].requestParent, true)
      assert.equal(calls[0].settingSeen, 'inherited')
    })

    it('does not fire for plain middleware or routers', () => {
      let count = 0
      const framework = frameworkWith(({ hooks }) => { hooks.mount.tap('probe', () => { count++ }) })
      const app = framework()
      app.use((req, res, next) => { next() })
      app.use('/r', framework.Router())
      assert.equal(count, 0)
    })
  })

  describe('layerAdded', () => {
    it('fires with (router, layer) for each layer of an app\'s router', () => {
      const seen: Array<[RouterInstance, Layer]> = []
      const framework = frameworkWith(({ hooks }) => { hooks.layerAdded.tap('probe', (router, layer) => { seen.push([router, layer]) }) })
      const app = framework()
      app.use(function first (req, res, next) { next() })
      app.get('/users/:id', (req, res) => { res.end() })
      const router = app._router!
      assert.deepEqual(seen.map(([r]) => r), [router, router, router])
      assert.deepEqual(seen.map(([, l]) => l.name), ['expressInit', 'first', 'bound dispatch'])
      assert.equal(seen[2][1].route!.path, '/users/:id')
      assert.equal(seen[2][1], router.stack[2])
    })

    it('passes the path as written, "/" when use() had none', () => {
      const paths: unknown[] = []
      const framework = frameworkWith(({ hooks }) => { hooks.layerAdded.tap('probe', (router, layer, path) => { paths.push(path) }) })
      const router = framework.Router()
      const pattern = /^\/re$/
      router.use((req: unknown, res: unknown, next: () => void) => { next() })
      router.use('/mount', (req: unknown, res: unknown, next: () => void) => { next() })
      router.get(['/a', pattern], (req, res) => { res.end() })
      router.route('/users/:id')
      assert.deepEqual(paths, ['/', '/mount', ['/a', pattern], '/users/:id'])
    })

    it('fires for standalone routers of the framework too', () => {
      const seen: Layer[] = []
      const framework = frameworkWith(({ hooks }) => { hooks.layerAdded.tap('probe', (router, layer) => { seen.push(layer) }) })
      const router = framework.Router()
      router.route('/a').get((req, res) => { res.end() })
      router.post('/b', (req, res) => { res.end() })
      assert.deepEqual(seen.map((l) => l.route && l.route.path), ['/a', '/b'])
    })
  })

  describe('routeLayerAdded', () => {
    it('fires with (route, layer) for each handler added to a route of the framework', () => {
      const seen: Array<[Route, string | undefined, unknown]> = []
      const framework = frameworkWith(({ hooks }) => {
        hooks.routeLayerAdded.tap('probe', (route, layer) => { seen.push([route, layer.method, layer.handle]) })
      })
      const app = framework()
      function show (req: unknown, res: http.ServerResponse) { res.end() }
      function check (req: unknown, res: unknown, next: () => void) { next() }
      app.get('/a', check, show)
      const route = app.route('/b').all(check).post(show)
      const getRoute = app._router!.stack[1].route!
      assert.deepEqual(seen, [
        [getRoute, 'get', check],
        [getRoute, 'get', show],
        [route, undefined, check],
        [route, 'post', show]
      ])
    })

    it('does not fire for routes made outside a framework', () => {
      let count = 0
      frameworkWith(({ hooks }) => { hooks.routeLayerAdded.tap('probe', () => { count++ }) })
      new Route('/free').get(() => {})
      assert.equal(count, 0)
    })
  })

  describe('request', () => {
    it('is never called while nothing taps it', async () => {
      const framework = createFramework()
      let calls = 0
      const original = framework.hooks.request.call
      framework.hooks.request.call = (...args) => { calls++; return original.apply(framework.hooks.request, args) }
      const app = framework()
      app.get('/', (req, res) => { res.end('ok') })
      await request(app).get('/').expect(200, 'ok')
      assert.equal(calls, 0)
      assert.equal(framework.hooks.request.isUsed(), false)
    })

    it('fires per request and per app handling it, before routing', async () => {
      const seen: Array<{ app: Application, url: string | undefined, routed: boolean }> = []
      const framework = frameworkWith(({ hooks }) => {
        hooks.request.tap('probe', (req, res, app) => {
          seen.push({ app, url: req.url, routed: (req as unknown as { route?: unknown }).route !== undefined })
        })
      })
      const app = framework()
      const sub = framework()
      sub.get('/page', (req, res) => { res.end('page') })
      app.use('/sub', sub)
      await request(app).get('/sub/page').expect(200, 'page')
      assert.deepEqual(seen, [
        { app, url: '/sub/page', routed: false },
        { app: sub, url: '/page', routed: false }
      ])
    })
  })

  describe('finalHandler', () => {
    it('fires with (err, req, res, app) when nothing answered', async () => {
      const seen: unknown[][] = []
      const framework = frameworkWith(({ hooks }) => {
        hooks.finalHandler.tap('probe', (err, req, res, app) => { seen.push([err, req.url, app]); return undefined })
      })
      const app = framework()
      await request(app).get('/missing').expect(404, /Cannot GET \/missing/)
      assert.deepEqual(seen, [[undefined, '/missing', app]])
    })

    it('fires with the error that escaped every handler', async () => {
      let seen: unknown
      const framework = frameworkWith(({ hooks }) => {
        hooks.finalHandler.tap('probe', (err) => { seen = err; return undefined })
      })
      const app = framework()
      app.set('env', 'test')
      const boom = new Error('boom')
      app.use(() => { throw boom })
      await request(app).get('/').expect(500)
      assert.equal(seen, boom)
    })

    it('takes over the reply when a tap returns true', async () => {
      const framework = frameworkWith(({ hooks }) => {
        hooks.finalHandler.tap('probe', (err, req, res) => {
          res.statusCode = err ? 502 : 410
          res.setHeader('Content-Type', 'application/json')
          res.end(JSON.stringify({ error: err ? (err as Error).message : 'gone' }))
          return true
        })
      })
      const app = framework()
      app.get('/fail', () => { throw new Error('nope') })
      await request(app).get('/nothing').expect(410, '{"error":"gone"}')
      await request(app).get('/fail').expect(502, '{"error":"nope"}')
    })

    it("hands its taps the app's request and response, with their helpers (as typed)", async () => {
      const json404 = definePlugin({
        name: 'json-404',
        apply ({ hooks }) {
          hooks.finalHandler.tap('json-404', (err, req, res) => {
            if (!req.accepts('json')) return undefined
            res.status(err ? 500 : 404).json({ error: err ? (err as Error).message : `no ${req.method} ${req.url}` })
            return true
          })
        }
      })
      const app = createFramework({ plugins: [express.plugins, json404] })()
      app.get('/fail', () => { throw new Error('failed') })
      await request(app).get('/nothing').set('Accept', 'application/json').expect(404, { error: 'no GET /nothing' })
      await request(app).get('/fail').set('Accept', 'application/json').expect(500, { error: 'failed' })
      await request(app).get('/nothing').set('Accept', 'text/html').expect(404, /Cannot GET \/nothing/)
      // An app that initialises requests in `app.handle` has done so even with no route at all
      // (nothing routed the request: `req.originalUrl` is unset there).
      const bare = createFramework({ plugins: [express.plugins, json404], app: { init: 'handle' } })()
      await request(bare).get('/x?y=1').set('Accept', 'application/json').expect(404, { error: 'no GET /x?y=1' })
    })

    it('is not called when an app is used as middleware and passes the request on', async () => {
      let calls = 0
      const framework = frameworkWith(({ hooks }) => { hooks.finalHandler.tap('probe', () => { calls++; return undefined }) })
      const app = framework()
      const sub = framework()
      app.use(sub)
      app.use((req, res) => { res.end('parent answered') })
      await request(app).get('/').expect(200, 'parent answered')
      assert.equal(calls, 0)
    })
  })

  describe('listen', () => {
    it('fires with (server, app) before the server starts listening', async () => {
      const seen: Array<{ server: http.Server, app: Application, listening: boolean }> = []
      const framework = frameworkWith(({ hooks }) => {
        hooks.listen.tap('probe', (server, app) => { seen.push({ server, app, listening: server.listening }) })
      })
      const app = framework()
      const server = await new Promise<http.Server>((resolve) => { const s = app.listen(0, () => resolve(s)) })
      try {
        assert.equal(seen.length, 1)
        assert.equal(seen[0].server, server)
        assert.equal(seen[0].app, app)
        assert.equal(seen[0].listening, false)
      } finally {
        server.close()
      }
    })
  })
})
