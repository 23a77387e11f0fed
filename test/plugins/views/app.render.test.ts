import { describe, it } from 'node:test'
import assert from 'node:assert/strict'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import framework from '../../../presets/default'
import { VIEWS, tinyEngine } from './support'

function render (app: any, name: string, locals?: object): Promise<string> {
  return new Promise((resolve, reject) => {
    const cb = (err: Error | null | undefined, html?: string) => { if (err) reject(err); else resolve(html as string) }
    if (locals === undefined) app.render(name, cb)
    else app.render(name, locals, cb)
  })
}

function appWithViews (views: string | string[] = VIEWS) {
  const app = framework()
  app.set('views', views)
  app.engine('tmpl', tinyEngine)
  return app
}

describe('app.render(view, callback)', () => {
  it('renders a view found in the views folder with app.locals', async () => {
    const app = appWithViews()
    app.locals.user = 'tobi'
    assert.equal(await render(app, 'user.tmpl'), '<p>tobi</p>')
  })

  it('adds the view engine extension to names without one (with or without its dot)', async () => {
    for (const engine of ['tmpl', '.tmpl']) {
      const app = appWithViews()
      app.set('view engine', engine)
      app.locals.user = 'loki'
      assert.equal(await render(app, 'user'), '<p>loki</p>')
    }
  })

  it('finds <name>/index.<ext> for a folder name', async () => {
    const app = appWithViews()
    app.set('view engine', 'tmpl')
    assert.equal(await render(app, 'blog'), '<h1>blog index</h1>')
  })

  it('accepts absolute paths', async () => {
    const app = appWithViews('/nowhere')
    app.locals.user = 'abs'
    assert.equal(await render(app, path.join(VIEWS, 'user.tmpl')), '<p>abs</p>')
  })

  it('searches an array of folders in order', async () => {
    const app = appWithViews([path.join(VIEWS, 'views-a'), path.join(VIEWS, 'views-b')])
    assert.equal(await render(app, 'greet.tmpl', { name: 'x' }), '<p>a: x</p>')
    assert.equal(await render(app, 'only-b.tmpl'), '<p>only b</p>')
  })

  it('fails naming the view and the folder(s) searched', async () => {
    await assert.rejects(render(appWithViews(), 'missing.tmpl'), { message: `Failed to lookup view "missing.tmpl" in views directory "${VIEWS}"` })
    const dirs = [path.join(VIEWS, 'a'), path.join(VIEWS, 'b'), path.join(VIEWS, 'c')]
    await assert.rejects(render(appWithViews(dirs), 'missing.tmpl'),
      { message: `Failed to lookup view "missing.tmpl" in views directories "${dirs[0]}", "${dirs[1]}" or "${dirs[2]}"` })
  })

  it('throws when the name has no extension and there is no view engine', () => {
    assert.throws(() => appWithViews().render('user', () => undefined), /No default engine was specified and no extension was provided/)
  })

  it('passes engine errors to the callback', async () => {
    await assert.rejects(render(appWithViews(), 'broken.tmpl'), { name: 'RenderError' })
  })

  it('always calls back asynchronously, even for a synchronous engine', () => {
    const app = appWithViews()
    app.engine('html', (file: string, options: object, cb: (err: null, html: string) => void) => cb(null, 'sync'))
    let called = false
    app.render('page.html', () => { called = true })
    assert.equal(called, false)
  })

  it('requires a callback', () => {
    assert.throws(() => (appWithViews() as any).render('user.tmpl'), /callback function required/)
  })
})

describe('app.render(view, locals, callback)', () => {
  it('gives the call\'s locals precedence over app.locals', async () => {
    const app = appWithViews()
    app.locals.user = 'tobi'
    assert.equal(await render(app, 'user.tmpl', { user: 'jane' }), '<p>jane</p>')
    assert.equal(await render(app, 'user.tmpl', {}), '<p>tobi</p>')
  })

  it('passes settings and the cache flag to the engine', async () => {
    const app = appWithViews()
    let seen: any
    app.engine('html', (file: string, options: any, cb: (err: null, html: string) => void) => { seen = options; cb(null, '') })
    await render(app, 'page.html', { extra: 1 })
    assert.equal(seen.settings, app.settings)
    assert.equal(seen.extra, 1)
    assert.equal(seen.cache, false)
  })
})

describe('app.render() view setting and cache', () => {
  function countingView () {
    const state = { created: 0 }
    class CountingView {
      path = 'anything'
      constructor (public name: string) { state.created++ }
      render (options: any, cb: (err: null, html: string) => void) { cb(null, `view ${this.name}`) }
    }
    return { state, CountingView }
  }

  it('uses the class in the view setting', async () => {
    const app = framework()
    const { CountingView } = countingView()
    app.set('view', CountingView)
    assert.equal(await render(app, 'custom'), 'view custom')
  })

  it('looks views up each time unless view cache or the cache local is on', async () => {
    const app = framework()
    const { state, CountingView } = countingView()
    app.set('view', CountingView)
    await render(app, 'v')
    await render(app, 'v')
    assert.equal(state.created, 2)
    await render(app, 'w', { cache: true })
    await render(app, 'w', { cache: true })
    assert.equal(state.created, 3)
    app.enable('view cache')
    await render(app, 'x')
    await render(app, 'x')
    assert.equal(state.created, 4)
  })

  it('caches names that are also Object.prototype members safely', async () => {
    const app = framework()
    const { state, CountingView } = countingView()
    app.set('view', CountingView)
    app.enable('view cache')
    assert.equal(await render(app, 'constructor'), 'view constructor')
    assert.equal(await render(app, '__proto__'), 'view __proto__')
    assert.equal(await render(app, '__proto__'), 'view __proto__')
    assert.equal(state.created, 2)
    assert.equal(Object.getPrototypeOf(app.cache), Object.prototype)
  })

  it('reports a View that throws while rendering through the callback', async () => {
    const app = framework()
    app.set('view', class { path = 'x'; render () { throw new Error('boom') } })
    await assert.rejects(render(app, 'any'), { message: 'boom' })
  })
})

