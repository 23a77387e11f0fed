// The express5 preset's `express.router.request` tracing, side by side with express@5.3 (router
// 2.3): the same apps (seeded random ones and fixed ones) get the same requests, and every event
// published on the channel is compared, with what its context tells at that moment.
import { after, before, describe, it } from 'node:test'
import assert from 'node:assert/strict'
import { AsyncLocalStorage } from 'node:async_hooks'
import dc from 'node:diagnostics_channel'
import http from 'node:http'
import type { AddressInfo } from 'node:net'
import express5 = require('../../../presets/express5')
import express4 = require('../../../presets/default')
import { expectWarnings } from '../../support/expected-warnings'

// What these tests are expected to raise, kept rather than printed.
expectWarnings([
  'router deprecated handlers that are Promise-like are deprecated, use a native Promise instead',
  'router deprecated parameters that are Promise-like are deprecated, use a native Promise instead'
])
// eslint-disable-next-line @typescript-eslint/no-require-imports
const reference = require('express-5') as typeof express5

type Next = (err?: unknown) => void
type Req = { params: Record<string, unknown>, url: string, baseUrl: string, [key: string]: any }
type Res = { status (code: number): Res, send (body: string): Res, headersSent: boolean }
type AnyFn = (...args: any[]) => unknown
/** Builds an app with a framework (express@5.3, the express5 preset or the default preset). */
type Build = (framework: any) => any

const CHANNEL = 'express.router.request'
/** Node before 18.19 has no TracingChannel: router 2.3 and the preset publish nothing there, and these tests are skipped. */
const SKIP = typeof dc.tracingChannel !== 'function' && 'diagnostics_channel.tracingChannel is missing (node before 18.19)'
const channel = (SKIP ? undefined : dc.tracingChannel<unknown, Record<string, any>>(CHANNEL)) as ReturnType<typeof dc.tracingChannel<unknown, Record<string, any>>>

/** Every event published while recording, with what its context held then. */
let events: Array<Record<string, unknown>> = []
/** Contexts numbered in the order first seen, so two runs can tell which call an event belongs to. */
let contexts = new WeakMap<object, number>()
let calls = 0

/** A value as a comparable string: errors by message, promises and objects by kind. */
function show (value: unknown): string {
  if (value === undefined) return 'undefined'
  if (value instanceof Error) return `Error(${value.message})`
  if (value instanceof RegExp) return `RegExp(${value.source})`
  if (value instanceof Promise) return 'Promise'
  if (typeof value === 'object' && value !== null) return typeof (value as { then?: unknown }).then === 'function' ? 'thenable' : 'object'
  if (typeof value === 'function') return 'function'
  return JSON.stringify(value)
}

function recorder (event: string) {
  return (message: unknown): void => {
    const ctx = message as Record<string, any>
    if (!contexts.has(ctx)) contexts.set(ctx, calls++)
    events.push({
      event,
      call: contexts.get(ctx),
      keys: Object.keys(ctx).join(','),
      layer: ctx.layer?.name,
      handler: ctx.handler?.name,
      arity: ctx.handler?.length,
      sameHandler: ctx.layer?.handle === ctx.handler,
      kind: ctx.errorHandler === true ? 'error handler' : ctx.param !== undefined ? 'param' : 'handler',
      route: Array.isArray(ctx.route) ? ctx.route.map(show).join('|') : show(ctx.route),
      param: ctx.param,
      params: JSON.stringify(ctx.req?.params),
      url: ctx.req?.url,
      baseUrl: ctx.req?.baseUrl,
      result: 'result' in ctx ? show(ctx.result) : '(none)',
      error: 'error' in ctx ? show(ctx.error) : '(none)',
      incomingError: 'incomingError' in ctx ? show(ctx.incomingError) : '(none)'
    })
  }
}

const subscribers = {
  start: recorder('start'),
  end: recorder('end'),
  asyncStart: recorder('asyncStart'),
  asyncEnd: recorder('asyncEnd'),
  error: recorder('error')
}

/** Turns for the server's pending promises and immediates to settle once a reply has come. */
async function settle (): Promise<void> {
  for (let i = 0; i < 5; i++) await new Promise((resolve) => setImmediate(resolve))
}

