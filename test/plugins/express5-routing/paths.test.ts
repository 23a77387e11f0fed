import { describe, it } from 'node:test'
import assert from 'node:assert/strict'
import { dispatch, echoParams, RealRouter, Router4, Router5, type Outcome } from './support'

/** A route path, the request path, and what the handler sees: its params, or `null` when the route does not match. */
type Case = [path: string | RegExp | Array<string | string[]>, url: string, params: Record<string, unknown> | null, options?: object]

/** Express 5 (path-to-regexp 8) paths. */
const V8: Case[] = [
  ['/users/:id', '/users/42', { id: '42' }],
  ['/users/:id', '/users/42/', { id: '42' }],
  ['/users/:id', '/users', null],
  ['/users/:id', '/users/4%202', { id: '4 2' }],
  ['/users/:id.:format', '/users/7.json', { id: '7', format: 'json' }],
  ['/:from-:to', '/x-y', { from: 'x', to: 'y' }],
  ['/files/*path', '/files/a/b/c', { path: ['a', 'b', 'c'] }],
  ['/files/*path', '/files/a%2Fb/c%20d', { path: ['a/b', 'c d'] }],
  ['/files/*path', '/files', null],
  ['/files/*path', '/files/', null],
  ['/*splat', '/', null],
  ['/{*splat}', '/', {}],
  ['/{*splat}', '/x/y', { splat: ['x', 'y'] }],
  ['/archive{/:year}', '/archive', {}],
  ['/archive{/:year}', '/archive/2024', { year: '2024' }],
  ['/user{s}', '/user', {}],
  ['/user{s}', '/users', {}],
  ['/:"quoted name"', '/x', { 'quoted name': 'x' }],
  ['/\\(x\\)', '/(x)', {}],
  ['/café', '/café', {}],
  ['/a', '/A', {}],
  ['/a', '/A', null, { caseSensitive: true }],
  ['/a', '/a/', null, { strict: true }],
  ['/a/', '/a', null, { strict: true }],
  ['/a/', '/a', {}],
  [/^\/item\/(\d+)$/, '/item/5', { 0: '5' }],
  [/^\/(?<year>\d{4})\/(\d+)$/, '/2024/3', { year: '2024', 0: '3' }],
  [/^\/\(x\)\/([a-z]+)$/, '/(x)/abc', { 0: 'abc' }],
  [['/a/:x', '/b/*rest'], '/b/1/2', { rest: ['1', '2'] }],
  [['/a/:x', '/b/*rest'], '/a/1', { x: '1' }],
  [[['/n/:x', '/m'], '/o'], '/m', {}],
  [[['/n/:x', '/m'], '/o'], '/n/2', { x: '2' }],
  [[['/n/:x', '/m'], '/o'], '/o', {}]
]

/** The same kind of table for Express 4 (path-to-regexp 0.1) paths, in the same process. */
const V01: Case[] = [
  ['/users/:id?', '/users', {}],
  ['/users/:id?', '/users/3', { id: '3' }],
  ['/files/*', '/files/a/b', { 0: 'a/b' }],
  ['/user(s)?', '/users', { 0: 's' }],
  ['/files/*path', '/files/a/b', null],
  ['/archive{/:year}', '/archive', null],
  ['/users/:id', '/users/42/', { id: '42' }]
]

/** Paths path-to-regexp 8 refuses, with the start of the TypeError router 2 throws when the route is made. */
const INVALID: Array<[string, RegExp]> = [
  ['/users/:id?', /^Unexpected \? at index 10/],
  ['/user(s)?', /^Unexpected \( at index 5/],
  ['/files/*', /^Missing parameter name at index 8/],
  ['/:', /^Missing parameter name at index 2/],
  ['/{a', /^Unexpected end at index 3, expected \}/],
  ['/a+b', /^Unexpected \+ at index 2/],
  ['/([a-z]+:n[0-9]+)', /^Unexpected \( at index 1/]
]

async function outcome (Router: (options?: object) => any, [path, url, , options]: Case): Promise<Outcome> {
  const router = Router(options)
  router.get(path, echoParams)
  return dispatch(router, 'GET', url)
}

function expected (params: Record<string, unknown> | null): Outcome {
  return params === null ? { next: true } : { answered: JSON.stringify(params), headers: {} }
}

const label = ([path, url, , options]: Case) => `${String(path)} ${url}${options ? ' ' + JSON.stringify(options) : ''}`

describe('express5-routing: path syntax', () => {
  describe('an Express 5 router reads path-to-regexp 8 paths', () => {
    for (const c of V8) {
      it(label(c), async () => {
        const got = await outcome(Router5, c)
        // Object key order aside: numbered keys come first in JSON.
        assert.deepEqual(parse(got), parse(expected(c[2])))
      })
    }
  })

  describe('the default preset\'s router keeps path-to-regexp 0.1 in the same process', () => {
    for (const c of V01) {
      it(label(c), async () => {
        assert.deepEqual(parse(await outcome(Router4, c)), parse(expected(c[2])))
      })
    }
  })

  describe('invalid paths throw a TypeError when the route or middleware is added', () => {
    for (const [path, message] of INVALID) {
      it(path, () => {
        assert.throws(() => Router5().get(path, echoParams), (err: Error) => err instanceof TypeError && message.test(err.message))
        assert.throws(() => Router5().use(path, echoParams), (err: Error) => err instanceof TypeError && message.test(err.message))
        assert.throws(() => Router5().route(path), (err: Error) => err instanceof TypeError && message.test(err.message))
        // The same string is an Express 4 path.
        assert.doesNotThrow(() => Router4().get(path, echoParams))
      })
    }
  })

  it('gives route params without a prototype for string paths, as path-to-regexp 8 builds them', async () => {
    const router = Router5()
    router.get('/:id', (req: { params: object }, res: { end (b: string): void }) => { res.end(String(Object.getPrototypeOf(req.params))) })
    assert.deepEqual(await dispatch(router, 'GET', '/1'), { answered: 'null', headers: {} })
  })

  it('matches as router 2 does, case by case (differential)', async () => {
    for (const c of V8) assert.deepEqual(await outcome(Router5, c), await outcome(RealRouter, c), label(c))
    for (const [path, message] of INVALID) {
      assert.throws(() => RealRouter().get(path, echoParams), (err: Error) => err instanceof TypeError && message.test(err.message))
    }
  })
})

/** An outcome with its JSON body parsed, so key order does not matter. */
function parse (outcome: Outcome): unknown {
  return 'answered' in outcome ? { answered: JSON.parse(outcome.answered) } : outcome
}
