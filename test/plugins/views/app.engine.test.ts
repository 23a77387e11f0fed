import { describe, it } from 'node:test'
import assert from 'node:assert/strict'
import framework from '../../../presets/default'
import { VIEWS, tinyEngine } from './support'

describe('app.engine(ext, fn)', () => {
  it('registers an engine under the extension, with or without its dot, and returns the app', () => {
    const app = framework()
    assert.equal(app.engine('tmpl', tinyEngine), app)
    app.engine('.html', tinyEngine)
    assert.equal(app.engines['.tmpl'], tinyEngine)
    assert.equal(app.engines['.html'], tinyEngine)
  })

  it('throws when fn is not a function', () => {
    const app = framework()
    assert.throws(() => app.engine('tmpl', null as any), /callback function required/)
  })

  it('is used to render views of that extension', (t, done) => {
    const app = framework()
    app.set('views', VIEWS)
    app.engine('html', tinyEngine)
    app.render('page.html', { title: 'hi' }, (err, html) => {
      assert.equal(err, null)
      assert.equal(html, '<b>hi</b>')
      done()
    })
  })

  it('reaches mounted sub-apps, which may override it', async () => {
    const parent = framework()
    const child = framework()
    parent.engine('tmpl', tinyEngine)
    parent.use('/child', child)
    assert.equal(child.engines['.tmpl'], tinyEngine)
    const other = () => undefined
    child.engine('tmpl', other)
    assert.equal(child.engines['.tmpl'], other)
    assert.equal(parent.engines['.tmpl'], tinyEngine)
  })
})