function request (port: number, method: string, path: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const req = http.request({ host: '127.0.0.1', port, method, path, agent: false }, (res) => {
      let body = ''
      res.setEncoding('utf8')
      res.on('data', (chunk: string) => { body += chunk })
      // Error pages carry a stack: only their status is compared.
      res.on('end', () => resolve(res.statusCode === 200 ? `200 ${body}` : String(res.statusCode)))
    })
    req.on('error', reject)
    req.end()
  })
}

interface Run { replies: string[], events: Array<Array<Record<string, unknown>>> }

/** Serves an app built by `build` with `framework`, sends each request in turn, and keeps the reply and the events of each. */
async function run (framework: any, build: Build, requests: Array<[string, string]>): Promise<Run> {
  const app = build(framework)
  app.set('env', 'test')
  const server = http.createServer(app)
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const port = (server.address() as AddressInfo).port
  const out: Run = { replies: [], events: [] }
  try {
    for (const [method, path] of requests) {
      events = []
      contexts = new WeakMap()
      calls = 0
      out.replies.push(await request(port, method, path))
      await settle()
      out.events.push(events)
    }
  } finally {
    await new Promise<void>((resolve) => server.close(() => resolve()))
  }
  return out
}

/** Runs the same app and requests on express@5.3 and on the express5 preset, and compares replies and events request by request. */
async function same (build: Build, requests: Array<[string, string]>, label = ''): Promise<Run> {
  const theirs = await run(reference, build, requests)
  const ours = await run(express5, build, requests)
  for (let i = 0; i < requests.length; i++) {
    const what = `${label} ${requests[i].join(' ')}`
    assert.equal(ours.replies[i], theirs.replies[i], what)
    assert.deepEqual(ours.events[i], theirs.events[i], what)
  }
  return ours
}

// Handlers, by what they do. Each is given a name, which the events show.
const tick = (): Promise<void> => new Promise((resolve) => setImmediate(resolve))
const fail = (name: string): Error => new Error(`${name} failed`)

function named<F extends AnyFn> (name: string, fn: F): F {
  return Object.defineProperty(fn, 'name', { value: name })
}

function answer (name: string, req: Req, res: Res): Res {
  return res.status(200).send(`${name} ${JSON.stringify(req.params)}`)
}

const REQUEST_BEHAVIOURS = {
  next: (name: string) => (req: Req, res: Res, next: Next) => { next() },
  answer: (name: string) => (req: Req, res: Res, next: Next) => { answer(name, req, res) },
  answerReturning: (name: string) => (req: Req, res: Res, next: Next) => answer(name, req, res),
  nextRoute: (name: string) => (req: Req, res: Res, next: Next) => { next('route') },
  nextRouter: (name: string) => (req: Req, res: Res, next: Next) => { next('router') },
  nextError: (name: string) => (req: Req, res: Res, next: Next) => { next(fail(name)) },
  routerNextError: (name: string) => (req: Req, res: Res, next: Next) => { req.next(fail(name)) },
  throws: (name: string) => (req: Req, res: Res, next: Next) => { throw fail(name) },
  throwsRoute: (name: string) => (req: Req, res: Res, next: Next) => { throw 'route' }, // eslint-disable-line no-throw-literal
  throwsNull: (name: string) => (req: Req, res: Res, next: Next) => { throw null }, // eslint-disable-line no-throw-literal
  asyncNext: (name: string) => async (req: Req, res: Res, next: Next) => { await tick(); next() },
  asyncAnswer: (name: string) => async (req: Req, res: Res, next: Next) => { await tick(); answer(name, req, res); return 42 },
  asyncNextRoute: (name: string) => async (req: Req, res: Res, next: Next) => { await tick(); next('route') },
  rejects: (name: string) => async (req: Req, res: Res, next: Next) => { await tick(); throw fail(name) },
  rejectsFalsy: (name: string) => (req: Req, res: Res, next: Next) => Promise.reject(null), // eslint-disable-line prefer-promise-reject-errors
  rejectsRoute: (name: string) => (req: Req, res: Res, next: Next) => Promise.reject('route'), // eslint-disable-line prefer-promise-reject-errors
  nextErrorThenPromise: (name: string) => (req: Req, res: Res, next: Next) => { next(fail(name)); return Promise.resolve('late') },
  nextThenReject: (name: string) => (req: Req, res: Res, next: Next) => { next(); return Promise.reject(fail(name)) }
} satisfies Record<string, (name: string) => (req: Req, res: Res, next: Next) => unknown>