describe('app.render() defaults', () => {
  it('views defaults to <cwd>/views and view cache to off outside production', () => {
    const app = framework()
    assert.equal(app.get('views'), path.resolve('views'))
    assert.equal(app.enabled('view cache'), false)
    assert.equal(typeof app.get('view'), 'function')
  })

  it('view cache is on in production, and then not inherited by sub-apps', () => {
    const before = process.env.NODE_ENV
    process.env.NODE_ENV = 'production'
    try {
      const parent = framework()
      const child = framework()
      assert.equal(parent.enabled('view cache'), true)
      parent.disable('view cache')
      parent.use(child)
      assert.equal(child.enabled('view cache'), true)
    } finally {
      process.env.NODE_ENV = before
    }
  })

  it('view engine is inherited by sub-apps, views is not', () => {
    const parent = framework()
    const child = framework()
    parent.set('view engine', 'tmpl')
    parent.set('views', '/parent/views')
    parent.use('/c', child)
    assert.equal(child.get('view engine'), 'tmpl')
    assert.equal(child.get('views'), path.resolve('views'))
  })
})

describe('app.render() engines loaded by extension', () => {
  it('requires the module named by the extension from the app\'s folder and uses its __express', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'ristretto-views-'))
    const before = process.cwd()
    try {
      fs.mkdirSync(path.join(dir, 'node_modules', 'fakeengine'), { recursive: true })
      fs.writeFileSync(path.join(dir, 'node_modules', 'fakeengine', 'index.js'),
        'exports.__express = function (file, options, cb) { cb(null, "fake:" + require("path").basename(file) + ":" + options.who) }\n')
      fs.writeFileSync(path.join(dir, 'hello.fakeengine'), '')
      process.chdir(dir)
      const app = framework()
      app.set('views', dir)
      assert.equal(await render(app, 'hello.fakeengine', { who: 'me' }), 'fake:hello.fakeengine:me')
      assert.equal(typeof app.engines['.fakeengine'], 'function')
    } finally {
      process.chdir(before)
      fs.rmSync(dir, { recursive: true, force: true })
    }
  })

  it('falls back to consolidate\'s adapter when the module has no __express', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'ristretto-views-'))
    const before = process.cwd()
    try {
      fs.mkdirSync(path.join(dir, 'node_modules', 'mustache'), { recursive: true })
      fs.writeFileSync(path.join(dir, 'node_modules', 'mustache', 'index.js'), 'exports.render = function () { return "" }\n')
      fs.writeFileSync(path.join(dir, 'page.mustache'), '')
      process.chdir(dir)
      const app = framework()
      app.set('views', dir)
      app.render('page.mustache', () => undefined)
      // eslint-disable-next-line @typescript-eslint/no-require-imports
      assert.equal(app.engines['.mustache'], require('consolidate').mustache)
    } finally {
      process.chdir(before)
      fs.rmSync(dir, { recursive: true, force: true })
    }
  })

  it('throws when the module provides no engine, or cannot be found', () => {
    const app = framework()
    app.set('views', VIEWS)
    assert.throws(() => app.render('file.ms', () => undefined), /Module "ms" does not provide a view engine\./)
    assert.throws(() => app.render('file.no-such-engine-xyz', () => undefined), /Cannot find module 'no-such-engine-xyz'/)
  })

  it('names what to install when the module cannot be found, after Express\'s own first line and with its code', () => {
    const thrown = (render: () => void): NodeJS.ErrnoException => {
      try {
        render()
      } catch (err) {
        return err as NodeJS.ErrnoException
      }
      assert.fail('app.render did not throw')
    }
    const app = framework()
    app.set('views', VIEWS)
    // eslint-disable-next-line @typescript-eslint/no-require-imports
    const express4 = (require('express') as () => typeof app)()
    express4.set('views', VIEWS)
    const ours = thrown(() => app.render('file.no-such-engine-xyz', () => undefined))
    const theirs = thrown(() => express4.render('file.no-such-engine-xyz', () => undefined))
    assert.equal(Object.getPrototypeOf(ours), Error.prototype)
    assert.equal(ours.code, 'MODULE_NOT_FOUND')
    assert.equal(ours.code, theirs.code)
    const [first, ...rest] = ours.message.split('\n')
    assert.equal(first, theirs.message.split('\n')[0])
    assert.deepEqual(rest, ['No view engine is set up for ".no-such-engine-xyz" files: npm install no-such-engine-xyz, ' +
      'or register one with app.engine(\'no-such-engine-xyz\', fn)'])
  })
})
