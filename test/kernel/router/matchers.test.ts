// The two matchers behind one interface: the reference (Express 4's walk, `layer.match` on every
// layer) and the fast one (route index, literal prefixes, slash counts, segment walking). One table
// of cases runs against each, and a property test holds them to the same layers, in the same
// order, with the same params, for random stacks, paths and edits of the public fields.
import { describe, it } from 'node:test'
import assert from 'node:assert/strict'
import fc from 'fast-check'
import { Layer } from '../../../kernel'
import { referenceMatcher } from './reference-matcher'
import { fastMatcher } from '../../../kernel/router/matchers/fast'
import type { Matcher } from '../../../kernel/router/matchers/matcher'
import { pathToRegexp, type PathKey, type PathOptions } from '../../../kernel/internal/path-to-regexp'

const matchers: Array<[string, Matcher]> = [['reference', referenceMatcher], ['fast', fastMatcher]]
const noop = (): void => {}

type Step = [position: number, params: Record<string, string | undefined>, path: string] | [position: number, error: string]

/** The layers `path` matches, walked as a router walks: each match with its params and matched path, or the error a test threw. */
function walk (matcher: Matcher, stack: Layer[], path: string): Step[] {
  const cursor = matcher.cursor(stack)
  const steps: Step[] = []
  for (let idx = cursor.next(0, path); idx < stack.length; idx = cursor.next(idx + 1, path)) {
    const layer = stack[idx]
    const result = cursor.test(layer, path)
    if (result === true) steps.push([idx, { ...layer.params }, layer.path!])
    else if (result !== false) steps.push([idx, String((result as Error).message)])
  }
  return steps
}

function stackOf (matcher: Matcher, defs: ReadonlyArray<[string | RegExp, PathOptions]>): Layer[] {
  return defs.map(([path, options]) => {
    const layer = new Layer(path, options, noop)
    matcher.added(layer, path, options)
    return layer
  })
}

const route: PathOptions = { end: true, strict: false, sensitive: false }
const use: PathOptions = { end: false, strict: false, sensitive: false }

/** Stacks, a path, and the layers it matches. */
const cases: Array<{ name: string, stack: Array<[string | RegExp, PathOptions]>, path: string, steps: Step[] }> = [
  { name: 'middleware on / matches every path', stack: [['/', use], ['/a', route]], path: '/a', steps: [[0, {}, ''], [1, {}, '/a']] },
  { name: 'a literal ignores case and one trailing slash', stack: [['/Users', route]], path: '/users/', steps: [[0, {}, '/users/']] },
  { name: 'a strict literal keeps its slash', stack: [['/users', { ...route, strict: true }]], path: '/users/', steps: [] },
  { name: 'segments are decoded params', stack: [['/users/:id/notes/:note', route]], path: '/users/7/notes/%41', steps: [[0, { id: '7', note: 'A' }, '/users/7/notes/%41']] },
  { name: 'a bad encoding is the layer\'s error', stack: [['/u/:id', route]], path: '/u/%zz', steps: [[0, "Failed to decode param '%zz'"]] },
  { name: 'a mount path matches a prefix at a boundary', stack: [['/api', use], ['/api/v1', use]], path: '/api/v1/x', steps: [[0, {}, '/api'], [1, {}, '/api/v1']] },
  { name: 'a case-sensitive pattern', stack: [['/A/:x', { ...route, sensitive: true }]], path: '/a/1', steps: [] },
  { name: 'stars and regexps', stack: [['*', route], ['/files/*', route], [/^\/f/, use]], path: '/files/a/b', steps: [[0, { 0: '/files/a/b' }, '/files/a/b'], [1, { 0: 'a/b' }, '/files/a/b'], [2, {}, '/f']] },
  { name: 'optional parameters', stack: [['/p/:a?', route]], path: '/p', steps: [[0, { a: undefined }, '/p']] },
  { name: 'more slashes than the pattern', stack: [['/api/users/:id', route], ['/api/users/:id/notes', route]], path: '/api/users/1/notes', steps: [[1, { id: '1' }, '/api/users/1/notes']] },
  { name: 'non-ASCII case folding is the regexp\'s', stack: [['/caf\u00e9', route], ['/k', route]], path: '/CAF\u00c9', steps: [[0, {}, '/CAF\u00c9']] }
]

for (const [name, matcher] of matchers) {
  describe(`the ${name} matcher`, () => {
    for (const c of cases) {
      it(c.name, () => {
        assert.deepEqual(walk(matcher, stackOf(matcher, c.stack), c.path), c.steps)
      })
    }
  })
}

