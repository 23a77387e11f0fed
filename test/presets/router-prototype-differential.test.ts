// Tools reach every router by setting methods on the object routers inherit: `express.Router` in
// Express 4 (the default preset), `express.Router.prototype` in Express 5 (router 2; the express5
// preset). Each preset is probed side by side with the Express of its line: what routers inherit,
// and which registrations a method set there sees (the app's first `app.use` included).
import { describe, it } from 'node:test'
import assert from 'node:assert/strict'
import defaultPreset = require('../../presets/default')
import express5 = require('../../presets/express5')
// eslint-disable-next-line @typescript-eslint/no-require-imports
const express4 = require('express') as typeof defaultPreset
// eslint-disable-next-line @typescript-eslint/no-require-imports
const express5Reference = require('express-5') as typeof express5

type AnyFunction = (...args: any[]) => any
type Framework = AnyFunction & { Router: AnyFunction & Record<string, any>, application: Record<string, any> }

/** Replaces `holder[name]` with a wrapper that logs each call (the name and the layer it added); undoes it after `run`. */
function wrapping (holder: Record<string, any>, names: string[], run: (calls: string[]) => void): string[] {
  const calls: string[] = []
  const saved = names.map((name) => [name, Object.getOwnPropertyDescriptor(holder, name)] as const)
  for (const name of names) {
    const original = holder[name] as AnyFunction
    holder[name] = function wrapped (this: { stack: Array<{ name: string }> }, ...args: unknown[]) {
      const out = original.apply(this, args)
      calls.push(`${name}: ${this.stack[this.stack.length - 1].name}`)
      return out
    }
  }
  try {
    run(calls)
  } finally {
    for (const [name, descriptor] of saved) {
      if (descriptor) Object.defineProperty(holder, name, descriptor)
      else Reflect.deleteProperty(holder, name)
    }
  }
  return calls
}

/** Builds a small app whose registrations go through every router method a tool wraps. */
function build (framework: Framework): void {
  const app = framework()
  app.use(function first (req: unknown, res: unknown, next: AnyFunction) { next() })
  app.use('/a', function second (req: unknown, res: unknown, next: AnyFunction) { next() })
  app.get('/b', function getB () {})
  app.route('/c').post(function postC () {})
  const router = framework.Router()
  router.use(function inRouter (req: unknown, res: unknown, next: AnyFunction) { next() })
  router.get('/d', function getD () {})
  const made = new (framework.Router as unknown as new () => { route (path: string): unknown })()
  made.route('/e')
  app.use('/r', router)
  const sub = framework()
  sub.get('/f', function getF () {})
  app.use('/sub', sub)
}

/** How many steps up its prototype chain a router finds `holder` (0 when it does not). */
function depth (router: object, holder: object): number {
  let steps = 1
  for (let p = Object.getPrototypeOf(router) as object | null; p !== null; p = Object.getPrototypeOf(p) as object | null, steps++) {
    if (p === holder) return steps
  }
  return 0
}

/** What routers inherit, seen from the framework (`holder` is where a tool sets its methods). */
function inheritance (framework: Framework, holder: object, major: 4 | 5): unknown {
  const app = framework()
  app.get('/', function root () {})
  const appRouter = major === 4 ? (app as { _router: object })._router : (app as { router: object }).router
  const Router = framework.Router as unknown as new () => object
  return {
    routerFunction: depth(framework.Router(), holder),
    newRouter: depth(new Router(), holder),
    appRouter: depth(appRouter, holder),
    methods: ['use', 'route', 'param', 'handle', 'get', 'all'].map((name) => typeof (holder as Record<string, unknown>)[name]),
    // instrumentation-express tells the lines apart by it: a function on Express 5's only.
    prototypeRoute: typeof framework.Router.prototype?.route
  }
}

describe('the object every router inherits, side by side with Express', () => {
  it('Express 4 (default preset): express.Router itself', () => {
    const probe = (framework: Framework) => ({
      inheritance: inheritance(framework, framework.Router, 4),
      calls: wrapping(framework.Router, ['use', 'route'], () => build(framework))
    })
    const expected = probe(express4 as unknown as Framework)
    assert.equal((expected.inheritance as { appRouter: number }).appRouter, 1)
    assert.deepEqual(probe(defaultPreset as unknown as Framework), expected)
  })

  it('Express 5 (express5 preset): express.Router.prototype', () => {
    const probe = (framework: Framework) => ({
      inheritance: inheritance(framework, framework.Router.prototype, 5),
      calls: wrapping(framework.Router.prototype, ['use', 'route'], () => build(framework))
    })
    const expected = probe(express5Reference as unknown as Framework)
    assert.equal((expected.inheritance as { appRouter: number }).appRouter, 2)
    assert.deepEqual(probe(express5 as unknown as Framework), expected)
  })

  it('application.use, wrapped before an app is made: what the app\'s router holds before and after each call', () => {
    // As a tool reads the app's router before the call: `_router` in Express 4 (`router` throws
    // there), `router` in Express 5 (made on first read).
    const probe = (framework: Framework, major: 4 | 5) => {
      const calls: string[] = []
      const saved = Object.getOwnPropertyDescriptor(framework.application, 'use')!
      const original = framework.application.use as AnyFunction
      framework.application.use = function use (this: any, ...args: unknown[]) {
        const router = major === 4 ? this._router : this.router
        const before = router ? router.stack.length : 'no router'
        const out = original.apply(this, args)
        calls.push(`${before} -> ${(major === 4 ? this._router : this.router).stack.map((l: { name: string }) => l.name).join(',')}`)
        return out
      }
      try {
        const app = framework()
        app.use(function first (req: unknown, res: unknown, next: AnyFunction) { next() })
        app.use('/a', function second (req: unknown, res: unknown, next: AnyFunction) { next() })
      } finally {
        Object.defineProperty(framework.application, 'use', saved)
      }
      return calls
    }
    const expected4 = probe(express4 as unknown as Framework, 4)
    assert.equal(expected4[0], 'no router -> query,expressInit,first')
    assert.deepEqual(probe(defaultPreset as unknown as Framework, 4), expected4)
    assert.deepEqual(probe(express5 as unknown as Framework, 5), probe(express5Reference as unknown as Framework, 5))
  })
})
