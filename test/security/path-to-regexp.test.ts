// Advisories of path-to-regexp (0.1.x, Express 4's; 8.x, Express 5's through router 2): route
// patterns whose regexp backtracks. Work is counted in regexp steps over a whole request (see
// regexp-work.ts): a crafted path 10x longer costs ~10x the steps when matching is linear,
// ~100x when it is quadratic.
import { describe } from 'node:test'
import { vulnerable, withServer, type AnyFramework, type Target } from './support'
import { rawRequest, sendOne } from '../reliability/support'
import { recorder } from './results'
import { replay, saw } from './replay'
import { MAX_LINEAR_GROWTH, regexpWork } from './regexp-work'

/* eslint-disable @typescript-eslint/no-explicit-any -- apps of several frameworks */

const table = recorder('path-to-regexp')


/** Something that matches a route against a path: an app of a framework, or path-to-regexp alone. */
type Matcher = (route: string, path: string) => Promise<number | 'refused'>

/** The regexp steps of one request for `path` to an app with the one route `route`; `refused` when the framework rejects the route. */
function viaApp (framework: AnyFramework): Matcher {
  return async (route, path) => {
    const app = framework()
    try {
      app.get(route, (req: any, res: any) => { res.end('matched') })
    } catch {
      return 'refused'
    }
    return await withServer(app, async (port) => (await regexpWork(() => sendOne(port, rawRequest('GET', path)))).steps)
  }
}

/** The regexp steps of path-to-regexp 8's own regexp for `route` on `path` (what router 2 runs per request). */
function viaPathToRegexp8 (p2r: any): Matcher {
  return async (route, path) => {
    let regexp: RegExp
    try {
      regexp = p2r.pathToRegexp(route).regexp
    } catch {
      return 'refused'
    }
    return (await regexpWork(() => regexp.exec(path))).steps
  }
}

/** Whether matching `route` against `crafted(n)` grows faster than linearly from n = base to 10 * base. */
async function backtracks (match: Matcher, route: string, crafted: (n: number) => string, base: number): Promise<ReturnType<typeof saw>> {
  const short = await match(route, crafted(base))
  const long = await match(route, crafted(base * 10))
  if (short === 'refused' || long === 'refused') return saw(false, 'the route is refused')
  const ratio = long / Math.max(short, 1)
  return saw(ratio > MAX_LINEAR_GROWTH, `${route}: a 10x longer path takes x${ratio.toFixed(1)} the regexp steps (${short} -> ${long})`)
}

/** Express 4's path syntax (path-to-regexp 0.1), for the 0.1 advisories; the Express 5 targets run the same route strings with their own syntax. */
const anyTarget = (t: Target): Matcher | { na: string } => viaApp(t.framework)
/** Only the Express 5 line reads `*name` and `{…}` as path-to-regexp 8 does. */
const express5Line = (t: Target): Matcher | { na: string } => t.line === 5 ? viaApp(t.framework) : { na: 'Express 4 path syntax' }

describe('path-to-regexp: backtracking route patterns', () => {
  // Two parameters in one segment (`/:a-:b`): in path-to-regexp 0.1.7 each takes any run of
  // characters, so a long run of `-a` is split every way before the match fails.
  replay(table, {
    id: 'CVE-2024-45296',
    pkg: 'path-to-regexp 0.1.x <0.1.10 (express <4.20.0)',
    title: '`/:a-:b` matches `/a-a-a…/a` in linear work',
    shownOn: 'express@4.19.2 (path-to-regexp 0.1.7)',
    vulnerable: () => viaApp(vulnerable<AnyFramework>('express-4-19-2')),
    target: anyTarget,
    fires: (match) => backtracks(match, '/:a-:b', (n) => '/a' + '-a'.repeat(n) + '/a', 100)
  })

  // 0.1.10's guard leaves the separator itself matchable by the first parameter: a run of `-`
  // still backtracks.
  replay(table, {
    id: 'CVE-2024-52798',
    pkg: 'path-to-regexp 0.1.x <0.1.12 (express <4.21.2)',
    title: '`/:a-:b` matches `/-----…/x` in linear work',
    shownOn: 'express@4.21.1 (path-to-regexp 0.1.10)',
    vulnerable: () => viaApp(vulnerable<AnyFramework>('express-4-21-1')),
    target: anyTarget,
    fires: (match) => backtracks(match, '/:a-:b', (n) => '/' + '-'.repeat(n) + '/x', 200)
  })

  // 0.1.12's lookahead covers two parameters in a segment, not three or more.
  replay(table, {
    id: 'CVE-2026-4867',
    pkg: 'path-to-regexp 0.1.x <0.1.13',
    title: '`/:a-:b-:c` matches `/a-a-a…/a` in linear work',
    shownOn: 'express@4.21.2 (path-to-regexp 0.1.12)',
    vulnerable: () => viaApp(vulnerable<AnyFramework>('express-4-21-2')),
    target: anyTarget,
    fires: (match) => backtracks(match, '/:a-:b-:c', (n) => '/a' + '-a'.repeat(n) + '/a', 30)
  })

  // Two wildcards with a parameter after them, the second wildcard not last: both wildcards take
  // any run, so a long run of `-` is split every way.
  replay(table, {
    id: 'CVE-2026-4923',
    pkg: 'path-to-regexp 8.x <8.4.0 (router 2, express 5)',
    title: '`/*foo-*bar-:baz` matches `/-----…/x` in linear work',
    shownOn: 'path-to-regexp@8.3.0',
    vulnerable: () => viaPathToRegexp8(vulnerable('path-to-regexp-8-3-0')),
    target: express5Line,
    fires: (match) => backtracks(match, '/*foo-*bar-:baz', (n) => '/' + '-'.repeat(n) + '/x', 100)
  })

  // Sequential optional groups (`{a}{b}{c}…:z`) compile to one alternative per combination: the
  // regexp doubles with each group (ten groups: 1024 alternatives), and so does the memory and
  // work of compiling it. The fix refuses a route of more than 256 combinations when it is added.
  // A framework that takes the route is counted as firing (its regexp is not reachable to
  // measure); path-to-regexp alone shows its regexp's size, ten groups against five.
  replay(table, {
    id: 'CVE-2026-4926',
    pkg: 'path-to-regexp 8.x <8.4.0 (router 2, express 5)',
    title: 'a route of ten sequential optional groups is refused when added',
    shownOn: 'path-to-regexp@8.3.0',
    vulnerable: () => {
      const p2r = vulnerable('path-to-regexp-8-3-0')
      return (route: string): number | 'refused' => {
        try {
          return p2r.pathToRegexp(route).regexp.source.length
        } catch {
          return 'refused'
        }
      }
    },
    target: (t) => t.line === 5
      ? (route: string): number | 'refused' => {
          try {
            t.framework().get(route, (req: any, res: any) => { res.end() })
            return Infinity
          } catch {
            return 'refused'
          }
        }
      : { na: 'Express 4 path syntax' },
    async fires (add) {
      const route = (groups: number): string => '/' + 'abcdefghij'.slice(0, groups).split('').map((c) => `{${c}}`).join('') + ':z'
      const five = add(route(5))
      const ten = add(route(10))
      if (ten === 'refused') return saw(false, 'the ten-group route is refused')
      if (ten === Infinity) return saw(true, 'the ten-group route is taken')
      const ratio = ten / (five === 'refused' ? 1 : five)
      return saw(ratio > 8, `the ten-group regexp is ${ten} characters, x${ratio.toFixed(1)} the five-group one`)
    }
  })
})
