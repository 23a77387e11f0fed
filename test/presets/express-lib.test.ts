// The `express/lib/…` module paths of Express 4, as packages installed beside Ristretto under
// Express's name reach them (express-async-errors, instrumentation, view patches): each path, with
// and without `.js`, is the live object of the default preset, and patching it changes what apps
// do. Every case runs the built package in a fresh node process from a temporary folder whose
// node_modules/express links to the project root, and runs the same way against express@4 itself.
import { describe, it, before, after } from 'node:test'
import assert from 'node:assert/strict'
import { EXPRESS_TARGETS, REQUEST_HELPER, aliasProject, type AliasProject } from '../ecosystem/support/express-alias'

const PATHS = [
  'lib/express', 'lib/application', 'lib/request', 'lib/response', 'lib/view', 'lib/utils',
  'lib/router', 'lib/router/index', 'lib/router/route', 'lib/router/layer', 'lib/middleware/init', 'lib/middleware/query'
]

/** Runs `body` (CommonJS, awaited, with `express`, `request(app, path)` and an `out` object to fill) and returns `out`. */
function check (project: AliasProject, body: string): any {
  const source = `
    const express = require('express')
    ${REQUEST_HELPER}
    const out = {}
    ;(async () => { ${body} })().then(
      () => { console.log(JSON.stringify(out)) },
      (err) => { console.error(err); process.exit(1) })
  `
  return JSON.parse(project.run(source))
}

