import { describe, it } from 'node:test'
import assert from 'node:assert/strict'
import { dispatch, express5, RealRouter, Router4, Router5 } from './support'

type Next = (err?: unknown) => void
type Req = { method: string, url: string, route?: unknown, [key: string]: any }
type Res = { end (body: string): void }

const answer = (text: string) => (req: unknown, res: Res) => { res.end(text) }

describe('express5-routing: dispatch', () => {
  it('is a router with or without `new`, of the framework\'s Router and Route', () => {
    const Router = express5.Router as unknown as { new (): object, (): object, Route: unknown }
    const made = [Router(), new Router()]
    for (const router of made) {
      assert.equal(typeof router, 'function')
      assert.ok(router instanceof (Router as unknown as typeof Function))
    }
    assert.equal(Router.Route, express5.Route)
    const route = (Router() as { route (path: string): unknown }).route('/x')
    assert.ok(route instanceof (express5.Route as unknown as typeof Function))
  })

  it('needs a callback to handle a request', () => {
    assert.throws(() => Router5()({}, {}), { name: 'TypeError', message: 'argument callback is required' })
  })

  it('refuses registrations without handlers, or with what is not a function', () => {
    const router = Router5()
    assert.throws(() => router.use(), { message: 'argument handler is required' })
    assert.throws(() => router.use([]), { message: 'argument handler is required' })
    assert.throws(() => router.use('/', 'hello'), { message: 'argument handler must be a function' })
    assert.throws(() => router.get('/', 2), { message: 'argument handler must be a function' })
    assert.throws(() => router.route('/').post(), { message: 'argument handler is required' })
    assert.throws(() => router.route('/').all([]), { message: 'argument handler is required' })
  })

  it('answers HEAD with a route\'s GET handlers when it has no HEAD handlers, and with its HEAD handlers otherwise', async () => {
    const router = Router5()
    router.get('/get-only', answer('get'))
    router.route('/both').get(answer('get')).head(answer('head'))
    assert.deepEqual(await dispatch(router, 'HEAD', '/get-only'), { answered: 'get', headers: {} })
    assert.deepEqual(await dispatch(router, 'HEAD', '/both'), { answered: 'head', headers: {} })
  })

  it('answers OPTIONS with the methods of the matching routes, sorted, once each', async () => {
    const router = Router5()
    router.get('/items', answer('get'))
    router.post('/items', answer('post'))
    router.route('/items').put(answer('put')).get(answer('get again'))
    router.delete('/other', answer('delete'))
    assert.deepEqual(await dispatch(router, 'OPTIONS', '/items'), {
      answered: 'GET, HEAD, POST, PUT',
      headers: { allow: 'GET, HEAD, POST, PUT', 'content-length': 20, 'content-type': 'text/plain', 'x-content-type-options': 'nosniff' }
    })
  })

  it('leaves OPTIONS to a route that serves it, and to the next handler when no route matches', async () => {
    const router = Router5()
    router.options('/items', answer('own options'))
    router.get('/items', answer('get'))
    assert.deepEqual(await dispatch(router, 'OPTIONS', '/items'), { answered: 'own options', headers: {} })
    assert.deepEqual(await dispatch(router, 'OPTIONS', '/none'), { next: true })
  })

  it('skips the rest of a route on next("route"), and leaves the router on next("router")', async () => {
    const router = Router5()
    const calls: string[] = []
    router.get('/', (req: Req, res: Res, next: Next) => { calls.push('a'); next('route') }, () => { calls.push('never') })
    router.get('/', (req: Req, res: Res, next: Next) => { calls.push('b'); next('router') })
    router.get('/', () => { calls.push('never') })
    assert.deepEqual(await dispatch(router, 'GET', '/'), { next: true })
    assert.deepEqual(calls, ['a', 'b'])
  })

  it('runs a route\'s handlers for its methods in order, with req.route set, and `all` for every method', async () => {
    const router = Router5()
    const route = router.route('/r')
    route.all((req: Req, res: Res, next: Next) => { req.seen = ['all']; next() })
    route.get((req: Req, res: Res, next: Next) => { req.seen.push('get'); next() })
    route.post(answer('post'))
    route.get((req: Req, res: Res) => { res.end(req.seen.concat(String(req.route === route)).join(',')) })
    assert.deepEqual(await dispatch(router, 'GET', '/r'), { answered: 'all,get,true', headers: {} })
    assert.deepEqual(await dispatch(router, 'POST', '/r'), { answered: 'post', headers: {} })
    assert.deepEqual(await dispatch(router, 'PUT', '/r'), { next: true })
  })

  it('runs error handlers only for errors, and request handlers only without one', async () => {
    const router = Router5()
    router.use((err: Error, req: Req, res: Res, next: Next) => { void next; res.end('too early') })
    router.use((req: Req, res: Res, next: Next) => { next(new Error('boom')) })
    router.use(answer('skipped'))
    router.get('/', answer('route skipped'))
    router.use((err: Error, req: Req, res: Res, next: Next) => { void next; res.end('caught ' + err.message) })
    assert.deepEqual(await dispatch(router, 'GET', '/'), { answered: 'caught boom', headers: {} })
  })

  it('mounts middleware where its match ends a segment: not before a dot, as Express 4 does', async () => {
    for (const [Router, expected] of [[Router5, { next: true }], [Router4, { answered: '/.json', headers: {} }]] as const) {
      const router = Router()
      router.use(/^\/file/, (req: Req, res: Res) => { res.end(req.url) })
      assert.deepEqual(await dispatch(router, 'GET', '/file.json'), expected)
    }
  })

  it('strips the mount path from req.url and sets req.baseUrl, then puts both back', async () => {
    const router = Router5()
    const inner = Router5()
    const seen: string[] = []
    inner.use((req: Req, res: Res, next: Next) => { seen.push(`${req.baseUrl} ${req.url} ${req.originalUrl}`); next() })
    router.use('/api/:version', inner)
    router.use((req: Req, res: Res) => { res.end(`${req.baseUrl}|${req.url}`) })
    assert.deepEqual(await dispatch(router, 'GET', '/api/v2/items?x=1'), { answered: '|/api/v2/items?x=1', headers: {} })
    assert.deepEqual(seen, ['/api/v2 /items?x=1 /api/v2/items?x=1'])
  })

  it('keeps a long synchronous chain off the call stack', async () => {
    const router = Router5()
    for (let i = 0; i < 5000; i++) router.use((req: Req, res: Res, next: Next) => { next() })
    router.get('/', answer('end of chain'))
    assert.deepEqual(await dispatch(router, 'GET', '/'), { answered: 'end of chain', headers: {} })
  })

  it('fails a request that reaches a hole in the stack, without throwing', async () => {
    const router = Router5()
    router.use(answer('never'))
    delete router.stack[0]
    const outcome = await dispatch(router, 'GET', '/')
    assert.ok('error' in outcome && typeof outcome.error === 'object')
  })

  it('runs a route of one handler as router 2 does, through what a tool replaced on the route or its layers', async () => {
    type Edit = (router: any, calls: string[]) => void
    const edits: Record<string, Edit> = {
      none: () => {},
      'route.dispatch': (router, calls) => {
        const route = router.stack[0].route
        const dispatch = route.dispatch
        route.dispatch = function (this: unknown, ...args: unknown[]) { calls.push('dispatch'); return dispatch.apply(this, args) }
      },
      'layer.handle': (router, calls) => {
        const layer = router.stack[0]
        const handle = layer.handle
        layer.handle = function (this: unknown, ...args: unknown[]) { calls.push('handle'); return handle.apply(this, args) }
      },
      'layer.handleRequest': (router, calls) => {
        const layer = router.stack[0]
        const handleRequest = layer.handleRequest
        layer.handleRequest = function (this: unknown, ...args: unknown[]) { calls.push('handleRequest'); return handleRequest.apply(this, args) }
      },
      'a second handler': (router) => { router.stack[0].route.get(answer('second')) }
    }
    const handlers: Record<string, (req: Req, res: Res, next: Next) => unknown> = {
      answers: (req, res) => { res.end(String(req.route !== undefined)) },
      'next()': (req, res, next) => { next() },
      'next("route")': (req, res, next) => { next('route') },
      'next("router")': (req, res, next) => { next('router') },
      'next(error)': (req, res, next) => { next(new Error('passed')) },
      throws: () => { throw new Error('thrown') },
      rejects: async () => { throw new Error('rejected') },
      'rejects falsy': () => Promise.reject(null) // eslint-disable-line prefer-promise-reject-errors
    }
    for (const [editName, edit] of Object.entries(edits)) {
      for (const [handlerName, handler] of Object.entries(handlers)) {
        const outcomes = []
        for (const Router of [Router5, RealRouter]) {
          const calls: string[] = []
          const router = Router()
          router.get('/x', handler)
          router.get('/x', answer('after'))
          edit(router, calls)
          outcomes.push({ outcome: await dispatch(router, 'GET', '/x'), calls })
        }
        assert.deepEqual(outcomes[0], outcomes[1], `${editName}, handler ${handlerName}`)
      }
    }
  })
})
