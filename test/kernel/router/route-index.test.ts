import { describe, it } from 'node:test'
import assert from 'node:assert/strict'
import fc from 'fast-check'
import request from 'supertest'
import minimal from '../../../presets/minimal'
import { Layer } from '../../../kernel'
import { candidatesOf, routeIndex } from '../../../kernel/router/matchers/fast/route-index'
import { remember } from '../../../kernel/router/matchers/fast/shortcut'
import type { PathOptions } from '../../../kernel/internal/path-to-regexp'

// The index lets a router test only the layers whose literal prefix a path starts with. It may
// keep a layer that cannot match (the layer's own test then says no), never drop one that can.

const noop = (): void => {}

/** A layer as a router adds it: with the fast matcher's shortcuts. */
function fastLayer (path: string | RegExp, opts: PathOptions, fn: (...args: any[]) => unknown = noop): Layer {
  const layer = new Layer(path, opts, fn)
  remember(layer, path, opts)
  return layer
}

/** Layer paths sharing heads, as route tables do, with patterns, stars, regexps and middleware on `/`. */
const layerPaths = fc.constantFrom<Array<string | RegExp>>(
  '/', '/api', '/api/', '/api/users', '/api/users/:id', '/api/users/:id/notes/:noteId', '/API/Users/:id',
  '/api/user', '/api/users.json', '/api/:version/users', '/:any', '*', '/files/*', '/files/img:n',
  '/a-b/c', '/a', '/ab', '/abc/:x?', /^\/api\/v\d+/, '/caf\u00e9', '/api/orders/:id(\\d+)', '/K'
)
const requestPaths = fc.oneof(
  fc.constantFrom('/', '/api', '/api/', '/API/USERS/7', '/api/users/7', '/api/users/7/notes/9', '/api/users.json',
    '/api/user', '/api/v2/users', '/files/img12', '/files/a/b', '/a', '/ab', '/abc', '/abc/x', '/caf\u00e9', '/K',
    '/\u212a', '/api/orders/12', '/api/orders/x', '/other', '/api/users/%41'),
  fc.array(fc.constantFrom('a', 'A', 'b', 'c', 'p', 'i', 'u', 's', 'e', 'r', '/', '.', '1', '\u212a', 'k', 'K'), { maxLength: 16 }).map((cs) => '/' + cs.join(''))
)
const layerOptions = fc.record({ end: fc.boolean(), strict: fc.boolean(), sensitive: fc.boolean() })

/** Whether a layer matches `path` as a router would see it (a decoding error counts as reached). */
function reaches (layer: Layer, path: string): boolean {
  try {
    return layer.match(path)
  } catch {
    return true
  }
}

