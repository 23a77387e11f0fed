// The stack index of router 2 routers: the layers it lets the router test are all those that match.
import { describe, it } from 'node:test'
import assert from 'node:assert/strict'
import fc from 'fast-check'
import { Layer } from '../../../plugins/express5-routing/layer'
import { StackCursor } from '../../../plugins/express5-routing/route-index'

const PATTERNS = ['/api/users', '/api/users/:id', '/API/Users/:id/notes', '/api/posts{/:id}', '/api/:kind', '/api', '/',
  '/api/users/*rest', '/files/docs/', '/Files/Docs/:name', '/a/b/c', '/a/:b', '/ſx/y', '/K/k', '/api/users/:id/', '/a/b/:c/:d']
const PATHS = ['/api/users', '/API/USERS/7', '/api/users/7/notes', '/api/posts', '/api/posts/3', '/api', '/', '/files/docs',
  '/files/docs/x', '/a/b/c', '/a/b', '/sx/y', '/\u017fx/y', '/\u212a/k', '/k/K', '/api//users', '*', '/api/users%2F7',
  '/api/users/7/', '/api/users/', '/api/users/7//', '/a/b/c/', '/a/b/c/d', '/a/b/c/d/']

const noop = (): void => {}

/** What the router would find from each position by testing every layer: the positions that match, in order. */
function bruteForce (stack: Layer[], pathname: string): number[] {
  const found: number[] = []
  stack.forEach((layer, i) => { if (layer.match(pathname)) found.push(i) })
  return found
}

function viaCursor (cursor: StackCursor, stack: Layer[], pathname: string): number[] {
  const found: number[] = []
  for (let i = cursor.next(0, pathname); i < stack.length; i = cursor.next(i + 1, pathname)) {
    if (stack[i].match(pathname)) found.push(i)
  }
  return found
}

const layerArb = fc.record({ pattern: fc.constantFrom(...PATTERNS), end: fc.boolean(), sensitive: fc.boolean(), strict: fc.boolean() })
type Edit = { kind: 'replace' | 'slash' | 'matchers' | 'match' | 'push' | 'splice', at: number, with: { pattern: string, end: boolean, sensitive: boolean, strict: boolean } }
const editArb: fc.Arbitrary<Edit> = fc.record({
  kind: fc.constantFrom('replace', 'slash', 'matchers', 'match', 'push', 'splice'),
  at: fc.nat(),
  with: layerArb
}) as fc.Arbitrary<Edit>

const make = (d: { pattern: string, end: boolean, sensitive: boolean, strict: boolean }): Layer =>
  new Layer(d.pattern, { end: d.end, sensitive: d.sensitive, strict: d.strict }, noop)

describe('express5-routing stack index', () => {
  it('yields every matching layer, in order, through random stacks, paths and edits', () => {
    fc.assert(fc.property(
      fc.array(layerArb, { minLength: 1, maxLength: 30 }),
      fc.array(fc.tuple(fc.constantFrom(...PATHS), fc.option(editArb, { nil: undefined })), { minLength: 1, maxLength: 12 }),
      (defs, steps) => {
        const stack = defs.map(make)
        const cursor = new StackCursor(stack)
        for (const [pathname, edit] of steps) {
          if (edit !== undefined && stack.length > 0) {
            const at = edit.at % stack.length
            if (edit.kind === 'replace') stack[at] = make(edit.with)
            else if (edit.kind === 'slash') stack[at].slash = true
            else if (edit.kind === 'matchers') stack[at].matchers = make(edit.with).matchers
            else if (edit.kind === 'match') stack[at].match = function () { return { params: {}, path: '', keys: [], pattern: '/' } }
            else if (edit.kind === 'push') stack.push(make(edit.with))
            else stack.splice(at, 1)
          }
          assert.deepEqual(viaCursor(cursor, stack, pathname), bruteForce(stack, pathname), pathname)
        }
      }
    ), { numRuns: 1500 })
  })

  it('passes over the layers of other first segments in a long table', () => {
    const stack = ['users', 'posts', 'tags', 'notes'].flatMap((r) => [`/api/${r}`, `/api/${r}/:id`]).map((pattern) => make({ pattern, end: true, sensitive: false, strict: false }))
    const cursor = new StackCursor(stack)
    assert.equal(cursor.next(0, '/api/notes'), 6)
    assert.equal(cursor.next(0, '/API/NOTES/'), 6)
    assert.equal(cursor.next(0, '/api/none'), stack.length)
  })

  it('passes over routes of text and parameters whose number of slashes differs', () => {
    const patterns = ['/api/notes', '/api/notes/:id', '/api/notes/:id/tags', '/api/notes/*rest', '/api/notes{/:id}/x']
    const routes = patterns.map((pattern) => make({ pattern, end: true, sensitive: false, strict: false }))
    const strict = make({ pattern: '/api/notes/:id', end: true, sensitive: false, strict: true })
    const middleware = make({ pattern: '/api/notes', end: false, sensitive: false, strict: false })
    const cursor = new StackCursor([...routes, strict, middleware])
    assert.equal(cursor.next(0, '/api/notes/3'), 1)
    assert.equal(cursor.next(2, '/api/notes/3'), 3, 'a wildcard takes any number')
    assert.equal(cursor.next(4, '/api/notes/3'), 4, 'so does a group')
    assert.equal(cursor.next(0, '/api/notes/3/'), 1, 'one trailing slash more, when not strict')
    assert.equal(cursor.next(2, '/api/notes/3/'), 2)
    assert.equal(cursor.next(5, '/api/notes/3/'), 6, 'a strict route takes no trailing slash; middleware takes any path below')
    assert.equal(cursor.next(0, '/api/notes/3//'), 2, 'a path one slash short of it, with the trailing one')
  })
})
