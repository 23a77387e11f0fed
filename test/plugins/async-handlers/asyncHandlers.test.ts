import { describe, it } from 'node:test'
import assert from 'node:assert/strict'
import framework from '../../../presets/default'
import { asyncHandlers } from '../../../plugins/async-handlers'
import { inject } from '../../../plugins/inject'
import { PluginError, type NextFunction, type Request, type Response } from '../../../kernel'
import { scoped, reportErrors, quietRejection } from './support'

/**
 * A handler whose rejection is only seen when its scope is async-aware; it answers by itself
 * after 300 ms otherwise. A routed rejection is answered within a turn or two of the event loop,
 * far inside that deadline even on a loaded machine.
 */
function rejectsOrTimesOut (message: string) {
  return (req: Request, res: Response) => {
    setTimeout(() => { if (!res.headersSent) res.send('ignored') }, 300)
    return quietRejection(new Error(message))
  }
}

describe('asyncHandlers(target)', { timeout: 20_000 }, () => {
  it('returns the target', () => {
    const router = scoped.Router()
    assert.equal(asyncHandlers(router), router)
    const app = scoped()
    assert.equal(asyncHandlers(app), app)
  })

  it('throws a PluginError when the framework lacks the plugin', () => {
    assert.throws(() => asyncHandlers(framework()), (err: unknown) =>
      err instanceof PluginError && err.code === 'RST_PLUGIN_MISSING' && /async-handlers/.test(err.message))
  })

  describe('on a router', () => {
    it('covers that router only, not its siblings nor the app', async () => {
      const app = scoped()
      const plain = scoped.Router()
      const aware = asyncHandlers(scoped.Router())
      plain.get('/x', rejectsOrTimesOut('plain'))
      aware.get('/x', rejectsOrTimesOut('aware'))
      app.get('/x', rejectsOrTimesOut('app'))
      app.use('/plain', plain)
      app.use('/aware', aware)
      app.use(reportErrors)
      assert.equal((await inject(app, '/aware/x')).text, 'caught: aware')
      assert.equal((await inject(app, '/plain/x')).text, 'ignored')
      assert.equal((await inject(app, '/x')).text, 'ignored')
    })

    it('covers handlers, routes and params added before and after it was enabled', async () => {
      const app = scoped()
      const router = scoped.Router()
      router.param('before', () => quietRejection(new Error('param before')))
      router.get('/before', rejectsOrTimesOut('route before'))
      asyncHandlers(router)
      router.param('after', async () => { throw new Error('param after') })
      router.route('/after').get(rejectsOrTimesOut('route after'))
      router.use('/mw', async () => { throw new Error('middleware after') })
      router.get('/p/:before', (req, res) => { res.send('never') })
      router.get('/q/:after', (req, res) => { res.send('never') })
      app.use(router)
      app.use(reportErrors)
      assert.equal((await inject(app, '/before')).text, 'caught: route before')
      assert.equal((await inject(app, '/after')).text, 'caught: route after')
      assert.equal((await inject(app, '/mw')).text, 'caught: middleware after')
      assert.equal((await inject(app, '/p/1')).text, 'caught: param before')
      assert.equal((await inject(app, '/q/1')).text, 'caught: param after')
    })

    it('covers its subtree: routers and sub-apps mounted in it, before or after', async () => {
      const app = scoped()
      const outer = scoped.Router()
      const early = scoped.Router()
      early.get('/x', rejectsOrTimesOut('early router'))
      outer.use('/early', early)
      asyncHandlers(outer)
      const late = scoped.Router()
      outer.use('/late', late)
      late.get('/x', rejectsOrTimesOut('late router'))
      const sub = scoped()
      sub.get('/x', rejectsOrTimesOut('sub-app'))
      outer.use('/sub', sub)
      app.use(outer)
      app.use(reportErrors)
      assert.equal((await inject(app, '/early/x')).text, 'caught: early router')
      assert.equal((await inject(app, '/late/x')).text, 'caught: late router')
      assert.equal((await inject(app, '/sub/x')).text, 'caught: sub-app')
    })
  })

  describe('on an app', () => {
    it('covers the app, including routes added before its router existed', async () => {
      const app = asyncHandlers(scoped())
      app.set('strict routing', true)
      app.get('/x/', async () => { throw new Error('app route') })
      app.use(reportErrors)
      assert.equal((await inject(app, '/x/')).text, 'caught: app route')
      assert.equal((await inject(app, '/x')).status, 404, 'settings chosen after enabling still apply')
    })

    it('covers sub-apps mounted before and after, not the parent', async () => {
      const parent = scoped()
      const app = scoped()
      const before = scoped()
      before.get('/x', rejectsOrTimesOut('before'))
      app.use('/before', before)
      asyncHandlers(app)
      const after = scoped()
      app.use('/after', after)
      after.get('/x', rejectsOrTimesOut('after'))
      parent.get('/x', rejectsOrTimesOut('parent'))
      parent.use('/app', app)
      parent.use((err: Error, req: Request, res: Response, next: NextFunction) => { res.status(500).send('parent caught: ' + err.message) })
      assert.equal((await inject(parent, '/app/before/x')).text, 'parent caught: before')
      assert.equal((await inject(parent, '/app/after/x')).text, 'parent caught: after')
      assert.equal((await inject(parent, '/x')).text, 'ignored')
    })
  })
})