describe('routeIndex(stack, undefined) and candidatesOf(index, path)', () => {
  it('keeps every layer a path matches, in stack order, whatever the table', () => {
    fc.assert(fc.property(fc.array(fc.tuple(layerPaths, layerOptions), { maxLength: 30 }), fc.boolean(), requestPaths, (defs, sameCase, path) => {
      // Routers give all their layers one case sensitivity; a stack may still mix them (built by hand).
      const stack = defs.map(([p, opts]) => fastLayer(p, sameCase ? { ...opts, sensitive: defs[0][1].sensitive } : opts, noop))
      const candidates = Array.from(candidatesOf(routeIndex(stack, undefined), path, path.toLowerCase()))
      for (let i = 1; i < candidates.length; i++) assert.ok(candidates[i - 1] < candidates[i], 'ascending, no repeats')
      stack.forEach((layer, i) => {
        if (reaches(layer, path)) assert.ok(candidates.includes(i), `${String(defs[i][0])} ${JSON.stringify(defs[i][1])} matches ${JSON.stringify(path)}`)
      })
    }), { numRuns: 3000 })
  })

  it('leaves out the layers whose prefix the path lacks', () => {
    const paths = ['/api/users/:id', '/api/users', '/api/posts/:id', '/api/posts', '/health']
    const stack = [fastLayer('/', { end: false }, noop), ...paths.map((p) => fastLayer(p, { end: true }, noop))]
    const index = routeIndex(stack, undefined)
    assert.deepEqual(Array.from(candidatesOf(index, '/api/posts/3', '/api/posts/3')), [0, 3, 4])
    assert.deepEqual(Array.from(candidatesOf(index, '/API/Users/3', '/api/users/3')), [0, 1, 2])
    assert.deepEqual(Array.from(candidatesOf(index, '/nothing', '/nothing')), [0])
  })

  it('leaves out the patterns whose matches have more or fewer slashes than the path, at any depth', () => {
    const paths = ['/api/users/:id', '/api/users/:id/notes', '/api/users/:id/notes/:noteId', '/api/users']
    const stack = [fastLayer('/', { end: false }, noop), ...paths.map((p) => fastLayer(p, { end: true }, noop))]
    const index = routeIndex(stack, undefined)
    assert.deepEqual(Array.from(candidatesOf(index, '/api/users/7', '/api/users/7')), [0, 1, 4])
    // A non-strict pattern also matches with one more slash at the end.
    assert.deepEqual(Array.from(candidatesOf(index, '/api/users/7/', '/api/users/7/')), [0, 1, 2, 4])
    assert.deepEqual(Array.from(candidatesOf(index, '/API/users/7/notes/9', '/api/users/7/notes/9')), [0, 3, 4])
    const deep = '/api/users/' + 'x/'.repeat(20) + 'y'
    assert.deepEqual(Array.from(candidatesOf(index, deep, deep)), [0, 4])
    // Paths of one shape reaching one prefix share a list, made once.
    assert.equal(candidatesOf(index, '/api/users/8', '/api/users/8'), candidatesOf(index, '/api/users/9', '/api/users/9'))
  })

  it('walks a table plainly when its lists would hold far more entries than it has layers', () => {
    // 200 middleware above 200 prefixes: every prefix's list would repeat the 200.
    const stack = [
      ...Array.from({ length: 200 }, () => fastLayer('/api', { end: false }, noop)),
      ...Array.from({ length: 200 }, (_, i) => fastLayer(`/api/x${i}/:id`, { end: true }, noop))
    ]
    const index = routeIndex(stack, undefined)
    assert.equal(index.prefixesChecked, false)
    assert.equal(candidatesOf(index, '/api/x7/1', '/api/x7/1').length, stack.length)
    // A smaller table of the same shape is indexed.
    const small = [fastLayer('/api', { end: false }, noop), ...Array.from({ length: 20 }, (_, i) => fastLayer(`/api/x${i}/:id`, { end: true }, noop))]
    assert.deepEqual(Array.from(candidatesOf(routeIndex(small, undefined), '/api/x7/1', '/api/x7/1')), [0, 8])
  })

  it('is built again when the stack grows or shrinks', () => {
    const stack = [fastLayer('/a', { end: true }, noop)]
    const first = routeIndex(stack, undefined)
    assert.equal(routeIndex(stack, undefined), first)
    stack.push(fastLayer('/b', { end: true }, noop))
    const second = routeIndex(stack, undefined)
    assert.notEqual(second, first)
    assert.deepEqual(Array.from(candidatesOf(second, '/b', '/b')), [1])
  })
})

