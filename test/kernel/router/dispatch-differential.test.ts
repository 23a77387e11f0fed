import { describe, it } from 'node:test'
import assert from 'node:assert/strict'
import type http from 'node:http'
import fc from 'fast-check'
import framework from '../../../presets/default'
import express5Preset from '../../../presets/express5'
import minimalPreset from '../../../presets/minimal'
import modernPreset from '../../../presets/modern'
import { loggedExchange, sideBySide, withoutStackFrames, type RawReply } from '../../support/differential'

// Which handlers a request reaches, in which order, with which baseUrl, url and params, is the
// router's whole contract. Random tables of middleware, routes, error middleware, param callbacks
// and mounted routers (merging params or not) run on Ristretto and on express@4 (the reference),
// their stacks edited in place between requests; every request must take the same path through
// both, errors included, and end with the same status and body: a handler's, or the final
// handler's 404 and error pages and automatic OPTIONS replies when nothing catches it. What
// code outside the routers reads of the request afterwards (a `finish` listener, the app's last
// error handler) is compared too: baseUrl, url, originalUrl, params and route, as the routers
// leave them; and so is what each logs (kept, not printed) of an error reaching its final handler. It runs for the default, minimal and modern presets against express@4, and for the
// express5 preset against express@5, with Express 5's paths.

type Action = 'send' | 'next' | 'route' | 'error' | 'throw'
interface Entry {
  /** `catch`: error middleware (four parameters), `router`: a mounted router of `inner` entries. */
  kind: 'use' | 'get' | 'post' | 'all' | 'router' | 'catch'
  path: string | RegExp
  action: Action
  /** For a router: whether it sees its parent's params. */
  mergeParams: boolean
  inner: Array<{ kind: 'use' | 'get' | 'post' | 'catch', path: string, action: Action }>
}

/** The paths of the app's entries and of its routers' entries, in each major's syntax. */
interface PathSet { outer: Array<string | RegExp>, inner: string[] }
const EXPRESS_4_PATHS: PathSet = {
  outer: [
    '/', '/api', '/api/', '/api/users', '/api/users/:id', '/API/Users/:id?', '/api/:v/users', '/files/*',
    '/a', '/ab', '/abc/:x?', /^\/api\/v\d+/, '/api/users/:id/notes/:noteId', '/api/users.json', '/:any', '*', '/api/user'
  ],
  inner: ['/', '/users', '/users/:id', '/:v', '/USERS/:id/notes', '*']
}
const EXPRESS_5_PATHS: PathSet = {
  outer: [
    '/', '/api', '/api/', '/api/users', '/api/users/:id', '/API/Users{/:id}', '/api/:v/users', '/files/*rest',
    '/a', '/ab', '/abc{/:x}', /^\/api\/v\d+/, '/api/users/:id/notes/:noteId', '/api/users.json', '/:any', '/*all', '/api/user'
  ],
  inner: ['/', '/users', '/users/:id', '/:v', '/USERS/:id/notes', '/*all']
}
const REQUEST_PATHS = [
  '/', '/api', '/api/users/0', '/api/users/0/notes/0', '/api/', '/api/users', '/API/USERS/7', '/api/users/7', '/api/users/7/', '/api/users/7/notes/9', '/api/users.json',
  '/api/user', '/api/v2/users', '/files/a/b', '/a', '/ab', '/abc', '/abc/x', '/other', '/api/users/7/notes', '/api/users?x=1',
  '/api//users', '/Api/Users/7/Notes/3'
]

const action = fc.constantFrom<Action>('send', 'next', 'next', 'route', 'error', 'throw')
const entry = (paths: PathSet): fc.Arbitrary<Entry> => fc.record({
  kind: fc.constantFrom<Entry['kind']>('use', 'get', 'post', 'all', 'router', 'catch'),
  path: fc.constantFrom(...paths.outer),
  action,
  mergeParams: fc.boolean(),
  inner: fc.array(fc.record({
    kind: fc.constantFrom<'use' | 'get' | 'post' | 'catch'>('use', 'get', 'post', 'catch'),
    path: fc.constantFrom(...paths.inner),
    action
  }), { maxLength: 4 })
})
/** Whether `app.param('id', …)` callbacks are registered on the app and on its routers. */
const paramCallbacks = fc.boolean()

