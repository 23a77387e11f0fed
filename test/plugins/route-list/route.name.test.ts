import { describe, it } from 'node:test'
import assert from 'node:assert/strict'
import modern from '../../../presets/modern'
import framework from '../../../presets/default'
import { routeName } from '../../../plugins/route-list'

const noop = (): void => {}

describe('route.name(name)', () => {
  it('names a route, chainable, shown by app.routes() on every method and mount', () => {
    const app = modern()
    const sub = modern()
    sub.route('/users/:id').name('user').get(noop).put(noop)
    sub.get('/unnamed', noop)
    app.use('/api', sub)
    assert.deepEqual(app.routes().map((r) => [r.method, r.path, r.name]), [
      ['GET', '/api/users/:id', 'user'],
      ['PUT', '/api/users/:id', 'user'],
      ['GET', '/api/unnamed', undefined]
    ])
  })

  it('works on routers, and the last name given wins', () => {
    const router = modern.Router()
    const route = router.route('/x').name('first').name('second')
    assert.equal(routeName(route), 'second')
  })

  it('requires a non-empty string', () => {
    const app = modern()
    assert.throws(() => app.route('/x').name(''), TypeError)
    assert.throws(() => app.route('/x').name(42 as unknown as string), /non-empty string/)
  })

  it('does not exist in the default preset', () => {
    assert.equal(typeof framework().route('/x').name, 'undefined')
  })
})