describe('a router dispatching through its index', () => {
  it('sees layers moved within router.stack without a change of length', async () => {
    const app = minimal()
    app.get('/api/users/:id', (req, res) => { res.end('route') })
    app.use('/api/users', (req, res) => { res.end('moved middleware') })
    await request(app).get('/api/users/1').expect(200, 'route')
    // A common idiom: move the last layer added to the front.
    const stack = app._router!.stack
    stack.unshift(stack.pop()!)
    await request(app).get('/api/users/1').expect(200, 'moved middleware')
  })

  it('sees a layer added while a request is being dispatched', async () => {
    const app = minimal()
    app.use((req, res, next) => {
      app.get('/late', (req2, res2) => { res2.end('added during the request') })
      next()
    })
    await request(app).get('/late').expect(200, 'added during the request')
  })

  it('serves a stack mixing case-sensitive and case-insensitive layers', async () => {
    const app = minimal()
    app.get('/Mixed/:id', (req, res) => { res.end('insensitive') })
    const router = minimal.Router({ caseSensitive: true })
    router.get('/Exact/:id', (req, res) => { res.end('sensitive') })
    // Layers of a case-sensitive router moved by hand onto the app's own stack.
    app._router!.stack.push(...router.stack)
    await request(app).get('/mixed/1').expect(200, 'insensitive')
    await request(app).get('/Exact/1').expect(200, 'sensitive')
    await request(app).get('/exact/1').expect(404)
  })

  describe('router.stack edited in place: the layers passed over are compared on every pass', () => {
    /** An app with three routes, the stack, where the first route sits, and a layer that would answer `/api/orders/:id` from there. */
    function table () {
      const app = minimal()
      for (const r of ['users', 'posts', 'orders']) app.get(`/api/${r}/:id`, (req, res) => { res.end(`${r} ${req.params.id}`) })
      const other = minimal()
      other.get('/api/orders/:id', (req, res) => { res.end('swapped in') })
      const stack = app._router!.stack
      const at = stack.findIndex((layer) => layer.route?.path === '/api/users/:id')
      return { app, stack, at, swap: other._router!.stack.find((layer) => layer.route !== undefined)! }
    }
    // Each puts `layer` where the users route was, leaving the length as it was.
    const writes: Record<string, (stack: Layer[], layer: Layer, at: number) => void> = {
      'index assignment': (stack, layer, at) => { stack[at] = layer },
      splice: (stack, layer, at) => { stack.splice(at, 1, layer) },
      'Object.defineProperty': (stack, layer, at) => { Object.defineProperty(stack, at, { value: layer }) },
      'Reflect.set': (stack, layer, at) => { Reflect.set(stack, String(at), layer) },
      fill: (stack, layer, at) => { stack.fill(layer, at, at + 1) },
      'length, then push': (stack, layer, at) => { const rest = stack.slice(at + 1); stack.length = at; stack.push(layer, ...rest) }
    }
    for (const [name, write] of Object.entries(writes)) {
      it(`sees a layer swapped in place by ${name}`, async () => {
        const { app, stack, at, swap } = table()
        await request(app).get('/api/orders/1').expect(200, 'orders 1')
        const length = stack.length
        write(stack, swap, at)
        assert.equal(stack.length, length)
        assert.equal(stack[at], swap)
        await request(app).get('/api/orders/1').expect(200, 'swapped in')
        await request(app).get('/api/users/1').expect(404)
      })
    }

    it('sees layers reordered by sort and reverse', async () => {
      const { app, stack } = table()
      await request(app).get('/api/orders/1').expect(200, 'orders 1')
      // The orders route moves to where the users route was: an index not rebuilt would look for it further down.
      stack.sort((a, b) => (a.route?.path === '/api/orders/:id' ? 0 : 1) - (b.route?.path === '/api/orders/:id' ? 0 : 1))
      assert.equal(stack[0].route?.path, '/api/orders/:id')
      await request(app).get('/api/orders/1').expect(200, 'orders 1')
      await request(app).get('/api/users/1').expect(200, 'users 1')
      // Reversed, the orders route is last again: an index not rebuilt would look for it first.
      stack.reverse()
      assert.equal(stack[stack.length - 1].route?.path, '/api/orders/:id')
      await request(app).get('/api/orders/1').expect(200, 'orders 1')
      await request(app).get('/api/posts/1').expect(200, 'posts 1')
    })

    it('sees a hole left by delete: every request reaching it fails with 500, as in Express', async () => {
      const { app, stack, at } = table()
      await request(app).get('/api/orders/1').expect(200, 'orders 1')
      // eslint-disable-next-line @typescript-eslint/no-dynamic-delete
      delete stack[at + 1]
      await request(app).get('/api/orders/1').expect(500)
      await request(app).get('/api/users/1').expect(200, 'users 1')
    })

    it('still follows writes to a plain array assigned to router.stack', async () => {
      const { app, stack, at, swap } = table()
      const plain = stack.slice()
      app._router!.stack = plain
      await request(app).get('/api/orders/1').expect(200, 'orders 1')
      plain[at] = swap
      await request(app).get('/api/orders/1').expect(200, 'swapped in')
    })

    it('is an array to every reader', () => {
      const { stack } = table()
      assert.equal(Array.isArray(stack), true)
      assert.equal(stack instanceof Array, true)
      assert.deepEqual([...stack], stack.slice())
      assert.deepEqual(stack.map((layer) => layer.name).slice(-3), ['bound dispatch', 'bound dispatch', 'bound dispatch'])
      assert.equal(JSON.stringify(Object.keys(stack)), JSON.stringify(stack.map((_, i) => String(i))))
    })
  })
})
