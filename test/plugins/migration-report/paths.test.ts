import { describe, it } from 'node:test'
import assert from 'node:assert/strict'
import fc from 'fast-check'
import { analyzePath } from '../../../plugins/migration-report'
import { pathToRegexp } from '../../../kernel/internal/path-to-regexp'
import { express4Outcome, express5Outcome, type Outcome } from './express-routers'

type Kind = 'route' | 'use'

/** Express 4 paths, and what the report says of each as a route: unchanged, or its problem and Express 5 spelling. */
const TABLE: Array<[path: string, expected: undefined | ['invalid' | 'changed', string | RegExp]]> = [
  ['/users/:id', undefined],
  ['/about.html', undefined],
  ['/user-:id', undefined],
  ['/:from-:to', ['changed', /^(?:\/(?<from>[^/]+?))-(?:(?<to>(?:(?!\/|-).)+?))\/?$/i]],
  ['/books/:id/edit', undefined],
  ['/users/:id?', ['invalid', '/users{/:id}']],
  ['/users/:id?/edit', ['invalid', '/users{/:id}/edit']],
  ['/user/:id/:op?', ['invalid', '/user/:id{/:op}']],
  ['/files/*', ['invalid', '/files/{*splat}']],
  ['/a/*/b', ['invalid', '/a/{*splat}/b']],
  ['*', ['invalid', '{*splat}']],
  ['/ab*cd', ['changed', '/ab{*splat}cd']],
  ['/ab?cd', ['invalid', /^\/ab?cd\/?$/i]],
  ['/ab+cd', ['invalid', /^\/ab+cd\/?$/i]],
  ['/ab(cd)?e', ['invalid', /^\/ab(cd)?e\/?$/i]],
  ['/user/:id(\\d+)', ['invalid', /^\/user(?:\/(?<id>\d+))\/?$/i]],
  ['/files/:path*', ['invalid', /^\/files(?:\/(?<path>[^/]+?)((?:[/].+?)?))\/?$/i]],
  ['/:file.:ext', ['changed', /^(?:\/(?<file>[^/]+?))(?:\.(?<ext>[^/\.]+?))\/?$/i]],
  ['/a|b', ['changed', /^\/a|b\/?$/i]],
  ['/price$', ['changed', /^\/price$\/?$/i]]
]

/** Request paths for one Express 4 path: its literal words, parameter-like values and separators, shuffled. */
function urls (path: string): fc.Arbitrary<string> {
  const words = path.split(/[^A-Za-z0-9]+/).filter((w) => w !== '' && !/^\d+$/.test(w))
  const piece = fc.oneof(
    fc.constantFrom(...words, 'a', 'B', '1', '42', 'x.y', '.', 'a-b', 'caf%C3%A9', ''),
    fc.constantFrom('/', '.', '-', '/')
  )
  return fc.array(piece, { minLength: 1, maxLength: 8 }).map((parts) => '/' + parts.join('')).filter((u) => !u.includes('//'))
}

/**
 * Both routers' outcomes agree: match or not, and the same param values. The one difference a
 * spelling cannot undo, a `use` path mounted before a `.`, must be named in the verdict's notes.
 */
function agree (before: Outcome, after: Outcome, notes: readonly string[] = []): boolean {
  if (before.matched && before.beforeDot === true && !after.matched) return notes.some((note) => note.includes('Express 4 also did before a `.`'))
  if (before.matched !== after.matched) return false
  if (!before.matched) return true
  const a = Object.values(before.params).filter((v) => v !== undefined).sort()
  const b = Object.values(after.params).filter((v) => v !== undefined).sort()
  return JSON.stringify(a) === JSON.stringify(b)
}

/** Whether express@4 takes the path at all. */
function express4Takes (path: string): boolean {
  try {
    pathToRegexp(path, [], {})
    return true
  } catch {
    return false
  }
}