const ERROR_BEHAVIOURS = {
  recover: (name: string) => (err: Error, req: Req, res: Res, next: Next) => { next() },
  pass: (name: string) => (err: Error, req: Req, res: Res, next: Next) => { next(err) },
  replace: (name: string) => (err: Error, req: Req, res: Res, next: Next) => { next(fail(name)) },
  answer: (name: string) => (err: Error, req: Req, res: Res, next: Next) => { res.status(200).send(`${name} caught ${err.message}`) },
  throws: (name: string) => (err: Error, req: Req, res: Res, next: Next) => { throw fail(name) },
  rethrows: (name: string) => (err: Error, req: Req, res: Res, next: Next) => { throw err },
  asyncPass: (name: string) => async (err: Error, req: Req, res: Res, next: Next) => { await tick(); next(err) },
  rejectsSame: (name: string) => async (err: Error, req: Req, res: Res, next: Next) => { await tick(); throw err },
  recoverRoute: (name: string) => (err: Error, req: Req, res: Res, next: Next) => { next('route') }
} satisfies Record<string, (name: string) => (err: Error, req: Req, res: Res, next: Next) => unknown>

const PARAM_BEHAVIOURS = {
  next: (name: string) => (req: Req, res: Res, next: Next, value: unknown) => { req.seen = value; next() },
  asyncNext: (name: string) => async (req: Req, res: Res, next: Next) => { await tick(); next() },
  nextRoute: (name: string) => (req: Req, res: Res, next: Next) => { next('route') },
  nextError: (name: string) => (req: Req, res: Res, next: Next) => { next(fail(name)) },
  throws: (name: string) => (req: Req, res: Res, next: Next) => { throw fail(name) },
  rejects: (name: string) => async (req: Req, res: Res, next: Next) => { await tick(); throw fail(name) },
  resolvesThenNext: (name: string) => (req: Req, res: Res, next: Next) => { setImmediate(next); return Promise.resolve('value') },
  returnsValue: (name: string) => (req: Req, res: Res, next: Next) => { next(); return 'done' }
} satisfies Record<string, (name: string) => (req: Req, res: Res, next: Next, value: unknown, key: string) => unknown>

type RequestBehaviour = keyof typeof REQUEST_BEHAVIOURS
type ErrorBehaviour = keyof typeof ERROR_BEHAVIOURS
type ParamBehaviour = keyof typeof PARAM_BEHAVIOURS

function handler (name: string, behaviour: RequestBehaviour): AnyFn {
  return named(name, REQUEST_BEHAVIOURS[behaviour](name))
}
function errorHandler (name: string, behaviour: ErrorBehaviour): AnyFn {
  return named(name, ERROR_BEHAVIOURS[behaviour](name))
}
function paramCallback (name: string, behaviour: ParamBehaviour): AnyFn {
  return named(name, PARAM_BEHAVIOURS[behaviour](name))
}

/** Seeded pseudo-random numbers (mulberry32): the same seed, the same apps. */
function random (seed: number): () => number {
  let a = seed >>> 0
  return () => {
    a = (a + 0x6D2B79F5) >>> 0
    let t = a
    t = Math.imul(t ^ (t >>> 15), t | 1)
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61)
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296
  }
}

/** One stack entry of a generated router, as data: each framework builds it the same way. */
type RoutePath = string | RegExp | Array<string | string[]>
type Entry =
  | { kind: 'use', path?: string, handlers: Array<[string, RequestBehaviour]> }
  | { kind: 'route', method: 'get' | 'all' | 'post', path: RoutePath, handlers: Array<[string, RequestBehaviour]> }
  | { kind: 'error', path?: string, handler: [string, ErrorBehaviour] }
  | { kind: 'mount', path: string, mergeParams: boolean, spec: RouterSpec }

interface RouterSpec { params: Array<[string, string, ParamBehaviour]>, stack: Entry[] }

const ROUTE_PATHS: RoutePath[] = [
  '/a', '/a/:id', '/b/:id/:name', '/files/*rest', '/opt{/:id}', /^\/r\/(\d+)$/, ['/x', '/y/:id'], [['/z', '/w/:id'], '/v'], '/:id'
]
const MOUNT_PATHS = ['/m', '/m/:org', '/:org/sub']
const USE_PATHS = [undefined, undefined, '/a', '/m']
const PARAM_NAMES = ['id', 'org', 'name']

