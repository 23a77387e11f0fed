import { describe, it } from 'node:test'
import assert from 'node:assert/strict'
import type http from 'node:http'
import fc from 'fast-check'
import framework from '../../../presets/default'
import { exchange, sideBySide, withoutStackFrames } from '../../support/differential'

// Which layers a path matches is decided by path-to-regexp's regexps in both frameworks, but
// Ristretto also answers without them (literal paths compared as strings, prefixes and slash
// counts ruling layers out, the route index skipping whole runs of the stack). Those shortcuts
// must never change an answer. Random patterns of Express 4's whole route syntax (parameters,
// optional and custom-regexp parameters, stars, raw regexp characters, groups, arrays, RegExp
// paths), under the app's and routers' case and strict settings, get requests made from the
// patterns themselves and then bent (case, slashes, encodings, extra segments); the handlers
// reached, with their params, baseUrl and url, and the final status and body must be express@4's.

/** Path pieces of path-to-regexp 0.1 (Express 4's route syntax). */
const SEGMENTS = [
  'a', 'ab', 'Users', 'users', 'x.y', 'a-b', 'v1', 'é', 'a%20b', 'file.json',
  ':id', ':id?', ':id(\\d+)', ':id(\\d+)?', ':from-:to', ':name.:ext', ':name.:ext?', ':rest*',
  '*', 'ab*', 'files*', 'ab?c', 'a+b', 'a(bc)?d', 'x{2}', '(a|b)'
]

/** Values put where a pattern has a token, when a request is made from it. */
const VALUES = ['42', 'ab', 'a-b', 'a.b', '%41', '%2F', '%E2%82%AC', '%zz', 'x%20y', '007', 'q/r', '']

interface Table {
  caseSensitive: boolean
  strict: boolean
  entries: Array<{
    kind: 'get' | 'use' | 'all' | 'route' | 'router'
    path: string | string[] | RegExp
    /** For a router: its own options and routes. */
    router: { caseSensitive: boolean, strict: boolean, mergeParams: boolean, inner: Array<{ kind: 'get' | 'use', path: string }> }
  }>
}

const segment = fc.constantFrom(...SEGMENTS)
const stringPath = fc.tuple(fc.array(segment, { minLength: 1, maxLength: 3 }), fc.boolean())
  .map(([parts, slash]) => '/' + parts.join('/') + (slash ? '/' : ''))
