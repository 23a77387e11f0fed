import { describe, it } from 'node:test'
import assert from 'node:assert/strict'
import modern from '../../../presets/modern'
import framework from '../../../presets/default'
import { both } from '../../support/both'
import { inject } from '../../../plugins/inject'
import { REJECTED_WITHOUT_REASON } from '../../../plugins/async-handlers'
import { reportErrors, quietRejection, tick } from './support'
import type { NextFunction, Request, Response } from '../../../kernel'

describe('asyncHandlersPlugin()', { timeout: 20_000 }, () => {
  describe('a route handler', () => {
    const app = modern()
    app.get('/throws', async () => { throw new Error('async throw') })
    app.get('/rejects', () => Promise.reject(new Error('rejected')))
    app.get('/later', async () => {
      await tick()
      throw new Error('after a tick')
    })
    app.get('/resolves', async (req, res) => {
      await tick()
      res.send('resolved')
    })
    app.use(reportErrors)

    both('that throws inside an async function reaches the error handler', async (send) => {
      const res = await send(app, '/throws')
      assert.equal(res.status, 500)
      assert.equal(res.text, 'caught: async throw')
    })

    both('that returns a rejected promise reaches the error handler', async (send) => {
      const res = await send(app, '/rejects')
      assert.equal(res.text, 'caught: rejected')
    })

    both('that rejects after awaiting reaches the error handler', async (send) => {
      assert.equal((await send(app, '/later')).text, 'caught: after a tick')
    })

    both('that resolves answers as usual', async (send) => {
      const res = await send(app, '/resolves')
      assert.equal(res.status, 200)
      assert.equal(res.text, 'resolved')
    })
  })

  describe('middleware and error middleware', () => {
    it('sends an async middleware\'s rejection down the error path, skipping routes', async () => {
      const app = modern()
      let routeRan = false
      app.use(async () => { throw new Error('from middleware') })
      app.get('/', (req, res) => { routeRan = true; res.send('route') })
      app.use(reportErrors)
      const res = await app.inject('/')
      assert.equal(res.text, 'caught: from middleware')
      assert.equal(routeRan, false)
    })

    it('passes a rejection of an error handler to the next error handler', async () => {
      const app = modern()
      app.get('/', () => { throw new Error('first') })
      app.use(async (err: Error, req: Request, res: Response, next: NextFunction) => {
        throw new Error(`${err.message} then second`)
      })
      app.use(reportErrors)
      assert.equal((await app.inject('/')).text, 'caught: first then second')
    })

    it('keeps each function\'s arity, so four-parameter async functions stay error handlers', async () => {
      const app = modern()
      const errorHandler = async (err: Error, req: Request, res: Response, next: NextFunction): Promise<void> => {
        res.status(418).send('error handler: ' + err.message)
      }
      app.use(async (req: Request, res: Response, next: NextFunction) => { next() })
      app.get('/', async () => { throw new Error('x') })
      app.use(errorHandler)
      const stack = app._router!.stack
      assert.deepEqual(stack.map((l) => l.handle.length), [3, 3, 3, 3, 4])
      assert.equal(stack[4].handle.name, 'errorHandler')
      const res = await app.inject('/')
      assert.equal(res.status, 418)
      assert.equal(res.text, 'error handler: x')
    })

    it('still catches synchronous throws', async () => {
      const app = modern()
      app.get('/', () => { throw new Error('sync') })
      app.use(reportErrors)
      assert.equal((await app.inject('/')).text, 'caught: sync')
    })
  })

  describe('param callbacks', () => {
    it('send a rejection to the error handlers and skip the route', async () => {
      const app = modern()
      let routeRan = false
      app.param('id', async (req, res, next, value) => {
        await tick()
        if (value === 'bad') throw new Error(`no item ${value}`)
        ;(req as Request & { item?: string }).item = `item ${value}`
        next()
      })
      app.get('/items/:id', (req, res) => { routeRan = true; res.send((req as Request & { item?: string }).item) })
      app.use(reportErrors)
      assert.equal((await app.inject('/items/1')).text, 'item 1')
      routeRan = false
      assert.equal((await app.inject('/items/bad')).text, 'caught: no item bad')
      assert.equal(routeRan, false)
    })

    it('cover routers and params registered on them', async () => {
      const app = modern()
      const router = modern.Router()
      router.param('name', () => quietRejection(new Error('param failed')))
      router.get('/:name', (req, res) => { res.send('never') })
      app.use('/r', router)
      app.use(reportErrors)
      assert.equal((await app.inject('/r/x')).text, 'caught: param failed')
    })
  })

  describe('a rejection without a reason', () => {
    for (const reason of [undefined, null, 0, '', false]) {
      it(`(${JSON.stringify(reason) ?? 'undefined'}) becomes an Error`, async () => {
        const app = modern()
        let seen: unknown
        app.get('/', () => quietRejection(reason))
        app.use((err: unknown, req: Request, res: Response, next: NextFunction) => {
          seen = err
          res.status(500).end()
        })
        assert.equal((await app.inject('/')).status, 500)
        assert.ok(seen instanceof Error)
        assert.equal((seen as Error).message, REJECTED_WITHOUT_REASON)
      })
    }
  })

  describe('a handler that returns a promise and also calls next', () => {
    it('moves the request on once when the promise resolves', async () => {
      const app = modern()
      let runs = 0
      app.use(async (req: Request, res: Response, next: NextFunction) => { next() })
      app.use((req: Request, res: Response, next: NextFunction) => { runs++; next() })
      app.get('/', (req, res) => { res.send(`runs: ${runs}`) })
      assert.equal((await app.inject('/')).text, 'runs: 1')
      await tick()
      assert.equal(runs, 1)
    })

    it('does not route a rejection that comes after next()', async () => {
      const app = modern()
      let handlerRuns = 0
      let errorRuns = 0
      app.use(async (req: Request, res: Response, next: NextFunction) => {
        next()
        throw new Error('too late')
      })
      app.get('/', async (req, res) => {
        handlerRuns++
        await tick()
        res.send('answered')
      })
      app.use((err: Error, req: Request, res: Response, next: NextFunction) => { errorRuns++; next(err) })
      const res = await app.inject('/')
      assert.equal(res.text, 'answered')
      assert.equal(handlerRuns, 1)
      assert.equal(errorRuns, 0)
    })

    it('gives middleware the same next as req.next, as a router does', async () => {
      const app = modern()
      const seen: boolean[] = []
      app.use((req: Request, res: Response, next: NextFunction) => { seen.push(req.next === next); next() })
      app.use(async (req: Request, res: Response, next: NextFunction) => { seen.push(req.next === next); next() })
      app.get('/', (req, res) => {
        res.format({ default: (a: unknown, b: unknown, c: unknown) => { res.send(String(c === req.next)) } })
      })
      assert.equal((await app.inject('/')).text, 'true')
      assert.deepEqual(seen, [true, true])
    })

    it('keeps req.next usable after a wrapped middleware called next', async () => {
      const app = modern()
      app.get('/', (req: Request, res: Response) => {
        setImmediate(() => { req.next!(new Error('through req.next')) })
      })
      app.use(reportErrors)
      assert.equal((await app.inject('/')).text, 'caught: through req.next')
    })
  })

  describe('mounted sub-apps and routers', () => {
    both('catch rejections at every depth, ending in the parent\'s error handler', async (send) => {
      const app = modern()
      const sub = modern()
      const router = modern.Router()
      router.get('/deep', async () => { throw new Error('in a router of a sub-app') })
      sub.use('/r', router)
      sub.get('/page', () => quietRejection(new Error('in a sub-app')))
      app.use('/sub', sub)
      app.use(reportErrors)
      assert.equal((await send(app, '/sub/page')).text, 'caught: in a sub-app')
      assert.equal((await send(app, '/sub/r/deep')).text, 'caught: in a router of a sub-app')
    })
  })

  describe('without the plugin (default preset)', () => {
    it('ignores a returned promise, as Express 4 does', async () => {
      const app = framework()
      let errorRuns = 0
      app.get('/', (req, res) => {
        setTimeout(() => { res.send('answered anyway') }, 10)
        return quietRejection(new Error('ignored'))
      })
      app.use((err: Error, req: Request, res: Response, next: NextFunction) => { errorRuns++; next(err) })
      const res = await inject(app, '/')
      assert.equal(res.text, 'answered anyway')
      assert.equal(errorRuns, 0)
    })

    it('leaves handlers unwrapped', () => {
      const app = framework()
      const handler = async (): Promise<void> => {}
      app.get('/', handler)
      assert.equal(app._router!.stack[2].route!.stack[0].handle, handler)
    })
  })
})