describe('migration report: paths', () => {
  for (const [path, expected] of TABLE) {
    it(`${JSON.stringify(path)} as a route: ${expected ? `${expected[0]}, written ${String(expected[1])}` : 'unchanged'}`, () => {
      const verdict = analyzePath(path, { end: true })
      if (expected === undefined) { assert.equal(verdict, undefined); return }
      assert.ok(verdict)
      assert.equal(verdict.problem, expected[0])
      if (typeof expected[1] === 'string') assert.equal(verdict.suggestion, expected[1])
      else assert.equal(String(verdict.suggestion), String(expected[1]))
      assert.ok(verdict.reason.length > 0)
    })
  }

  it('regular expression paths are read the same by Express 5', () => {
    assert.equal(analyzePath(/^\/item\/(\d+)$/i, { end: true }), undefined)
    assert.equal(analyzePath(/\/(?<name>[a-z]+)/, { end: false }), undefined)
  })

  it('names what changes in req.params', () => {
    const verdict = analyzePath('/files/*', { end: true })!
    assert.ok(verdict.notes.includes('`req.params[0]` is `req.params.splat`'))
    assert.ok(verdict.notes.some((note) => note.startsWith('`req.params.splat` is an array of path segments')))
    // Two wildcards split a path differently in Express 5: the regular expression keeps `a` named, the rest numbered.
    const two = analyzePath('/:a/*/*', { end: true })!
    assert.equal(String(two.suggestion), String(/^(?:\/(?<a>[^/]+?))\/(.*)\/(.*)\/?$/i))
    assert.ok(!two.notes.some((note) => note.includes('req.params.splat')))
  })

  it('reads use paths with the prefix rules of app.use', () => {
    assert.equal(analyzePath('/api', { end: false }), undefined)
    assert.equal(analyzePath('/', { end: false }), undefined)
    assert.equal(analyzePath('/api/*', { end: false })?.suggestion, '/api/{*splat}')
    assert.equal(String(analyzePath('/v:n(\\d+)', { end: false })?.suggestion), String(/^\/v(?:(?<n>\d+))\/?(?=\/|$)/i))
  })

  it('judges with the router options: case sensitivity and strict routing reach the regular expression', () => {
    assert.equal(String(analyzePath('/Ab?c', { end: true, sensitive: true })?.suggestion), String(/^\/Ab?c\/?$/))
    assert.equal(String(analyzePath('/ab?c', { end: true, strict: true })?.suggestion), String(/^\/ab?c$/i))
  })

  for (const kind of ['route', 'use'] as const) {
    for (const options of [{}, { strict: true }, { caseSensitive: true }]) {
      it(`express@5 with the spelling matches what express@4 matched with the path (${kind}, ${JSON.stringify(options)})`, async () => {
        for (const [path] of TABLE) {
          const verdict = analyzePath(path, { end: kind === 'route', strict: kind === 'route' && options.strict === true, sensitive: options.caseSensitive === true })
          const next = verdict?.suggestion ?? path
          await fc.assert(fc.asyncProperty(urls(path), async (url) => {
            const before = await express4Outcome(kind, path, url, options)
            const after = await express5Outcome(kind, next, url, options)
            assert.ok(agree(before, after, verdict?.notes), `${path} → ${String(next)} on ${url}: express@4 ${JSON.stringify(before)}, express@5 ${JSON.stringify(after)}`)
          }), { numRuns: 60, seed: 42 })
        }
      })
    }
  }

  it('paths written for Express 4 from random pieces: unchanged ones and suggestions match the same URLs on express@5', async () => {
    const piece = fc.constantFrom('/', 'users', 'a', '-', '.', '~', ':id', ':name', ':x?', '*', 'v1', '.json', ':n(\\d+)', 'b?', 's+', '(c)')
    const paths = fc.array(piece, { minLength: 1, maxLength: 5 }).map((parts) => '/' + parts.join(''))
      .filter((p) => !p.includes('//') && new Set(p.match(/:\w+/g) ?? []).size === (p.match(/:\w+/g) ?? []).length && express4Takes(p))
    await fc.assert(fc.asyncProperty(paths, fc.constantFrom<Kind>('route', 'use'), async (path, kind) => {
      const verdict = analyzePath(path, { end: kind === 'route' })
      const next = verdict?.suggestion ?? path
      const sample = fc.sample(urls(path), { numRuns: 25, seed: path.length })
      for (const url of sample) {
        const before = await express4Outcome(kind, path, url)
        const after = await express5Outcome(kind, next, url)
        assert.ok(agree(before, after, verdict?.notes), `${kind} ${path} → ${String(next)} on ${url}: express@4 ${JSON.stringify(before)}, express@5 ${JSON.stringify(after)}`)
      }
    }), { numRuns: 150, seed: 7 })
  })
})
