import { describe, it } from 'node:test'
import assert from 'node:assert/strict'
import http from 'node:http'
import fc from 'fast-check'
import helmet from 'helmet'
import vhost from 'vhost'
import expressFour = require('express')
import express = require('../../presets/default')
import {
  buildScenario, describeRequest, describeScenario, express4Regexp, later, scenarioArb,
  type ContainerSpec, type Create, type Entry, type Frameworks, type HandlerSpec, type RequestSpec, type Scenario
} from '../support/fidelity-app'
import { fetchOutcome, firstDifference, normalized, serve, summary, type Listener, type Outcome } from '../support/http-outcome'

// Fidelity to Express 4 where apps and tools reach past the framework's own API. The same random
// app (see test/support/fidelity-app.ts) is built twice, once all express@4 and once on the tested
// framework with express@4 sub-apps where the description says `foreign`, and the same requests go
// to both over HTTP. Headers are written through the helpers, through node's methods on the
// response and on node's prototypes, by `writeHead` in every form, by a wrapped `writeHead` and on
// a response set back to node's prototype; sub-apps are mounted every way Express allows; layer
// fields (`regexp` and its `fast_slash`/`fast_star` flags, `handle`, `keys`, `match`, `method`, a
// route's `stack` and `methods`, the router's stack) are edited after the routes are defined;
// middleware writes part of a body and calls next. Status line, header lines (names as sent, in
// order, values; Date aside) and body must be byte for byte the same, and so must a connection
// the app breaks (how it ended, what arrived before). Scenarios the random test found, and the
// divergences reported from applications, are kept as fixed cases below it.
//
// FIDELITY_OURS=express runs express@4 on both sides (a check of the harness itself: it must
// pass); FIDELITY_SEED and FIDELITY_RUNS change the seed and the number of random apps.

/* eslint-disable @typescript-eslint/no-explicit-any -- one code drives both frameworks, whose types differ */

const SELF_CHECK = process.env.FIDELITY_OURS === 'express'
const tested: Create = SELF_CHECK ? expressFour : express
const TESTED = SELF_CHECK ? 'express@4 (self-check)' : 'ristretto'
const REFERENCE = 'express@4'
/** The run under test: the tested framework, express@4 for foreign sub-apps. The reference run: express@4 throughout. */
const testedRun: Frameworks = { main: tested, other: expressFour }
const referenceRun: Frameworks = { main: expressFour, other: expressFour }

const SEED = Number(process.env.FIDELITY_SEED ?? 20240611)
const RUNS = Number(process.env.FIDELITY_RUNS ?? 400)
/** Per request: a response that never comes is recorded as a timeout. */
const REQUEST_TIMEOUT_MS = 2000
/** The random test stops there, shrinking included (the runner fails a test at 60 s). */
const TIME_LIMIT_MS = 30000

const OM = http.OutgoingMessage.prototype as any
const SR = http.ServerResponse.prototype as any

/** Builds, edits and serves the scenario on both runs, sends its requests, and fails on the first difference. */
async function compareScenario (scenario: Scenario): Promise<void> {
  const context = (): string => `app:\n${indent(describeScenario(scenario))}\nrequests:\n${scenario.requests.map((r, i) => `  #${i + 1} ${describeRequest(r)}`).join('\n')}`
  let ours, theirs
  try {
    ours = buildScenario(scenario, testedRun)
    theirs = buildScenario(scenario, referenceRun)
  } catch (err) {
    throw new Error(`building the app threw: ${(err as Error).stack}\n${context()}`)
  }
  const edit = (): void => {
    const a = attempt(ours.edit)
    const b = attempt(theirs.edit)
    if (a !== b) assert.fail(`the layer edits: ${TESTED} ${a ?? 'made them'}, ${REFERENCE} ${b ?? 'made them'}\n${context()}`)
  }
  if (scenario.editAt === 'build') edit()
  const a = await serve(ours.app as Listener, scenario.listen)
  try {
    const b = await serve(theirs.app as Listener, scenario.listen)
    try {
      for (const [k, request] of scenario.requests.entries()) {
        if (k === 1) edit()
        const [x, y] = await Promise.all([fetchOutcome(a.port, request, REQUEST_TIMEOUT_MS), fetchOutcome(b.port, request, REQUEST_TIMEOUT_MS)])
        const difference = firstDifference(normalized(x), normalized(y), TESTED, REFERENCE)
        if (difference !== undefined) {
          assert.fail(`${TESTED} differs from ${REFERENCE} at request #${k + 1}, ${describeRequest(request)}\n` +
            `first difference: ${difference}\n${context()}\n${TESTED}:\n${indent(summary(x))}\n${REFERENCE}:\n${indent(summary(y))}`)
        }
      }
    } finally {
      await b.close()
    }
  } finally {
    await a.close()
  }
}