/* eslint-disable @typescript-eslint/no-explicit-any -- one code drives both frameworks, whose types differ */
type AnyApp = ((req: http.IncomingMessage, res: http.ServerResponse) => void) & Record<string, any>

type Next = (err?: unknown) => void

/** Records where a handler ran, then sends the record, calls next(), next('route') or next(err), or throws. */
function act (id: string, action: Action, req: any, res: any, next: Next): void {
  (req.trail ??= []).push(`${id} ${req.baseUrl}|${req.url}|${JSON.stringify(req.params)}`)
  if (action === 'send') res.end(req.trail.join('\n'))
  else if (action === 'route') next('route')
  else if (action === 'error') next(new Error(`from ${id}`))
  else if (action === 'throw') throw new Error(`thrown by ${id}`)
  else next()
}

function handler (id: string, action: Action) {
  return (req: any, res: any, next: Next) => { act(id, action, req, res, next) }
}

/** Error middleware: records the error it got, then acts (its `next()` ends the error, `error` passes a new one). */
function catcher (id: string, action: Action) {
  return (err: Error, req: any, res: any, next: Next) => { act(`${id} caught "${err.message}"`, action, req, res, next) }
}

/** A param callback for `:id`: records the value, and turns `0` into an error. */
function onId (id: string) {
  return (req: any, res: any, next: Next, value: string) => {
    (req.trail ??= []).push(`${id} param id=${value}`)
    next(value === '0' ? new Error('id 0') : undefined)
  }
}

/** What code outside the routers reads of a request: whether it has a baseUrl, and each field the routers set. */
function outside (req: any): string {
  const route = req.route === undefined ? 'no route' : `route ${String(req.route.path)}`
  return `${'baseUrl' in req ? `baseUrl ${req.baseUrl}` : 'no baseUrl'}|${req.url}|${req.originalUrl}|${JSON.stringify(req.params)}|${route}`
}

/**
 * Builds the same app on a framework (a preset of Ristretto's, or express@4 or 5), behind a
 * listener that records {@link outside} in `finished` when each response finishes.
 */
function build (create: any, entries: Entry[], params: boolean, catchAll: boolean, finished: string[], env?: string): AnyApp {
  const app = create()
  if (env !== undefined) app.set('env', env)
  if (params) app.param('id', onId('app'))
  entries.forEach((e, i) => {
    if (e.kind === 'router') {
      const router = create.Router({ mergeParams: e.mergeParams })
      if (params) router.param('id', onId(`router ${i}`))
      e.inner.forEach((inner, j) => {
        if (inner.kind === 'catch') router.use(inner.path, catcher(`${i}.${j}`, inner.action))
        else router[inner.kind](inner.path, handler(`${i}.${j}`, inner.action))
      })
      app.use(e.path, router)
    } else if (e.kind === 'catch') {
      app.use(e.path, catcher(String(i), e.action))
    } else if (e.kind === 'use') {
      // next('route') in middleware goes on like next(), in both.
      app.use(e.path, handler(String(i), e.action))
    } else {
      app[e.kind](e.path, handler(String(i), e.action))
    }
  })
  // What reaches the end: the trail, with a status of its own; or else the framework's final handler (404, 500 pages).
  if (catchAll) {
    app.use((req: any, res: any) => { res.statusCode = 299; res.end([...(req.trail ?? []), `end ${outside(req)}`].join('\n')) })
    app.use((err: Error, req: any, res: any, next: Next) => { res.statusCode = 599; res.end([...(req.trail ?? []), `end "${err.message}" ${outside(req)}`].join('\n')) })
  }
  const listener = (req: any, res: any): void => {
    res.on('finish', () => { finished.push(`${req.method} ${req.originalUrl}: ${outside(req)}`) })
    app(req, res)
  }
  return Object.assign(listener, { app })
}

type Edit = 'reverse' | 'rotate' | 'swap'

/**
 * Edits a stack in place without changing its length, as apps do to reorder their middleware. The
 * app's first `fixed` layers (Express 4's `query` and `expressInit`) stay first: before them a
 * response lacks the framework's helpers, and Express then fails its automatic OPTIONS reply
 * where Ristretto answers.
 */
