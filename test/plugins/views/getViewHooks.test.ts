import { describe, it } from 'node:test'
import assert from 'node:assert/strict'
import request from 'supertest'
import { createFramework } from '../../../kernel'
import { requestPlugin } from '../../../plugins/request'
import { responsePlugin } from '../../../plugins/response'
import { viewsPlugin, getViewHooks } from '../../../plugins/views'
import { VIEWS } from './support'

describe('getViewHooks(framework | app)', () => {
  it('returns the same hooks for a framework and its apps, other ones for another framework', () => {
    const one = createFramework({ plugins: [viewsPlugin()] })
    const two = createFramework({ plugins: [viewsPlugin()] })
    assert.equal(getViewHooks(one()), getViewHooks(one))
    assert.notEqual(getViewHooks(one), getViewHooks(two))
  })

  it('resolveEngine supplies engines for unregistered extensions, before the module loader', async () => {
    const fw = createFramework({ plugins: [requestPlugin(), responsePlugin(), viewsPlugin()] })
    getViewHooks(fw).resolveEngine.tap('test', (ext) => ext === '.html'
      ? (file: string, options: Record<string, any>, cb: (err: null, html: string) => void) => cb(null, `custom ${options.title}`)
      : undefined)
    const app = fw()
    app.set('views', VIEWS)
    app.use((req, res) => { res.render('page.html', { title: 'T' }) })
    await request(app).get('/').expect(200, 'custom T')
  })

  it('beforeRender can add locals', async () => {
    const fw = createFramework({ plugins: [requestPlugin(), responsePlugin(), viewsPlugin()] })
    getViewHooks(fw).beforeRender.tap('test', (app, name, options) => { options.title = `${name} via hook` })
    const app = fw()
    app.set('views', VIEWS)
    app.engine('html', (file: string, options: Record<string, any>, cb: (err: null, html: string) => void) => cb(null, options.title))
    app.use((req, res) => { res.render('page.html') })
    await request(app).get('/').expect(200, 'page.html via hook')
  })

  it('is usable by a plugin applied before the views plugin', () => {
    let tapped = false
    const fw = createFramework({
      plugins: [
        { name: 'early', apply (kernel) { getViewHooks(kernel.framework).beforeRender.tap('early', () => { tapped = true }) } },
        viewsPlugin()
      ]
    })
    const app = fw()
    app.set('view', class { path = 'x'; render (o: object, cb: (e: null, h: string) => void) { cb(null, '') } })
    app.render('x', () => undefined)
    assert.ok(tapped)
  })
})