const pathParam: fc.Arbitrary<string | string[] | RegExp> = fc.oneof(
  { weight: 8, arbitrary: stringPath },
  { weight: 1, arbitrary: fc.array(stringPath, { minLength: 1, maxLength: 2 }) },
  { weight: 1, arbitrary: fc.constantFrom(/^\/a/i, /^\/(\w+)\/(\d+)$/, /b\//) }
)
const innerPath = fc.oneof(stringPath, fc.constant('/'))
const table: fc.Arbitrary<Table> = fc.record({
  caseSensitive: fc.boolean(),
  strict: fc.boolean(),
  entries: fc.array(fc.record({
    kind: fc.constantFrom<Table['entries'][number]['kind']>('get', 'get', 'use', 'all', 'route', 'router'),
    path: pathParam,
    router: fc.record({
      caseSensitive: fc.boolean(),
      strict: fc.boolean(),
      mergeParams: fc.boolean(),
      inner: fc.array(fc.record({ kind: fc.constantFrom<'get' | 'use'>('get', 'use'), path: innerPath }), { maxLength: 3 })
    })
  }), { minLength: 1, maxLength: 10 })
})

/** A request path made from a pattern: each token replaced by a value, optional parts kept or dropped. */
function instantiate (pattern: string, pick: (n: number) => number): string {
  return pattern
    .replace(/:\w+(\([^)]*\))?[?*]?/g, () => VALUES[pick(VALUES.length)])
    .replace(/\*/g, () => ['', 'z', 'q/r'][pick(3)])
    .replace(/\((\w+)\|(\w+)\)/g, (_m, a: string, b: string) => (pick(2) === 0 ? a : b))
    .replace(/\((\w+)\)\?/g, (_m, g: string) => (pick(2) === 0 ? g : ''))
    .replace(/(\w)\{2\}/g, '$1$1')
    .replace(/(\w)\+/g, (_m, c: string) => c.repeat(1 + pick(2)))
    .replace(/(\w)\?/g, (_m, c: string) => (pick(2) === 0 ? c : ''))
    .replace(/é/g, () => ['é', '%C3%A9'][pick(2)])
}

/** Bends a path the way clients and typos do. */
function bend (path: string, how: number): string {
  switch (how) {
    case 0: return path
    case 1: return path.toUpperCase()
    case 2: return path.endsWith('/') ? path.slice(0, -1) || '/' : path + '/'
    case 3: return path + '/extra'
    case 4: return path + '?q=1'
    case 5: return path.replace('/', '//')
    default: return path.charAt(0) + path.charAt(1).toUpperCase() + path.slice(2)
  }
}

/* eslint-disable @typescript-eslint/no-explicit-any -- one code drives both frameworks, whose types differ */
type AnyApp = ((req: http.IncomingMessage, res: http.ServerResponse) => void) & Record<string, any>

/** Records which handler ran, with what it saw, and goes on. */
function visit (id: string) {
  return (req: any, _res: any, next: (err?: unknown) => void) => {
    (req.trail ??= []).push(`${id} ${req.baseUrl}|${req.url}|${JSON.stringify(req.params)}`)
    next()
  }
}

function build (create: any, t: Table): AnyApp {
  const app = create()
  app.set('case sensitive routing', t.caseSensitive)
  app.set('strict routing', t.strict)
  t.entries.forEach((e, i) => {
    const id = String(i)
    if (e.kind === 'router') {
      const router = create.Router({ caseSensitive: e.router.caseSensitive, strict: e.router.strict, mergeParams: e.router.mergeParams })
      e.router.inner.forEach((inner, j) => { router[inner.kind](inner.path, visit(`${id}.${j}`)) })
      app.use(e.path, router)
    } else if (e.kind === 'route') {
      app.route(e.path).get(visit(`${id} get`)).all(visit(`${id} all`))
    } else {
      app[e.kind](e.path, visit(id))
    }
  })
  app.use((req: any, res: any) => { res.statusCode = 299; res.end((req.trail ?? []).join('\n')) })
  return app
}
/* eslint-enable @typescript-eslint/no-explicit-any */

/** Every string path of a table, routers' inner paths included: the sources of its requests. */
function patternsOf (t: Table): string[] {
  const out: string[] = []
  for (const e of t.entries) {
    const paths = Array.isArray(e.path) ? e.path : [e.path]
    for (const p of paths) {
      if (typeof p !== 'string') continue
      out.push(p)
      if (e.kind === 'router') for (const inner of e.router.inner) out.push(p.replace(/\/$/, '') + inner.path)
    }
  }
  return out.length > 0 ? out : ['/']
}

describe('route matching, differential against express@4', () => {
  it('matches the same layers with the same params over the whole path syntax and every case/strict setting', async () => {
    const express = (await import('express')).default
    await fc.assert(fc.asyncProperty(
      table,
      fc.array(fc.tuple(fc.nat(), fc.nat({ max: 6 }), fc.array(fc.nat(), { minLength: 8, maxLength: 8 }), fc.constantFrom('GET', 'POST')), { minLength: 1, maxLength: 6 }),
      async (t, picks) => {
        const ours = build(framework, t)
        const theirs = build(express, t)
        const patterns = patternsOf(t)
        await sideBySide(ours, theirs, async (ourPort, theirPort) => {
          for (const [which, how, choices, method] of picks) {
            let k = 0
            const path = bend(instantiate(patterns[which % patterns.length], (n) => choices[k++ % choices.length] % n), how)
            const [a, b] = await Promise.all([exchange(ourPort, { method, path }), exchange(theirPort, { method, path })])
            const answer = (r: typeof a): string => `${r.status}\n${withoutStackFrames(r.body.toString('utf8'))}`
            assert.equal(answer(a), answer(b), `${method} ${path}`)
          }
        })
      }
    ), { numRuns: 250 })
  })
})
