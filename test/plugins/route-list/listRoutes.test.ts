import { describe, it } from 'node:test'
import assert from 'node:assert/strict'
import modern from '../../../presets/modern'
import { createRouter } from '../../../kernel'
import { listRoutes, joinParts } from '../../../plugins/route-list'

const noop = (): void => {}

describe('listRoutes(appOrRouter)', () => {
  it('lists a standalone router', () => {
    const router = modern.Router()
    router.get('/a', noop)
    router.use('/nested', modern.Router().post('/b', noop))
    assert.deepEqual(listRoutes(router).map((r) => `${r.method} ${r.path}`), ['GET /a', 'POST /nested/b'])
  })

  it('reads a router made outside the framework from its stack (mount paths as their regexp)', () => {
    const foreign = createRouter()
    foreign.get('/outside', noop)
    const app = modern()
    app.use('/f', foreign)
    const routes = listRoutes(app)
    assert.equal(routes.length, 1)
    assert.equal(routes[0].path, '/f/outside')
    const outer = createRouter()
    outer.use('/in', foreign)
    const [viaStack] = listRoutes(outer)
    assert.ok(viaStack.parts[0] instanceof RegExp)
    assert.equal(viaStack.parts[1], '/outside')
  })
})

describe('joinParts(parts)', () => {
  it('joins with single slashes, skips "/" parts, and is "/" when empty', () => {
    assert.equal(joinParts([]), '/')
    assert.equal(joinParts(['/']), '/')
    assert.equal(joinParts(['/api', '/']), '/api')
    assert.equal(joinParts(['/', '/api/', '/users']), '/api/users')
    assert.equal(joinParts(['/api', '*']), '/api/*')
    assert.equal(joinParts(['*']), '*')
    assert.equal(joinParts(['/a', /^\/b$/]), '/a/^\\/b$/')
  })
})