/** A random router: middleware, routes, error handlers, param callbacks and (to `depth`) mounted routers. */
function generate (pick: () => number, depth: number, prefix: string): RouterSpec {
  const one = <T> (list: readonly T[]): T => list[Math.floor(pick() * list.length)]
  const requestBehaviours = Object.keys(REQUEST_BEHAVIOURS) as RequestBehaviour[]
  const handlers = (tag: string): Array<[string, RequestBehaviour]> =>
    Array.from({ length: 1 + Math.floor(pick() * 3) }, (_, i) => [`${tag}_${i}`, one(requestBehaviours)])
  const spec: RouterSpec = { params: [], stack: [] }
  const paramCount = Math.floor(pick() * 3)
  for (let i = 0; i < paramCount; i++) {
    spec.params.push([one(PARAM_NAMES), `${prefix}p${i}`, one(Object.keys(PARAM_BEHAVIOURS) as ParamBehaviour[])])
  }
  const size = 3 + Math.floor(pick() * 6)
  for (let i = 0; i < size; i++) {
    const tag = `${prefix}${i}`
    const roll = pick()
    if (roll < 0.25) spec.stack.push({ kind: 'use', path: one(USE_PATHS), handlers: handlers(`${tag}use`) })
    else if (roll < 0.6) spec.stack.push({ kind: 'route', method: one(['get', 'get', 'all', 'post'] as const), path: one(ROUTE_PATHS), handlers: handlers(`${tag}route`) })
    else if (roll < 0.8 || depth === 0) spec.stack.push({ kind: 'error', path: one(USE_PATHS), handler: [`${tag}err`, one(Object.keys(ERROR_BEHAVIOURS) as ErrorBehaviour[])] })
    else spec.stack.push({ kind: 'mount', path: one(MOUNT_PATHS), mergeParams: pick() < 0.5, spec: generate(pick, depth - 1, `${tag}m`) })
  }
  return spec
}

/** Builds a router spec on `router` (an app or a router) of `framework`. */
function fill (framework: any, router: any, spec: RouterSpec): void {
  for (const [key, name, behaviour] of spec.params) router.param(key, paramCallback(name, behaviour))
  for (const entry of spec.stack) {
    if (entry.kind === 'use') {
      const fns = entry.handlers.map(([name, behaviour]) => handler(name, behaviour))
      if (entry.path === undefined) router.use(...fns)
      else router.use(entry.path, ...fns)
    } else if (entry.kind === 'route') {
      router[entry.method](entry.path, ...entry.handlers.map(([name, behaviour]) => handler(name, behaviour)))
    } else if (entry.kind === 'error') {
      const fn = errorHandler(...entry.handler)
      if (entry.path === undefined) router.use(fn)
      else router.use(entry.path, fn)
    } else {
      const child = framework.Router({ mergeParams: entry.mergeParams })
      fill(framework, child, entry.spec)
      router.use(entry.path, child)
    }
  }
}

const GENERATED_REQUESTS: Array<[string, string]> = [
  ['GET', '/'], ['GET', '/a'], ['POST', '/a'], ['GET', '/a/1'], ['GET', '/b/2/two'], ['GET', '/files/x/y'],
  ['GET', '/opt'], ['GET', '/opt/5'], ['GET', '/r/12'], ['GET', '/x'], ['GET', '/y/3'], ['GET', '/z'], ['GET', '/w/4'], ['GET', '/m'],
  ['GET', '/m/a/1'], ['GET', '/m/acme/a/1'], ['POST', '/m/acme/b/1/n'], ['GET', '/acme/sub/a/9'],
  ['GET', '/nowhere/at/all'], ['GET', '/a/%E0%A4%A'], ['GET', '/m/a/%E0%A4%A'], ['GET', '/m/x%ZZ/a/1'], ['HEAD', '/a/1'], ['OPTIONS', '/a/1']
]