function attempt (fn: () => void): string | undefined {
  try {
    fn()
    return undefined
  } catch (err) {
    return `threw ${String(err)}`
  }
}

function indent (text: string): string {
  return text.split('\n').map((line) => '  ' + line).join('\n')
}

/** One request to the app `build` makes, on the tested run and on the reference run. */
async function bothRuns (build: (fw: Frameworks) => unknown, request: RequestSpec): Promise<{ ours: Outcome, theirs: Outcome }> {
  const a = await serve(build(testedRun) as Listener, 'createServer')
  try {
    const b = await serve(build(referenceRun) as Listener, 'createServer')
    try {
      const [ours, theirs] = await Promise.all([fetchOutcome(a.port, request, REQUEST_TIMEOUT_MS), fetchOutcome(b.port, request, REQUEST_TIMEOUT_MS)])
      return { ours, theirs }
    } finally {
      await b.close()
    }
  } finally {
    await a.close()
  }
}

function assertSame (ours: Outcome, theirs: Outcome, what: string): void {
  const difference = firstDifference(normalized(ours), normalized(theirs), TESTED, REFERENCE)
  if (difference !== undefined) {
    assert.fail(`${what}\nfirst difference: ${difference}\n${TESTED}:\n${indent(summary(ours))}\n${REFERENCE}:\n${indent(summary(theirs))}`)
  }
}

function names (o: Outcome): string[] {
  return o.headers.map((line) => line.slice(0, line.indexOf(':')))
}

const GET = (path: string, host = 'www.example.com'): RequestSpec => ({ method: 'GET', path, host })

// Shorthands for the fixed scenarios below.
const handle = (ops: string[], finish: string, plain = false): HandlerSpec => ({ plain, ops, finish })
const app = (entries: Entry[], foreign = false): ContainerSpec => ({ type: 'app', foreign, entries, edits: [] })
const router = (entries: Entry[]): ContainerSpec => ({ type: 'router', foreign: false, entries, edits: [] })
const scenario = (root: ContainerSpec, requests: RequestSpec[], last: HandlerSpec | null = null): Scenario =>
  ({ root, last, listen: 'createServer', editAt: 'build', requests })
const send = handle([], 'res.send(trail)')

/**
 * Scenarios the random test found (shrunk, then cut down by hand), each kept with the first
 * difference it showed: status, header lines and body must stay Express's.
 */
