import { describe, it } from 'node:test'
import assert from 'node:assert/strict'
import { dispatch, Router4, Router5 } from './support'

type Next = (err?: unknown) => void
type Res = { end (body: string): void }

/** An error handler that answers with the error's message. */
const report = (err: Error, req: unknown, res: Res, next: Next) => { void next; res.end('handled: ' + err.message) }
const tick = () => new Promise((resolve) => setImmediate(resolve))

describe('express5-routing: promises and thrown errors', () => {
  it('passes the rejection of an async route handler to the error handlers', async () => {
    const router = Router5()
    router.get('/', async () => { await tick(); throw new Error('async failure') })
    router.use(report)
    assert.deepEqual(await dispatch(router, 'GET', '/'), { answered: 'handled: async failure', headers: {} })
  })

  it('passes the rejection of async middleware, and of an async error handler', async () => {
    const router = Router5()
    router.use(async () => { throw new Error('first') })
    router.use(async (err: Error, req: unknown, res: unknown, next: Next) => { void next; throw new Error(err.message + ', then second') })
    router.use(report)
    assert.deepEqual(await dispatch(router, 'GET', '/'), { answered: 'handled: first, then second', headers: {} })
  })

  it('passes the rejection of an async param callback, and runs no route', async () => {
    const router = Router5()
    let ran = false
    router.param('id', async () => { await tick(); throw new Error('param failed') })
    router.get('/:id', () => { ran = true })
    router.use(report)
    assert.deepEqual(await dispatch(router, 'GET', '/1'), { answered: 'handled: param failed', headers: {} })
    assert.equal(ran, false)
  })

  it('makes a rejection without a reason an Error("Rejected promise")', async () => {
    const router = Router5()
    // eslint-disable-next-line prefer-promise-reject-errors
    router.get('/', () => Promise.reject(undefined))
    assert.deepEqual(await dispatch(router, 'GET', '/'), { next: true, error: { message: 'Rejected promise' } })
  })

  it('passes a synchronous throw on, from handlers and error handlers', async () => {
    const router = Router5()
    router.get('/', () => { throw new Error('sync') })
    router.use((err: Error, req: unknown, res: unknown, next: Next) => { void next; throw new Error('again: ' + err.message) })
    assert.deepEqual(await dispatch(router, 'GET', '/'), { next: true, error: { message: 'again: sync' } })
  })

  it('waits on thenables that are not native promises', async () => {
    const router = Router5()
    const thenable = { then (resolve: unknown, reject: (reason: unknown) => void) { setImmediate(reject, new Error('from a thenable')) } }
    router.get('/', () => thenable)
    const stderr = process.stderr.write
    process.stderr.write = () => true // the deprecation notice
    try {
      assert.deepEqual(await dispatch(router, 'GET', '/'), { next: true, error: { message: 'from a thenable' } })
    } finally {
      process.stderr.write = stderr
    }
  })

  it('ignores a fulfilled promise: the handler answers or calls next itself', async () => {
    const router = Router5()
    router.get('/', async (req: unknown, res: unknown, next: Next) => { await tick(); next() })
    router.get('/', async (req: unknown, res: Res) => { res.end('second') })
    assert.deepEqual(await dispatch(router, 'GET', '/'), { answered: 'second', headers: {} })
  })

  it('routes a returned rejection in an Express 5 router, and leaves it alone in an Express 4 one', async () => {
    for (const [Router, expected] of [[Router5, 'handled: not routed'], [Router4, 'answered by the handler']] as const) {
      const router = Router()
      let response: Res | undefined
      router.get('/', (req: unknown, res: Res) => {
        response = res
        const rejected = Promise.reject(new Error('not routed'))
        rejected.catch(() => {})
        return rejected
      })
      router.use(report)
      const pending = dispatch(router, 'GET', '/')
      await tick()
      await tick()
      response!.end('answered by the handler')
      assert.deepEqual(await pending, { answered: expected, headers: {} })
    }
  })
})
