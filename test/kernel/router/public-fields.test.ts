// Every field of the layer stack Express 4 reads while serving a request is public, and tools
// edit it (prefix rewriters, instrumentation, async-error patches). Each edit here is made to an
// Express 4 app and to a Ristretto app built alike; both must then answer every request alike,
// and log alike the errors that reach their final handler (kept by the test, not printed).
import { describe, it } from 'node:test'
import assert from 'node:assert/strict'
import request from 'supertest'
import express4 from 'express'
import { pathToRegexp } from '../../../kernel/internal/path-to-regexp'
import { captureConsoleError, firstLines } from '../../support/console-capture'
import ristretto = require('../../../presets/default')

type AnyApp = ReturnType<typeof express4>
type Edit = (app: any) => void

/** The app every case starts from: middleware, two routes, a router with a param route. */
function build (framework: any): AnyApp {
  const app = framework()
  // Error pages without stacks: the two frameworks' frames differ.
  app.set('env', 'production')
  app.use(function stamp (req: any, res: any, next: any) { res.set('X-Seen', (res.get('X-Seen') ?? '') + 'mw;'); next() })
  app.get('/users', function users (req: any, res: any) { res.send('users') })
  app.post('/users', function create (req: any, res: any) { res.send('created') })
  app.get('/users/:id', function user (req: any, res: any) { res.json(req.params) })
  const api = framework.Router()
  api.get('/items/:item', function item (req: any, res: any) { res.json({ params: req.params, base: req.baseUrl }) })
  app.use('/api', api)
  return app
}

/** The layer of `app`'s router whose route has `path`. */
function routeLayer (app: any, path: string): any {
  return app._router.stack.find((l: any) => l.route?.path === path)
}

const REQUESTS: Array<[string, string]> = [
  ['GET', '/users'], ['GET', '/v2/users'], ['POST', '/users'], ['PUT', '/users'], ['DELETE', '/users'],
  ['GET', '/users/7'], ['GET', '/v2/users/7'], ['HEAD', '/users'], ['OPTIONS', '/users'],
  ['GET', '/api/items/3'], ['GET', '/v2/api/items/3'], ['GET', '/nothing']
]

/** Each request's answer, and the first line of what the app logged of it (errors reaching its final handler). */
async function answers (app: AnyApp): Promise<string[]> {
  const out: string[] = []
  for (const [method, path] of REQUESTS) {
    let res: any
    const logged = await captureConsoleError(async () => { res = await (request(app) as any)[method.toLowerCase()](path).ok(() => true) })
    const marks = ['x-seen', 'x-wrapped', 'x-timed', 'allow'].map((h) => res.headers[h] ?? '-').join(' ')
    out.push(`${method} ${path} -> ${res.status} ${marks} ${res.text ?? ''} logged ${JSON.stringify(firstLines(logged))}`)
  }
  return out
}

async function same (edit: Edit): Promise<void> {
  const theirs = build(express4)
  const ours = build(ristretto)
  // Serve once first: edits must be seen by routers that already served requests.
  await answers(theirs)
  await answers(ours)
  edit(theirs)
  edit(ours)
  assert.deepEqual(await answers(ours), await answers(theirs))
}

/** The regexp Express 4 compiles for `path` (path-to-regexp 0.1), with its keys. */
function compiled (path: string, end: boolean): { regexp: RegExp, keys: any[] } {
  const keys: any[] = []
  return { regexp: pathToRegexp(path, keys, { end, strict: false, sensitive: false }), keys }
}

describe('editing the public fields of the layer stack after routes are defined', () => {
  it('layer.regexp rewritten to add a /v2 prefix', () => same((app) => {
    for (const layer of app._router.stack) {
      if (layer.route) Object.assign(layer, compiled('/v2' + layer.route.path, true))
    }
  }))

  it('layer.regexp of a mounted router rewritten', () => same((app) => {
    const layer = app._router.stack.find((l: any) => l.name === 'router')
    layer.regexp = compiled('/v2/api', false).regexp
  }))

  it('layer.regexp of a literal route replaced by a pattern, keys kept', () => same((app) => {
    routeLayer(app, '/users').regexp = /^\/users\/?(?=\/|$)/i
  }))

  it('layer.keys renamed', () => same((app) => {
    routeLayer(app, '/users/:id').keys[0].name = 'renamed'
    const api = app._router.stack.find((l: any) => l.name === 'router').handle
    api.stack[0].keys = [{ name: 'other', optional: false, offset: 0 }]
  }))

  it('layer.handle wrapped', () => same((app) => {
    for (const layer of app._router.stack) {
      const inner = layer.handle
      layer.handle = function wrapped (req: any, res: any, next: any) { res.setHeader('X-Wrapped', '1'); return inner(req, res, next) }
    }
  }))

  it('layer.route swapped between two layers', () => same((app) => {
    const a = routeLayer(app, '/users')
    const b = routeLayer(app, '/users/:id')
    const route = a.route
    a.route = b.route
    b.route = route
  }))

  it('layer.method changed on a route\'s own layer', () => same((app) => {
    routeLayer(app, '/users').route.stack[0].method = 'put'
  }))

  it('route.methods edited without touching route.stack', () => same((app) => {
    const route = routeLayer(app, '/users').route
    route.methods.delete = true
    delete route.methods.get
  }))

  it('a layer pushed onto route.stack', () => same((app) => {
    const route = routeLayer(app, '/users').route
    const Layer = route.stack[0].constructor
    const layer = new Layer('/', {}, function put (req: any, res: any) { res.send('put by hand') })
    layer.method = 'put'
    route.stack.push(layer)
    route.methods.put = true
  }))

  it('router.stack reordered and spliced', () => same((app) => {
    const stack = app._router.stack
    const last = stack.pop()
    stack.splice(2, 0, last)
    stack.splice(stack.findIndex((l: any) => l.name === 'stamp'), 1)
  }))

  it('router.stack replaced by a new array', () => same((app) => {
    app._router.stack = app._router.stack.slice().reverse()
  }))

  it('layer.match replaced on every layer', () => same((app) => {
    const match = app._router.stack[0].constructor.prototype.match
    const patched = function (this: any, path: string) { return match.call(this, path.replace(/^\/v2/, '')) }
    for (const layer of app._router.stack) layer.match = patched
  }))

  it('Layer.prototype.match patched', async () => {
    // One process-wide patch per framework, undone after.
    const theirs = build(express4)
    const ours = build(ristretto)
    await answers(ours)
    const patch = (Layer: any) => {
      const match = Layer.prototype.match
      Layer.prototype.match = function (this: any, path: string) { return match.call(this, path.replace(/^\/v2/, '')) }
      return () => { Layer.prototype.match = match }
    }
    const undo = [patch(theirs._router.stack[0].constructor), patch((ours as any)._router.stack[0].constructor)]
    try {
      assert.deepEqual(await answers(ours), await answers(theirs))
    } finally {
      for (const u of undo) u()
    }
  })

  it('route._handles_method replaced on one route', () => same((app) => {
    routeLayer(app, '/users').route._handles_method = () => true
  }))

  it('layer.handle_request replaced on one layer', () => same((app) => {
    const layer = routeLayer(app, '/users/:id')
    const original = layer.handle_request
    layer.handle_request = function (this: any, req: any, res: any, next: any) { res.setHeader('X-Timed', '1'); return original.call(this, req, res, next) }
  }))
})