const FOUND: Array<[string, Scenario]> = [
  [
    'a middleware wrapping res.writeHead that calls ServerResponse.prototype.writeHead (X-Powered-By, X-Apm, Content-Type… were missing)',
    scenario(app([{ kind: 'apm', calls: 'ServerResponse.prototype.writeHead' }]), [GET('/')], send)
  ],
  [
    'a response set back to http.ServerResponse.prototype, answered with res.end (X-Powered-By was missing)',
    scenario(app([{ kind: 'use', path: null, handler: handle([], 'res.end(trail)', true) }]), [GET('/')])
  ],
  [
    'OutgoingMessage.prototype.getHeaderNames.call(res) (returned [] instead of ["x-powered-by"])',
    scenario(app([{ kind: 'route', method: 'get', path: '/', handler: handle(['OutgoingMessage.prototype.getHeaderNames.call(res)'], 'res.send(trail)') }]), [GET('/')])
  ],
  [
    'ServerResponse.prototype.setHeader.call(res, …) before res.send (X-Srv came before X-Powered-By)',
    scenario(app([{ kind: 'route', method: 'get', path: '/', handler: handle(["ServerResponse.prototype.setHeader.call(res, 'X-Srv', 's')"], 'res.send(trail)') }]), [GET('/')])
  ],
  [
    "res.write('partial;'), next() into the final handler, res.end('done') later (the connection was destroyed)",
    scenario(app([{ kind: 'partial', error: false }]), [GET('/')])
  ],
  [
    'an express@4 app called from a wrapper function (X-Powered-By was missing)',
    scenario(app([{ kind: 'mount', how: 'wrapper', path: '/p', host: 'api.local', child: app([{ kind: 'route', method: 'get', path: '/', handler: send }], true) }]), [GET('/')])
  ],
  [
    'an express@4 app mounted on a router with router.use(app) (X-Powered-By was missing)',
    scenario(app([{ kind: 'mount', how: 'app.use(sub)', path: '/p', host: 'api.local', child: router([{ kind: 'mount', how: 'app.use(sub)', path: '/p', host: 'api.local', child: app([{ kind: 'route', method: 'get', path: '/', handler: send }], true) }]) }]), [GET('/')])
  ],
  [
    "an express@4 app under vhost('*.local', …) (X-Powered-By was missing)",
    scenario(app([{ kind: 'mount', how: 'vhost(host, sub)', path: '/p', host: '*.local', child: app([{ kind: 'route', method: 'get', path: '/', handler: send }], true) }]), [GET('/', 'api.local')])
  ],
  [
    "layer.regexp of get('/users') rebuilt for /v2/users (GET /v2/users was 404, GET /users 200)",
    scenario(app([{ kind: 'route', method: 'get', path: '/users', handler: send, edits: [{ kind: 'regexp /v2' }] }]), [GET('/v2/users'), GET('/users')])
  ],
  [
    "layer.regexp of use('/users') rebuilt for /v2/users (the middleware did not run for /v2/users)",
    scenario(app([{ kind: 'use', path: '/users', handler: send, edits: [{ kind: 'regexp /v2' }] }]), [GET('/v2/users')], send)
  ],
  [
    "layer.regexp of get('/') rebuilt for /v2 (GET / still reached the route)",
    scenario(app([{ kind: 'route', method: 'get', path: '/', handler: send, edits: [{ kind: 'regexp /v2' }] }]), [GET('/'), GET('/v2')])
  ],
  [
    "an extra entry pushed on layer.keys of get('/:a/:b') (req.params gained it)",
    scenario(app([{ kind: 'route', method: 'get', path: '/:a/:b', handler: send, edits: [{ kind: 'keys', how: 'extra' }] }]), [GET('/users/7')])
  ],
  [
    "layer.regexp.fast_slash set on use('/users') (the middleware did not run for GET /)",
    scenario(app([{ kind: 'use', path: '/users', handler: handle([], 'next()'), edits: [{ kind: 'fast_slash' }] }]), [GET('/')], send)
  ],
  [
    "layer.regexp.fast_star set on use('/users') (the middleware did not run for GET /, params { 0: '/' })",
    scenario(app([{ kind: 'use', path: '/users', handler: handle([], 'next()'), edits: [{ kind: 'fast_star' }] }]), [GET('/')], send)
  ]
]

