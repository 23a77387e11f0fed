import { describe, it } from 'node:test'
import assert from 'node:assert/strict'
import modern from '../../../presets/modern'
import framework from '../../../presets/default'
import type { RouteInfo } from '../../../plugins/route-list'

const noop = (): void => {}
const summary = (routes: RouteInfo[]): string[] => routes.map((r) => `${r.method} ${r.path}${r.name ? ` (${r.name})` : ''}`)

describe('app.routes()', () => {
  it('lists each method of each route, in registration order', () => {
    const app = modern()
    app.get('/', noop)
    app.post('/users', noop)
    app.route('/users/:id').get(noop).put(noop).delete(noop)
    app.use((req, res, next) => { next() })
    app.patch('/users/:id/avatar', noop)
    assert.deepEqual(summary(app.routes()), [
      'GET /', 'POST /users', 'GET /users/:id', 'PUT /users/:id', 'DELETE /users/:id', 'PATCH /users/:id/avatar'
    ])
  })

  it('is empty for an app without routes', () => {
    assert.deepEqual(modern().routes(), [])
  })

  it('joins the mount paths of routers, nested routers and sub-apps, as written', () => {
    const app = modern()
    const api = modern.Router()
    const users = modern.Router({ mergeParams: true })
    const admin = modern()
    const adminInner = modern()
    users.get('/', noop)
    users.get('/:userId', noop)
    api.use('/orgs/:org/users', users)
    api.get('/health', noop)
    app.use('/api/v1', api)
    adminInner.delete('/cache', noop)
    admin.use('/ops/', adminInner)
    admin.get('/', noop)
    app.use('/admin', admin)
    app.get('/after', noop)
    assert.deepEqual(summary(app.routes()), [
      'GET /api/v1/orgs/:org/users',
      'GET /api/v1/orgs/:org/users/:userId',
      'GET /api/v1/health',
      'DELETE /admin/ops/cache',
      'GET /admin',
      'GET /after'
    ])
  })

  it('sees routes added to a router or sub-app after it was mounted', () => {
    const app = modern()
    const router = modern.Router()
    const sub = modern()
    app.use('/r', router)
    app.use('/s', sub)
    router.get('/late', noop)
    sub.post('/late', noop)
    assert.deepEqual(summary(app.routes()), ['GET /r/late', 'POST /s/late'])
  })

  it('lists a sub-app\'s routes relative to the sub-app when asked there', () => {
    const app = modern()
    const sub = modern()
    sub.get('/page', noop)
    app.use('/blog', sub)
    assert.deepEqual(summary(sub.routes()), ['GET /page'])
    assert.deepEqual(summary(app.routes()), ['GET /blog/page'])
  })

  it('expands path arrays, for routes and mounts', () => {
    const app = modern()
    const sub = modern()
    sub.get(['/a', ['/b']] as unknown as string[], noop) // nested arrays work at run time, as in Express
    app.use(['/x', '/y'], sub)
    assert.deepEqual(summary(app.routes()), ['GET /x/a', 'GET /x/b', 'GET /y/a', 'GET /y/b'])
  })

  it('lists regular-expression routes and mounts with their source, and keeps them in parts', () => {
    const app = modern()
    const router = modern.Router()
    const pattern = /^\/commits\/(\w+)(?:\.\.(\w+))?$/
    router.get(pattern, noop)
    const mount = /^\/repo/i
    app.use(mount, router)
    const [route] = app.routes()
    assert.equal(route.path, '/^\\/repo/i/^\\/commits\\/(\\w+)(?:\\.\\.(\\w+))?$/')
    assert.equal(route.parts.length, 2)
    assert.equal(route.parts[0], mount)
    assert.equal(route.parts[1], pattern)
  })

  it('keeps patterns as written: optional params, wildcards, trailing slashes', () => {
    const app = modern()
    const router = modern.Router()
    router.get('/files/*', noop)
    router.get('/:name?', noop)
    router.get('/slash/', noop)
    app.use('/base/', router)
    app.get('*', noop)
    assert.deepEqual(summary(app.routes()), ['GET /base/files/*', 'GET /base/:name?', 'GET /base/slash/', 'GET *'])
  })

  it('writes ALL for route.all and for app.all, which registers every method', () => {
    const app = modern()
    const router = modern.Router()
    router.all('/any', noop)
    router.route('/mixed').all(noop).get(noop)
    app.all('/everything', noop)
    app.use(router)
    assert.deepEqual(summary(app.routes()), ['ALL /everything', 'ALL /any', 'ALL /mixed', 'GET /mixed'])
  })

  it('gives each entry the route itself, so tools reach the handlers', () => {
    const app = modern()
    function showUser (): void {}
    app.get('/users/:id', showUser)
    const [entry] = app.routes()
    assert.equal(entry.route.path, '/users/:id')
    assert.equal(entry.route.stack[0].name, 'showUser')
  })

  it('does not loop on a router mounted inside itself', () => {
    const app = modern()
    const router = modern.Router()
    router.get('/a', noop)
    router.use('/again', router)
    app.use('/r', router)
    assert.deepEqual(summary(app.routes()), ['GET /r/a'])
  })

  it('is not part of the default preset', () => {
    assert.equal((framework() as { routes?: unknown }).routes, undefined)
  })
})