for (const [name, target] of EXPRESS_TARGETS) {
  describe(`express/lib paths, node_modules/express → ${name}`, () => {
    let project: AliasProject
    before(() => { project = aliasProject(target()) })
    after(() => { project.remove() })

    it('resolves every path, with and without .js, to one module', () => {
      const out = check(project, `
        const paths = ${JSON.stringify(PATHS)}
        for (const p of paths) {
          const mod = require('express/' + p)
          out[p] = [typeof mod, p === 'lib/router' || require('express/' + p + '.js') === mod]
        }
        out.routerIsIndex = require('express/lib/router') === require('express/lib/router/index')
      `)
      const kinds: Record<string, string> = { 'lib/application': 'object', 'lib/request': 'object', 'lib/response': 'object', 'lib/utils': 'object', 'lib/middleware/init': 'object' }
      for (const p of PATHS) assert.deepEqual(out[p], [kinds[p] ?? 'function', true], p)
      assert.equal(out.routerIsIndex, true)
    })

    it('lib/express is the framework itself', () => {
      const out = check(project, `
        const lib = require('express/lib/express')
        out.same = lib === express
        out.app = typeof lib()
        out.statics = ['Router', 'Route', 'static', 'json', 'urlencoded', 'application', 'request', 'response'].map((n) => lib[n] === express[n])
      `)
      assert.deepEqual(out, { same: true, app: 'function', statics: Array(8).fill(true) })
    })

    it('lib/application is the prototype apps are made from: a method added to it reaches new apps', async () => {
      const out = check(project, `
        const application = require('express/lib/application')
        out.same = application === express.application
        application.greeting = function greeting () { return 'hello from ' + this.get('title') }
        const set = application.set
        const seen = []
        application.set = function patchedSet (setting) {
          if (arguments.length === 2) seen.push(setting)
          return set.apply(this, arguments)
        }
        const app = express()
        app.set('title', 'the app')
        app.enable('patched')
        out.greeting = app.greeting()
        out.enabledThroughSet = seen.includes('patched')
      `)
      assert.deepEqual(out, { same: true, greeting: 'hello from the app', enabledThroughSet: true })
    })

    it('lib/request is the request prototype: a getter added to it is on every req', async () => {
      const out = check(project, `
        const req = require('express/lib/request')
        out.same = req === express.request
        Object.defineProperty(req, 'shout', { configurable: true, get () { return this.path.toUpperCase() } })
        const app = express()
        app.get('/quiet', (req, res) => { res.send(req.shout) })
        out.body = (await request(app, '/quiet')).body
      `)
      assert.deepEqual(out, { same: true, body: '/QUIET' })
    })

    it('lib/response is the response prototype: res.json goes through a patched res.send', async () => {
      const out = check(project, `
        const res = require('express/lib/response')
        out.same = res === express.response
        const send = res.send
        res.send = function patchedSend (body) {
          this.set('X-Sent-By', 'patch')
          return send.call(this, body)
        }
        res.hello = function hello () { return this.json({ hello: true }) }
        const app = express()
        app.get('/', (req, res) => { res.hello() })
        const reply = await request(app, '/')
        out.reply = [reply.status, reply.headers['x-sent-by'], reply.headers['content-type'], reply.body]
      `)
      assert.deepEqual(out, { same: true, reply: [200, 'patch', 'application/json; charset=utf-8', '{"hello":true}'] })
    })

    it('lib/view is the View class of every app: a patched lookup is used by res.render', async () => {
      const out = check(project, `
        const View = require('express/lib/view')
        out.same = express().get('view') === View
        View.prototype.lookup = function lookup (name) { return '/nowhere/' + name }
        const app = express()
        app.engine('tpl', (file, options, callback) => { callback(null, 'rendered ' + file + ' for ' + options.who) })
        app.get('/', (req, res) => { res.render('page.tpl', { who: 'you' }) })
        out.body = (await request(app, '/')).body
      `)
      assert.deepEqual(out, { same: true, body: 'rendered /nowhere/page.tpl for you' })
    })

    it('lib/router is the function routers inherit from; calling it makes a router', () => {
      const out = check(project, `
        const Router = require('express/lib/router')
        out.proto = Object.getPrototypeOf(express.Router()) === Router
        out.appRouter = (() => { const app = express(); app.get('/', () => {}); return Object.getPrototypeOf(app._router) === Router })()
        out.constructor = Router.prototype.constructor === Router
        const made = Router({ strict: true, mergeParams: true })
        out.made = made === undefined ? 'undefined' : [typeof made, Object.getPrototypeOf(made) === Router, Array.isArray(made.stack), made.strict, made.mergeParams]
      `)
      assert.deepEqual(out, { proto: true, appRouter: true, constructor: true, made: ['function', true, true, true, true] })
    })

    it('lib/router: patching Router.prototype.constructor.param wraps the param callbacks of every router', async () => {
      const out = check(project, `
        const Router = require('express/lib/router')
        const param = Router.prototype.constructor.param
        Router.prototype.constructor.param = function patchedParam (name, fn) {
          return param.call(this, name, function wrapped (req, res, next, value) {
            req.wrappedParams = (req.wrappedParams || []).concat(name)
            return fn.call(this, req, res, next, value)
          })
        }
        const app = express()
        app.param('id', (req, res, next, id) => { req.id = Number(id); next() })
        const users = express.Router()
        users.param('name', (req, res, next, name) => { req.userName = name; next() })
        users.get('/:name', (req, res) => { res.json({ wrapped: req.wrappedParams, name: req.userName }) })
        app.use('/users', users)
        app.get('/items/:id', (req, res) => { res.json({ wrapped: req.wrappedParams, id: req.id }) })
        out.app = JSON.parse((await request(app, '/items/7')).body)
        out.router = JSON.parse((await request(app, '/users/tobi')).body)
      `)
      assert.deepEqual(out, { app: { wrapped: ['id'], id: 7 }, router: { wrapped: ['name'], name: 'tobi' } })
    })

    it('lib/router/route is the Route class: a patched route method is used by app.get', async () => {
      const out = check(project, `
        const Route = require('express/lib/router/route')
        out.same = Route === express.Route
        const get = Route.prototype.get
        Route.prototype.get = function patchedGet (...handlers) {
          return get.call(this, (req, res, next) => { res.set('X-Route', String(this.path)); next() }, ...handlers)
        }
        const app = express()
        app.get('/things/:id', (req, res) => { res.send('thing ' + req.params.id) })
        const reply = await request(app, '/things/3')
        out.reply = [reply.status, reply.headers['x-route'], reply.body]
        out.routeOfLayer = app._router.stack.some((layer) => layer.route instanceof Route)
      `)
      assert.deepEqual(out, { same: true, reply: [200, '/things/:id', 'thing 3'], routeOfLayer: true })
    })

    it('lib/router/layer is the Layer class: an accessor `handle` on its prototype sees every handler', async () => {
      const out = check(project, `
        const Layer = require('express/lib/router/layer')
        const calls = []
        // As express-async-errors does: every handler assigned to a layer goes through the setter.
        Object.defineProperty(Layer.prototype, 'handle', {
          configurable: true,
          enumerable: true,
          get () { return this.__handle },
          set (fn) {
            const wrapped = function wrapped (...args) { calls.push(fn.name); return fn.apply(this, args) }
            Object.defineProperty(wrapped, 'length', { value: fn.length })
            this.__handle = wrapped
          }
        })
        const app = express()
        app.use(function logged (req, res, next) { next() })
        app.get('/', function hello (req, res) { res.send('hi') })
        app.use(function failing (req, res, next) { next(new Error('boom')) })
        app.use(function caught (err, req, res, next) { res.status(500).send(err.message) })
        out.layers = app._router.stack.every((layer) => layer instanceof Layer && !Object.prototype.hasOwnProperty.call(layer, 'handle'))
        const hi = await request(app, '/')
        out.hi = [hi.status, hi.body, ['logged', 'hello'].every((n) => calls.includes(n))]
        calls.length = 0
        const boom = await request(app, '/other')
        out.boom = [boom.status, boom.body, ['logged', 'failing', 'caught'].every((n) => calls.includes(n))]
      `)
      assert.deepEqual(out, { layers: true, hi: [200, 'hi', true], boom: [500, 'boom', true] })
    })

    it('lib/utils has Express 4\'s helpers, and the settings use them', () => {
      const out = check(project, `
        const utils = require('express/lib/utils')
        const app = express()
        out.weakIsDefault = app.get('etag fn') === utils.wetag
        out.strongSetting = app.set('etag', 'strong').get('etag fn') === utils.etag
        out.etag = [utils.etag('hello'), utils.etag(Buffer.from('hello')), utils.wetag('hello'), utils.wetag('héllo', 'latin1'), utils.etag('')]
        out.isAbsolute = ['/a', 'a/b', 'C:\\\\a', 'C:/a', 'C:a', '\\\\\\\\server\\\\share', './a', ''].map((p) => Boolean(utils.isAbsolute(p)))
        process.noDeprecation = true
        out.flatten = [utils.flatten([1, [2, [3, [4]]], 5]), utils.flatten([1, [2, [3, [4]]]], 1)]
        out.normalizeType = [utils.normalizeType('html'), utils.normalizeType('json'), utils.normalizeType('text/plain; q=0.5; level=1'), utils.normalizeType('application/x-thing')]
        out.normalizeTypes = utils.normalizeTypes(['png', 'text/html;q=0.8'])
        out.compileETag = [utils.compileETag(true) === utils.wetag, utils.compileETag('weak') === utils.wetag, utils.compileETag('strong') === utils.etag, utils.compileETag(false) === undefined]
        const own = () => 'mine'
        out.compileOwn = [utils.compileETag(own) === own, utils.compileQueryParser(own) === own, utils.compileTrust(own) === own]
        out.badETag = (() => { try { utils.compileETag('sometimes'); return 'no error' } catch (err) { return [err.name, err.message] } })()
        out.query = [utils.compileQueryParser('extended')('a[b]=1&c=2'), utils.compileQueryParser('simple')('a[b]=1&c=2&c=3'), utils.compileQueryParser(true)('x=1'), utils.compileQueryParser(false)('x=1')]
        out.badQuery = (() => { try { utils.compileQueryParser('fancy'); return 'no error' } catch (err) { return [err.name, err.message] } })()
        out.trust = [
          utils.compileTrust(true)('1.2.3.4', 5), utils.compileTrust(2)('1.2.3.4', 1), utils.compileTrust(2)('1.2.3.4', 2),
          utils.compileTrust('loopback')('127.0.0.1', 0), utils.compileTrust('loopback, 10.0.0.0/8')('10.1.2.3', 0),
          utils.compileTrust(['192.168.0.1'])('192.168.0.2', 0), utils.compileTrust(false)('127.0.0.1', 0), utils.compileTrust(undefined)('127.0.0.1', 0)
        ]
        out.setCharset = [utils.setCharset('text/html', 'utf-8'), utils.setCharset('text/html; charset=latin1', 'utf-8'), utils.setCharset('application/json', undefined), utils.setCharset(undefined, 'utf-8') === undefined, utils.setCharset('', 'utf-8')]
      `)
      assert.deepEqual(out, {
        weakIsDefault: true,
        strongSetting: true,
        etag: [
          '"5-qvTGHdzF6KLavt4PO0gs2a6pQ00"', '"5-qvTGHdzF6KLavt4PO0gs2a6pQ00"', 'W/"5-qvTGHdzF6KLavt4PO0gs2a6pQ00"',
          'W/"5-Ao23UsFGBNYk6LHBIdYAxCe4o7o"', '"0-2jmj7l5rSw0yVb/vlWAYkK/YBwk"'
        ],
        isAbsolute: [true, false, true, true, false, true, false, false],
        flatten: [[1, 2, 3, 4, 5], [1, 2, [3, [4]]]],
        normalizeType: [
          { value: 'text/html', params: {} },
          { value: 'application/json', params: {} },
          { value: 'text/plain', quality: 0.5, params: { level: '1' } },
          { value: 'application/x-thing', quality: 1, params: {} }
        ],
        normalizeTypes: [{ value: 'image/png', params: {} }, { value: 'text/html', quality: 0.8, params: {} }],
        compileETag: [true, true, true, true],
        compileOwn: [true, true, true],
        badETag: ['TypeError', 'unknown value for etag function: sometimes'],
        query: [{ a: { b: '1' }, c: '2' }, { 'a[b]': '1', c: ['2', '3'] }, { x: '1' }, {}],
        badQuery: ['TypeError', 'unknown value for query parser function: fancy'],
        trust: [true, true, false, true, true, false, false, false],
        setCharset: ['text/html; charset=utf-8', 'text/html; charset=utf-8', 'application/json', true, '']
      })
    })
  })
}