describe('express5 preset: tracing on express.router.request, as router 2.3', { skip: SKIP }, () => {
  before(() => { channel.subscribe(subscribers) })
  after(() => { channel.unsubscribe(subscribers) })

  it('publishes what express@5.3 publishes for seeded random apps', async () => {
    let traced = 0
    const kinds = new Set<string>()
    for (let seed = 1; seed <= 40; seed++) {
      const spec = generate(random(seed), 2, '')
      const ours = await same((framework) => {
        const app = framework()
        fill(framework, app, spec)
        return app
      }, GENERATED_REQUESTS, `seed ${seed}`)
      for (const list of ours.events) {
        traced += list.length
        for (const e of list) kinds.add(`${String(e.kind)} ${String(e.event)}`)
      }
    }
    // The apps are not empty: every event of every kind of callback was compared.
    assert.ok(traced > 1000, `only ${traced} events`)
    assert.deepEqual([...kinds].sort(), ['error handler', 'handler', 'param'].flatMap((kind) =>
      ['asyncEnd', 'asyncStart', 'end', 'error', 'start'].map((event) => `${kind} ${event}`)))
  })

  it('traces plain middleware, a route with a pattern and its params, and publishes nothing for a 404', async () => {
    const ours = await same((framework) => {
      const app = framework()
      app.use(handler('logger', 'next'))
      app.get('/users/:id', handler('load', 'next'), handler('show', 'answerReturning'))
      return app
    }, [['GET', '/users/7'], ['GET', '/nothing']])
    const first = ours.events[0]
    assert.deepEqual(first.map((e) => `${e.event} ${e.handler} ${e.route}`), [
      'start logger "/"', 'start load "/users/:id"', 'start show "/users/:id"', 'end show "/users/:id"',
      'end load "/users/:id"', 'end logger "/"'
    ])
    assert.equal(first[3].params, '{"id":"7"}')
    assert.equal(first[3].result, 'object')
    // The 404: logger runs, then the final handler, which is not traced.
    assert.deepEqual(ours.events[1].map((e) => e.event), ['start', 'end'])
  })

  it("treats next('route') and next('router') as routing, not errors", async () => {
    const ours = await same((framework) => {
      const app = framework()
      const inner = framework.Router()
      inner.use(handler('leave', 'nextRouter'))
      inner.use(handler('unreached', 'answer'))
      app.use('/in', inner)
      app.get('/r', handler('skip', 'nextRoute'), handler('skipped', 'answer'))
      app.get('/r', handler('thrownSkip', 'throwsRoute'))
      app.get('/r', handler('rejectedSkip', 'rejectsRoute'))
      app.all('*all', handler('last', 'answer'))
      return app
    }, [['GET', '/in/x'], ['GET', '/r']])
    for (const list of ours.events) assert.ok(list.every((e) => e.event !== 'error'))
  })

  it('publishes an error once, where it arose, and again once an error handler recovered from it', async () => {
    const shared = fail('shared')
    const ours = await same((framework) => {
      const app = framework()
      app.get('/t', handler('thrower', 'throws'))
      app.get('/p', handler('rejecter', 'rejects'))
      app.get('/f', handler('falsy', 'rejectsFalsy'))
      app.get('/n', handler('early', 'nextErrorThenPromise'))
      app.get('/again', named('first', (req: Req, res: Res, next: Next) => { next(shared) }))
      app.use(errorHandler('passes', 'pass'))
      app.use('/again', errorHandler('recovers', 'recover'))
      app.use('/again', named('second', (req: Req, res: Res, next: Next) => { next(shared) }))
      app.use('/again', errorHandler('rethrows', 'rethrows'))
      app.use(errorHandler('replaces', 'replace'))
      app.use(errorHandler('answers', 'answer'))
      return app
    }, [['GET', '/t'], ['GET', '/p'], ['GET', '/f'], ['GET', '/n'], ['GET', '/again']])
    const errors = ours.events.map((list) => list.filter((e) => e.event === 'error').map((e) => `${e.handler} ${e.error}`))
    assert.deepEqual(errors, [
      ['thrower Error(thrower failed)', 'replaces Error(replaces failed)'],
      ['rejecter Error(rejecter failed)', 'replaces Error(replaces failed)'],
      ['falsy Error(Rejected promise)', 'replaces Error(replaces failed)'],
      ['early Error(early failed)', 'replaces Error(replaces failed)'],
      ['first Error(shared failed)', 'second Error(shared failed)', 'replaces Error(replaces failed)']
    ])
    // The handler that passed an error on and then returned a promise: no error during `end`, the error after it settled.
    const early = ours.events[3].filter((e) => e.handler === 'early').map((e) => `${e.event} ${e.error} ${e.result}`)
    assert.deepEqual(early, [
      'start (none) (none)', 'error Error(early failed) (none)', 'end (none) (none)',
      'asyncStart Error(early failed) "late"', 'asyncEnd Error(early failed) "late"'
    ])
  })

  it('publishes no error for a path that cannot be decoded, nor for one passed to the router\'s own next', async () => {
    const ours = await same((framework) => {
      const app = framework()
      const inner = framework.Router()
      inner.get('/:id', handler('never', 'answer'))
      inner.get('/direct/go', handler('direct', 'routerNextError'))
      app.use('/in', inner)
      app.use(errorHandler('answers', 'answer'))
      return app
    }, [['GET', '/in/%E0%A4%A'], ['GET', '/in/direct/go']])
    for (const list of ours.events) assert.ok(list.every((e) => e.event !== 'error'))
    assert.deepEqual(ours.replies, ['200 answers caught Failed to decode param \'%E0%A4%A\'', '200 answers caught direct failed'])
  })

  it('settles thenables as router 2.3 does: after end, once, and a throwing then as a rejection', async () => {
    const syncThenable = (value: unknown) => ({ then (resolve: (v: unknown) => void) { resolve(value) } })
    const both = { then (resolve: (v: unknown) => void, reject: (e: unknown) => void) { resolve('first'); reject(fail('second')) } }
    const brokenThen = { then () { throw fail('then') } }
    const quiet = process.noDeprecation
    process.noDeprecation = true
    try {
      await same((framework) => {
        const app = framework()
        app.param('id', named('syncParam', (req: Req, res: Res, next: Next) => { next(); return syncThenable('param value') }))
        app.param('name', named('brokenParam', () => brokenThen))
        app.get('/p/:id', named('syncHandler', (req: Req, res: Res) => { res.status(200).send('ok'); return syncThenable(7) }))
        app.get('/both', named('both', () => both))
        app.get('/broken', named('broken', () => brokenThen))
        app.get('/n/:name', handler('unreached', 'answer'))
        app.use(errorHandler('answers', 'answer'))
        return app
      }, [['GET', '/p/1'], ['GET', '/both'], ['GET', '/broken'], ['GET', '/n/x']])
    } finally {
      process.noDeprecation = quiet
    }
  })

  it('traces async handlers that resolve, with their value as result', async () => {
    const ours = await same((framework) => {
      const app = framework()
      app.use(handler('waits', 'asyncNext'))
      app.get('/', handler('answers', 'asyncAnswer'))
      return app
    }, [['GET', '/']])
    assert.deepEqual(ours.events[0].map((e) => `${e.event} ${e.handler} ${e.result}`), [
      'start waits (none)', 'end waits (none)', 'start answers (none)', 'end answers (none)',
      'asyncStart waits undefined', 'asyncEnd waits undefined', 'asyncStart answers 42', 'asyncEnd answers 42'
    ])
  })

  it('traces router.param callbacks, with the parameter, in nested routers with mergeParams', async () => {
    const ours = await same((framework) => {
      const app = framework()
      const users = framework.Router({ mergeParams: true })
      const files = framework.Router({ mergeParams: true })
      app.param('org', paramCallback('loadOrg', 'asyncNext'))
      users.param('id', paramCallback('loadUser', 'next'))
      users.param('id', paramCallback('checkUser', 'resolvesThenNext'))
      files.param('file', paramCallback('badFile', 'throws'))
      files.get('/:file', handler('file', 'answer'))
      files.use(errorHandler('fileError', 'answer'))
      users.get('/:id', handler('user', 'answer'))
      users.use('/:id/files', files)
      app.use('/orgs/:org/users', users)
      return app
    }, [['GET', '/orgs/acme/users/7'], ['GET', '/orgs/acme/users/7/files/readme']])
    const params = ours.events[0].filter((e) => e.kind === 'param' && e.event === 'start').map((e) => `${e.handler} ${e.param} ${e.route} ${e.params}`)
    assert.deepEqual(params, [
      'loadOrg org "/orgs/:org/users" {"org":"acme"}',
      'loadUser id "/:id" {"org":"acme","id":"7"}',
      'checkUser id "/:id" {"org":"acme","id":"7"}'
    ])
    assert.ok(ours.events[1].some((e) => e.event === 'error' && e.handler === 'badFile'))
  })

  it('traces mounted apps as their mounting layer and their own handlers', async () => {
    await same((framework) => {
      const app = framework()
      const admin = framework()
      admin.get('/:page', handler('page', 'asyncAnswer'))
      admin.use(errorHandler('adminError', 'pass'))
      app.use('/admin', admin)
      app.get('/boom', handler('boom', 'throws'))
      app.use('/boom', admin)
      return app
    }, [['GET', '/admin/home'], ['GET', '/boom']])
  })

  it('reports an error once across an express@5.3 app and a router of the preset mounted in it', async () => {
    // The same express@5.3 app, with router 2.3's router mounted, then with the preset's.
    const mixed = (Router: (options?: object) => any): Build => () => {
      const app = reference()
      const inner = Router({ mergeParams: true })
      inner.param('id', paramCallback('load', 'asyncNext'))
      inner.get('/:id', handler('fails', 'throws'))
      inner.get('/:id', handler('unreached', 'answer'))
      app.use('/in/:org', inner)
      app.use(errorHandler('passes', 'pass'))
      app.use(errorHandler('answers', 'answer'))
      return app
    }
    const requests: Array<[string, string]> = [['GET', '/in/acme/7']]
    const theirs = await run(undefined, mixed(reference.Router as never), requests)
    const ours = await run(undefined, mixed(express5.Router as never), requests)
    assert.equal(ours.replies[0], '200 answers caught fails failed')
    assert.deepEqual(ours.replies, theirs.replies)
    assert.deepEqual(ours.events, theirs.events)
    assert.equal(ours.events[0].filter((e) => e.event === 'error').length, 1)
  })

  it('runs handlers in the stores bound to start, and settles promises in those bound to asyncStart', async () => {
    const store = new AsyncLocalStorage<string>()
    channel.start.bindStore(store, (ctx: any) => `start:${String(ctx.handler?.name)}`)
    channel.asyncStart.bindStore(store, (ctx: any) => `asyncStart:${String(ctx.handler?.name)}`)
    const seen: string[] = []
    const watch = (ctx: any): void => { seen.push(`${String(ctx.handler?.name)} ${String(store.getStore())}`) }
    channel.asyncEnd.subscribe(watch)
    try {
      await same((framework) => {
        const app = framework()
        app.use(named('outer', async (req: Req, res: Res, next: Next) => { req.outer = store.getStore(); await tick(); next() }))
        app.get('/', named('inner', (req: Req, res: Res) => { res.status(200).send(`${String(req.outer)} ${String(store.getStore())}`) }))
        return app
      }, [['GET', '/']])
    } finally {
      channel.asyncEnd.unsubscribe(watch)
      channel.start.unbindStore(store)
      channel.asyncStart.unbindStore(store)
    }
    // Ours ran second: what both saw is the same, and it is the stores'.
    assert.deepEqual(seen, ['outer asyncStart:outer', 'outer asyncStart:outer'])
  })
})

