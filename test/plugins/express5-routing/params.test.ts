import { describe, it } from 'node:test'
import assert from 'node:assert/strict'
import { dispatch, echoParams, Router5 } from './support'

type Next = (err?: unknown) => void
type Req = { params: Record<string, any>, [key: string]: any }
type Res = { end (body: string): void }

describe('express5-routing: req.params and router.param', () => {
  it('runs a param callback before the route, with the decoded value, and lets it change the value', async () => {
    const router = Router5()
    const seen: unknown[] = []
    router.param('id', (req: Req, res: Res, next: Next, value: unknown, name: string) => {
      seen.push([value, name])
      req.params.id = Number(value)
      next()
    })
    router.get('/users/:id', echoParams)
    assert.deepEqual(await dispatch(router, 'GET', '/users/4%32'), { answered: '{"id":42}', headers: {} })
    assert.deepEqual(seen, [['42', 'id']])
  })

  it('gives a wildcard\'s callback the array of segments', async () => {
    const router = Router5()
    let value: unknown
    router.param('rest', (req: Req, res: Res, next: Next, v: unknown) => { value = v; next() })
    router.get('/files/*rest', echoParams)
    await dispatch(router, 'GET', '/files/a/b')
    assert.deepEqual(value, ['a', 'b'])
  })

  it('calls a param callback once per value in a request, and again for another value', async () => {
    const router = Router5()
    const calls: string[] = []
    router.param('id', (req: Req, res: Res, next: Next, value: string) => { calls.push(value); req.params.id = 'loaded ' + value; next() })
    router.get('/:id', (req: Req, res: Res, next: Next) => { calls.push('first ' + req.params.id); next() })
    router.get('/:id', (req: Req, res: Res, next: Next) => { calls.push('second ' + req.params.id); req.url = '/other'; next() })
    router.get('/:id', echoParams)
    assert.deepEqual(await dispatch(router, 'GET', '/7'), { answered: '{"id":"loaded other"}', headers: {} })
    assert.deepEqual(calls, ['7', 'first loaded 7', 'second loaded 7', 'other'])
  })

  it('skips the route when a param callback passes an error, throws, or says "route"', async () => {
    const failing = Router5()
    failing.param('id', (req: Req, res: Res, next: Next) => { next(new Error('no such user')) })
    failing.get('/:id', echoParams)
    assert.deepEqual(await dispatch(failing, 'GET', '/1'), { next: true, error: { message: 'no such user' } })

    const throwing = Router5()
    throwing.param('id', () => { throw new Error('thrown in param') })
    throwing.get('/:id', echoParams)
    assert.deepEqual(await dispatch(throwing, 'GET', '/1'), { next: true, error: { message: 'thrown in param' } })

    const skipping = Router5()
    skipping.param('id', (req: Req, res: Res, next: Next) => { next('route') })
    skipping.get('/:id', echoParams)
    skipping.get('/:other', (req: Req, res: Res) => { res.end('next route') })
    assert.deepEqual(await dispatch(skipping, 'GET', '/1'), { answered: 'next route', headers: {} })
  })

  it('refuses the removed forms and bad arguments of router.param', () => {
    const router = Router5()
    assert.throws(() => router.param((name: string) => name), { name: 'TypeError', message: 'argument name must be a string' })
    assert.throws(() => router.param(), { name: 'TypeError', message: 'argument name is required' })
    assert.throws(() => router.param('id'), { name: 'TypeError', message: 'argument fn is required' })
    assert.throws(() => router.param('id', 42), { name: 'TypeError', message: 'argument fn must be a function' })
  })

  it('takes a leading colon as part of the name: `:id` callbacks do not run for `/:id`', async () => {
    const router = Router5()
    let called = false
    router.param(':id', (req: Req, res: Res, next: Next) => { called = true; next() })
    router.get('/:id', echoParams)
    assert.deepEqual(await dispatch(router, 'GET', '/1'), { answered: '{"id":"1"}', headers: {} })
    assert.equal(called, false)
  })

  it('keeps parameters named like Object.prototype members apart from it', async () => {
    const router = Router5()
    const calls: string[] = []
    router.get('/:constructor', echoParams)
    assert.deepEqual(await dispatch(router, 'GET', '/x'), { answered: '{"constructor":"x"}', headers: {} })
    router.param('toString', (req: Req, res: Res, next: Next, value: string) => { calls.push(value); next() })
    router.get('/s/:toString', echoParams)
    assert.deepEqual(await dispatch(router, 'GET', '/s/y'), { answered: '{"toString":"y"}', headers: {} })
    assert.deepEqual(calls, ['y'])
  })

  it('passes a 400 error on for a parameter that cannot be decoded, and runs no route', async () => {
    const router = Router5()
    router.get('/:id', echoParams)
    assert.deepEqual(await dispatch(router, 'GET', '/%E0%A4%A'), { next: true, error: { message: 'Failed to decode param \'%E0%A4%A\'', status: 400 } })
    router.get('/files/*path', echoParams)
    assert.deepEqual(await dispatch(router, 'GET', '/files/a/%ZZ'), { next: true, error: { message: 'Failed to decode param \'%ZZ\'', status: 400 } })
  })

  describe('mergeParams', () => {
    function mounted (options: object) {
      const parent = Router5()
      const child = Router5(options)
      child.get('/posts/:postId', echoParams)
      child.get('/as/:userId', echoParams)
      parent.use('/users/:userId', child)
      return parent
    }

    it('gives a mergeParams router its parent\'s params under its own', async () => {
      const parent = mounted({ mergeParams: true })
      assert.deepEqual(JSON.parse((await dispatch(parent, 'GET', '/users/1/posts/2') as { answered: string }).answered), { userId: '1', postId: '2' })
      assert.deepEqual(JSON.parse((await dispatch(parent, 'GET', '/users/1/as/3') as { answered: string }).answered), { userId: '3' })
    })

    it('gives other routers their own params only', async () => {
      assert.deepEqual(await dispatch(mounted({}), 'GET', '/users/1/posts/2'), { answered: '{"postId":"2"}', headers: {} })
    })

    it('shifts the child\'s numbered captures past the parent\'s', async () => {
      const parent = Router5()
      const child = Router5({ mergeParams: true })
      child.get(/^\/(\d+)$/, echoParams)
      parent.use(/^\/([a-z]+)/, child)
      assert.deepEqual(JSON.parse((await dispatch(parent, 'GET', '/abc/42') as { answered: string }).answered), { 0: 'abc', 1: '42' })
    })

    it('gives the parent its params back when the child hands the request on', async () => {
      const parent = Router5()
      const child = Router5({ mergeParams: true })
      child.use((req: Req, res: Res, next: Next) => { next() })
      parent.use('/:section', child)
      parent.use('/:section', echoParams)
      assert.deepEqual(await dispatch(parent, 'GET', '/news/1'), { answered: '{"section":"news"}', headers: {} })
    })
  })
})