describe('fidelity to express@4 beyond the framework API, differential', () => {
  it(`random apps: same status line, header lines and body as express@4 (seed ${SEED}, ${RUNS} apps)`, async () => {
    await fc.assert(fc.asyncProperty(scenarioArb, compareScenario), {
      seed: SEED,
      numRuns: RUNS,
      includeErrorInReport: true,
      plugins: [fc.interruptAfterTimeLimit(TIME_LIMIT_MS)]
    })
  })

  describe('scenarios found by the random test', () => {
    for (const [title, found] of FOUND) it(title, () => compareScenario(found))
  })

  describe('reported divergences', () => {
    it('(a) a header set through OutgoingMessage.prototype.setHeader.call, then res.set and res.send', async () => {
      const { ours, theirs } = await bothRuns(({ main }) => {
        const app = main()
        app.get('/', (req: any, res: any) => {
          OM.setHeader.call(res, 'X-Native', '1')
          res.set('X-Fw', '2')
          res.send('ok')
        })
        return app
      }, GET('/'))
      assertSame(ours, theirs, 'OutgoingMessage.prototype.setHeader.call(res, "X-Native", "1"); res.set("X-Fw", "2"); res.send("ok")')
      assert.deepEqual(names(theirs), ['X-Powered-By', 'X-Native', 'X-Fw', 'Content-Type', 'Content-Length', 'ETag', 'Connection'])
    })

    it('(b) a wrapper installed on ServerResponse.prototype.setHeader sees every header the framework sets', async () => {
      const own = Object.getOwnPropertyDescriptor(SR, 'setHeader')
      const original = SR.setHeader
      let seen: string[] = []
      SR.setHeader = function instrumentedSetHeader (this: unknown, name: string, value: unknown) {
        seen.push(name)
        return original.call(this, name, value)
      }
      try {
        const seenBy: Record<'ours' | 'theirs', string[]> = { ours: [], theirs: [] }
        const outcomes: Outcome[] = []
        for (const [side, fw] of [['ours', testedRun], ['theirs', referenceRun]] as const) {
          const app = fw.main()
          app.get('/', (req: any, res: any) => {
            res.set('X-Fw', '2')
            res.send('ok')
          })
          const served = await serve(app, 'createServer')
          try {
            seen = []
            outcomes.push(await fetchOutcome(served.port, GET('/'), REQUEST_TIMEOUT_MS))
            seenBy[side] = seen
          } finally {
            await served.close()
          }
        }
        assertSame(outcomes[0], outcomes[1], 'res.set("X-Fw", "2"); res.send("ok") under an instrumented setHeader')
        // Which headers, in the order first set: how often one is set again on the way (Express sets
        // Content-Type twice in res.send) is the framework's own business.
        const ours = [...new Set(seenBy.ours)]
        const theirs = [...new Set(seenBy.theirs)]
        assert.deepEqual(ours, theirs, `names the wrapper saw: ${TESTED} ${JSON.stringify(seenBy.ours)}, ${REFERENCE} ${JSON.stringify(seenBy.theirs)}`)
        assert.deepEqual(theirs, ['X-Powered-By', 'X-Fw', 'Content-Type', 'Content-Length', 'ETag'])
      } finally {
        if (own === undefined) delete SR.setHeader
        else Object.defineProperty(SR, 'setHeader', own)
      }
      // The prototype is as it was: node's inherits OutgoingMessage's setHeader, Bun's has its own.
      assert.deepEqual(Object.getOwnPropertyDescriptor(SR, 'setHeader'), own)
      assert.equal(SR.setHeader, original)
    })

    it("(c) helmet() before vhost('legacy.local', an express@4 app): 17 header lines besides Date", async () => {
      const { ours, theirs } = await bothRuns(({ main, other }) => {
        const legacy = other()
        legacy.get('/', (req: any, res: any) => res.send('legacy'))
        const app = main()
        app.use(helmet())
        app.use(vhost('legacy.local', legacy))
        return app
      }, GET('/', 'legacy.local'))
      assertSame(ours, theirs, "helmet(), then vhost('legacy.local', express@4 app answering res.send('legacy'))")
      assert.equal(theirs.headers.length, 17)
    })

    it("(d) layer.regexp rewritten for '/v2/users': /v2/users is the route's, /users is not found", async () => {
      const build = ({ main }: Frameworks): unknown => {
        const app = main()
        app.get('/users', (req: any, res: any) => res.send('users'))
        const stack = app._router.stack
        const layer = stack[stack.length - 1]
        const { regexp, keys } = express4Regexp('/v2/users', true)
        layer.regexp = regexp
        layer.keys = keys
        return app
      }
      const v2 = await bothRuns(build, GET('/v2/users'))
      assertSame(v2.ours, v2.theirs, 'GET /v2/users after the rewrite')
      assert.equal(v2.theirs.status, 200)
      const old = await bothRuns(build, GET('/users'))
      assertSame(old.ours, old.theirs, 'GET /users after the rewrite')
      assert.equal(old.theirs.status, 404)
    })

    it("(e) res.write('partial;'), next(), res.end('done') later: a whole chunked 200", async () => {
      const build = (error: boolean) => ({ main }: Frameworks): unknown => {
        const app = main()
        app.use((req: any, res: any, next: (err?: unknown) => void) => {
          res.write('partial;')
          next(error ? new Error('after a partial write') : undefined)
          later(() => { if (!res.destroyed) res.end('done') })
        })
        return app
      }
      const { ours, theirs } = await bothRuns(build(false), GET('/'))
      assertSame(ours, theirs, "res.write('partial;'); next(); later res.end('done')")
      assert.equal(theirs.end, 'complete')
      assert.equal(theirs.status, 200)
      assert.ok(theirs.headers.includes('Transfer-Encoding: chunked'))
      assert.equal(theirs.body.toString(), 'partial;done')
      // next(err) instead: the head is out, so the final handler destroys the connection.
      const broken = await bothRuns(build(true), GET('/'))
      assertSame(broken.ours, broken.theirs, "res.write('partial;'); next(err); later res.end('done')")
      assert.equal(broken.theirs.end, 'broken')
    })
  })
})
