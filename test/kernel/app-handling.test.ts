import { describe, it } from 'node:test'
import assert from 'node:assert/strict'
import request from 'supertest'
import { createFramework } from '../../kernel'
import minimal from '../../presets/minimal'
import defaultPreset from '../../presets/default'
import { captureConsoleError } from './support'

// createFramework's `app` option: where requests are initialised, and how an escaped error is logged.

describe('createFramework({ app })', () => {
  it('initialises requests in a first layer, expressInit, by default', () => {
    const app = createFramework({ app: {} })()
    app.use(function custom (req, res, next) { next() })
    assert.deepEqual(app._router!.stack.map((layer) => layer.name), ['expressInit', 'custom'])
  })

  it('with init "handle", initialises them in app.handle: the router holds only the app\'s layers', async () => {
    const framework = createFramework({ app: { init: 'handle' } })
    const app = framework()
    app.get('/', function answer (req, res) {
      res.setHeader('Content-Type', 'application/json')
      res.end(JSON.stringify({
        links: [req.res === res, res.req === req],
        prototypes: [Object.getPrototypeOf(req) === app.request, Object.getPrototypeOf(res) === app.response],
        locals: typeof res.locals
      }))
    })
    assert.deepEqual(app._router!.stack.map((layer) => layer.name), ['bound dispatch'])
    const res = await request(app).get('/')
    assert.equal(res.headers['x-powered-by'], 'Express')
    assert.deepEqual(res.body, { links: [true, true], prototypes: [true, true], locals: 'object' })
  })

  it('with init "handle", answers 404 with X-Powered-By from an app without a router, unless disabled', async () => {
    const framework = createFramework({ app: { init: 'handle' } })
    const res = await request(framework()).get('/')
    assert.equal(res.status, 404)
    assert.equal(res.headers['x-powered-by'], 'Express')
    const quiet = framework()
    quiet.disable('x-powered-by')
    assert.equal((await request(quiet).get('/')).headers['x-powered-by'], undefined)
  })

  it('gives sub-apps of either kind their own prototypes, and the parent\'s back after them', async () => {
    const handled = createFramework({ plugins: defaultPreset.plugins, app: { init: 'handle' } })
    for (const [Parent, Child] of [[handled, defaultPreset], [defaultPreset, handled]] as const) {
      const parent = Parent()
      const child = Child()
      child.get('/', (req, res, next) => { res.locals.child = Object.getPrototypeOf(req) === child.request; next() })
      parent.use('/child', child)
      parent.use((req, res) => { res.json([res.locals.child, Object.getPrototypeOf(req) === parent.request]) })
      assert.deepEqual((await request(parent).get('/child')).body, [true, true])
    }
  })

  it('logs an escaped error with logError, outside the test env', async () => {
    const seen: unknown[] = []
    const framework = createFramework({ app: { logError: (err) => { seen.push(err) } } })
    const error = new Error('boom')
    const app = framework()
    app.set('env', 'development')
    app.use((req, res, next) => { next(error) })
    const printed = await captureConsoleError(async () => { await request(app).get('/') })
    assert.deepEqual(seen, [error])
    assert.deepEqual(printed, [])
    app.set('env', 'test')
    await request(app).get('/')
    await new Promise((resolve) => setImmediate(resolve))
    assert.equal(seen.length, 1)
  })

  it('logs the stack (else the text) by default', async () => {
    const app = minimal()
    app.set('env', 'production')
    const error = new Error('boom')
    app.use((req, res, next) => { next(req.url === '/text' ? 'plain text' : error) })
    const printed = await captureConsoleError(async () => {
      await request(app).get('/')
      await request(app).get('/text')
    })
    assert.deepEqual(printed, [[error.stack], ['plain text']])
  })
})