const layerPaths = fc.constantFrom<string | RegExp>(
  '/', '/api', '/api/', '/api/users', '/api/users/:id', '/api/users/:id/notes/:noteId', '/API/Users/:id',
  '/api/user', '/api/users.json', '/api/:version/users', '/:any', '*', '/files/*', '/files/img:n',
  '/a-b/c', '/a', '/ab', '/abc/:x?', /^\/api\/v\d+/, '/caf\u00e9', '/api/orders/:id(\\d+)', '/K', '/u/:a/:b'
)
const requestPaths = fc.oneof(
  fc.constantFrom('/', '/api', '/api/', '/API/USERS/7', '/api/users/7', '/api/users/7/notes/9', '/api/users.json',
    '/api/user', '/api/v2/users', '/files/img12', '/files/a/b', '/a', '/ab', '/abc', '/abc/x', '/caf\u00e9', '/K',
    '/\u212a', '/api/orders/12', '/api/orders/x', '/other', '/api/users/%41', '/u/%zz/1', '/u/x/y/'),
  fc.array(fc.constantFrom('a', 'A', 'b', 'c', 'p', 'i', 'u', 's', 'e', 'r', '/', '.', '1', '%41', '\u212a', 'k'), { maxLength: 16 }).map((cs) => '/' + cs.join(''))
)
const layerOptions = fc.record({ end: fc.boolean(), strict: fc.boolean(), sensitive: fc.boolean() })

/** Edits tools make to a stack between requests (index `at` modulo the stack's length). */
type Edit = { kind: 'regexp', at: number, path: string } | { kind: 'fast_slash' | 'fast_star' | 'match' | 'keys' | 'delete' | 'remove', at: number } | { kind: 'push', path: string }
const edits = fc.oneof(
  fc.record({ kind: fc.constant('regexp' as const), at: fc.nat(), path: fc.constantFrom('/other', '/api/:x', '/a') }),
  fc.record({ kind: fc.constantFrom('fast_slash' as const, 'fast_star' as const, 'match' as const, 'keys' as const, 'delete' as const, 'remove' as const), at: fc.nat() }),
  fc.record({ kind: fc.constant('push' as const), path: fc.constantFrom('/other', '/api/users/:id', '/') })
)

function applyEdit (matcher: Matcher, stack: Layer[], edit: Edit): void {
  if (edit.kind === 'push') {
    const layer = new Layer(edit.path, route, noop)
    matcher.added(layer, edit.path, route)
    stack.push(layer)
    return
  }
  if (stack.length === 0) return
  const at = edit.at % stack.length
  const layer = stack[at]
  if (edit.kind === 'remove') {
    stack.splice(at, 1)
    return
  }
  if (edit.kind === 'delete') {
    // A hole: a router fails the requests that reach it, as Express does.
    delete stack[at]
    return
  }
  if (layer == null) return
  if (edit.kind === 'regexp') {
    const keys: PathKey[] = []
    layer.regexp = Object.assign(pathToRegexp(edit.path, keys, route), { fast_slash: false, fast_star: false })
    layer.keys = keys
  } else if (edit.kind === 'fast_slash' || edit.kind === 'fast_star') {
    layer.regexp[edit.kind] = true
  } else if (edit.kind === 'match') {
    layer.match = function onlyApi (this: Layer, path: string | null | undefined) {
      this.params = {}
      this.path = ''
      return typeof path === 'string' && path.startsWith('/api')
    }
  } else if (layer.keys.length !== 0) {
    layer.keys = layer.keys.map((key, i) => ({ ...key, name: `k${i}` }))
  }
}

describe('the fast matcher yields the reference matcher\'s layers', () => {
  it('for random stacks and paths, before and after edits of the public fields', () => {
    fc.assert(fc.property(
      fc.array(fc.tuple(layerPaths, layerOptions), { maxLength: 25 }), fc.array(requestPaths, { minLength: 1, maxLength: 4 }), fc.array(edits, { maxLength: 4 }),
      (defs, paths, changes) => {
        const stacks = matchers.map(([, matcher]) => stackOf(matcher, defs))
        const compare = (when: string): void => {
          for (const path of paths) {
            const [reference, fast] = matchers.map(([, matcher], i) => walk(matcher, stacks[i], path))
            assert.deepEqual(fast, reference, `${when}: ${JSON.stringify(path)} on ${defs.map(([p]) => String(p)).join(' ')}`)
          }
        }
        compare('as built')
        for (const edit of changes) {
          matchers.forEach(([, matcher], i) => applyEdit(matcher, stacks[i], edit))
          compare(`after ${JSON.stringify(edit)}`)
        }
      }), { numRuns: 1500 })
  })
})