describe('tracing without subscribers, and in the default preset', () => {
  it('leaves nothing on the request when nobody listens', async () => {
    const app = express5()
    app.set('env', 'test')
    let symbols: symbol[] = []
    app.get('/', handler('boom', 'throws'))
    app.use(named('look', (err: Error, req: Req, res: Res, next: Next) => {
      symbols = Object.getOwnPropertySymbols(req)
      res.status(200).send(err.message)
    }))
    const server = http.createServer(app)
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
    try {
      assert.equal(await request((server.address() as AddressInfo).port, 'GET', '/'), '200 boom failed')
    } finally {
      await new Promise<void>((resolve) => server.close(() => resolve()))
    }
    assert.deepEqual(symbols.map(String).filter((s) => /route|tracing/i.test(s)), [])
  })

  it('the default preset (Express 4, router 1) publishes nothing', { skip: SKIP }, async () => {
    channel.subscribe(subscribers)
    try {
      const build: Build = (framework) => {
        const app = framework()
        app.get('/a/:id', handler('route', 'asyncAnswer'))
        app.use(handler('fails', 'throws'))
        app.use(errorHandler('passes', 'pass'))
        const inner = framework.Router({ mergeParams: true })
        inner.param('id', paramCallback('load', 'asyncNext'))
        inner.get('/:id', handler('inner', 'answer'))
        app.use('/in', inner)
        return app
      }
      const express4Requests: Array<[string, string]> = [['GET', '/a/1'], ['GET', '/b'], ['GET', '/in/2']]
      const runs = await run(express4, build, express4Requests)
      assert.equal(runs.replies[0], '200 route {"id":"1"}')
      assert.deepEqual(runs.events, [[], [], []])
      // The same app on the express5 preset does publish.
      const traced = await run(express5, build, express4Requests)
      assert.ok(traced.events[0].length > 0)
    } finally {
      channel.unsubscribe(subscribers)
    }
  })
})