function editStack (stack: unknown[], fixed: number, edit: Edit, i: number, j: number): void {
  const own = stack.splice(fixed)
  if (edit === 'reverse') own.reverse()
  else if (edit === 'rotate') own.unshift(own.pop())
  else if (own.length !== 0) {
    const a = i % own.length
    const b = j % own.length
    const layer = own[a]
    own[a] = own[b]
    own[b] = layer
  }
  stack.push(...own)
}

/** Status and body; an error reaching the final handler shows its stack, whose frames differ between frameworks. */
function answer (reply: RawReply): string {
  return `${reply.status}\n${withoutStackFrames(reply.body.toString('utf8'))}`
}

/** One preset against the Express it stands in for. */
interface Pairing {
  title: string
  ours: any
  theirs: () => Promise<any>
  paths: PathSet
  /** The app's router stack. */
  stack (app: AnyApp): unknown[]
  /** Layers each framework puts first in the stack: ours, theirs. */
  fixed: [number, number]
  /** The `env` both apps run in, when not the default. */
  env?: string
}

const PAIRINGS: Pairing[] = [
  { title: 'the default preset against express@4', ours: framework, theirs: async () => (await import('express')).default, paths: EXPRESS_4_PATHS, stack: (app) => app._router.stack, fixed: [2, 2] },
  // The minimal preset has no query parser: its stack starts with expressInit alone.
  { title: 'the minimal preset against express@4', ours: minimalPreset, theirs: async () => (await import('express')).default, paths: EXPRESS_4_PATHS, stack: (app) => app._router.stack, fixed: [1, 2] },
  // The modern preset's error pages are production's in every env: both run in production.
  { title: 'the modern preset against express@4', ours: modernPreset, theirs: async () => (await import('express')).default, paths: EXPRESS_4_PATHS, stack: (app) => app._router.stack, fixed: [2, 2], env: 'production' },
  { title: 'the express5 preset against express@5', ours: express5Preset, theirs: async () => (await import('express-5')).default, paths: EXPRESS_5_PATHS, stack: (app) => app.router.stack, fixed: [0, 0] }
]

describe('router dispatch, differential', () => {
  for (const pairing of PAIRINGS) {
    it(`${pairing.title}: takes every request through the same handlers, in the same order, with the same baseUrl, url and params, and leaves the request as Express does`, async () => {
      const express = await pairing.theirs()
      await fc.assert(fc.asyncProperty(
        fc.array(entry(pairing.paths), { minLength: 1, maxLength: 12 }),
        fc.array(fc.tuple(fc.constantFrom('GET', 'POST', 'HEAD', 'PUT', 'OPTIONS'), fc.constantFrom(...REQUEST_PATHS)), { minLength: 1, maxLength: 6 }),
        fc.option(fc.tuple(fc.constantFrom<Edit>('reverse', 'rotate', 'swap'), fc.nat(), fc.nat())),
        paramCallbacks,
        fc.boolean(),
        async (entries, requests, edit, params, catchAll) => {
          const ourFinished: string[] = []
          const theirFinished: string[] = []
          const ourApp = build(pairing.ours, entries, params, catchAll, ourFinished, pairing.env)
          const theirApp = build(express, entries, params, catchAll, theirFinished, pairing.env)
          await sideBySide(ourApp, theirApp, async (ours, theirs) => {
            for (const [k, [method, path]] of requests.entries()) {
              // After the first request, the same in-place edit of both apps' stacks.
              if (k === 1 && edit !== null) {
                editStack(pairing.stack(ourApp.app), pairing.fixed[0], ...edit)
                editStack(pairing.stack(theirApp.app), pairing.fixed[1], ...edit)
              }
              const a = await loggedExchange(ours, { method, path })
              const b = await loggedExchange(theirs, { method, path })
              const title = `${method} ${path}${edit && k >= 1 ? ` after ${edit[0]}` : ''}`
              assert.equal(answer(a.reply), answer(b.reply), title)
              // Errors reaching the final handler are logged outside the `test` env (the modern pairing's production).
              assert.deepEqual(a.logged, b.logged, `${title}: logged`)
              assert.deepEqual(ourFinished, theirFinished, `${title}: what a finish listener reads`)
            }
          })
        }
      ), { numRuns: 300 })
    })
  }
})
