import { describe, it, before } from 'node:test'
import assert from 'node:assert/strict'
import { spawnSync } from 'node:child_process'
import fc from 'fast-check'
import request from 'supertest'
import minimal from '../../../presets/minimal'
import { Layer } from '../../../kernel'
import { lacksPrefix, lacksSlashes, pathShape } from '../../../kernel/router/matchers/fast/literal'
import { segmentPattern } from '../../../kernel/router/matchers/fast/segment-pattern'
import { literalOf, remember, testByShortcut } from '../../../kernel/router/matchers/fast/shortcut'
import { pathToRegexp, type PathKey, type PathOptions } from '../../../kernel/internal/path-to-regexp'
import { ROOT, ensureBuilt } from '../../support/built-package'

// The fast matcher decides literal paths and whole-segment patterns without the regexp, and rules
// paths out by literal heads and slash counts; these tests hold each shortcut to the regexp's own
// answer (path-to-regexp 0.1), which stays the reference.

/** A layer as a router adds it: with the fast matcher's shortcuts. */
function fastLayer (path: string | RegExp, opts: PathOptions, fn: (...args: any[]) => unknown = () => {}): Layer {
  const layer = new Layer(path, opts, fn)
  remember(layer, path, opts)
  return layer
}

/** The fast matcher's test of a layer, throwing what it threw. */
function fastMatch (layer: Layer, subject: string): boolean {
  const result = testByShortcut(layer, subject)
  if (typeof result !== 'boolean') throw result
  return result
}

const noop = (): void => {}
const CHARS = ['a', 'B', 'c', 'Z', '0', '7', '.', '-', '_', '~', '/', '/', '/', '%', ' ', '\u00e9', 'K', '\u212a', '\u017f', 's', 'S']

/** A literal path: segments of letters, digits and punctuation path-to-regexp reads as text. */
const literal = fc.array(fc.constantFrom(...CHARS.filter((c) => c !== '%')), { maxLength: 12 }).map((cs) => '/' + cs.join(''))
/** A request path: random, or a variant of a literal (case flipped, a slash added or removed, more after it). */
function requestPaths (lit: string): fc.Arbitrary<string> {
  return fc.oneof(
    fc.array(fc.constantFrom(...CHARS), { maxLength: 14 }).map((cs) => '/' + cs.join('')),
    fc.constant(lit),
    fc.constant(lit.toUpperCase()),
    fc.constant(lit + '/'),
    fc.constant(lit.endsWith('/') ? lit.slice(0, -1) : lit),
    fc.constant(lit + '/more'),
    fc.constant(lit + 'x'),
    fc.constant(lit.slice(0, -1))
  )
}
const options = fc.record({ sensitive: fc.boolean(), strict: fc.boolean(), end: fc.boolean() })

function reference (path: string, opts: PathOptions, subject: string): RegExpExecArray | null {
  const keys: PathKey[] = []
  return pathToRegexp(path, keys, opts).exec(subject)
}

/**
 * `fastMatch(layer, subject)`, or undefined when it threw: that must be the 400 of a matched parameter
 * that cannot be decoded, only possible when the regexp matched too.
 */
function matchOrDecodingError (layer: Layer, subject: string, expected: RegExpExecArray | null): boolean | undefined {
  try {
    return fastMatch(layer, subject)
  } catch (err) {
    assert.equal((err as { status?: number }).status, 400)
    assert.notEqual(expected, null)
    assert.throws(() => expected!.slice(1).forEach((v) => v !== undefined && decodeURIComponent(v)))
    return undefined
  }
}

describe('fastMatch(layer, path)', () => {
  it('decides literal paths exactly as their regexp does (case, trailing slash, strict, end)', () => {
    fc.assert(fc.property(literal.chain((lit) => fc.tuple(fc.constant(lit), requestPaths(lit), options)), ([lit, subject, opts]) => {
      if (lit === '/' && opts.end === false) return // use('/') has its own fast path
      const layer = fastLayer(lit, opts, noop)
      const expected = reference(lit, opts, subject)
      assert.equal(fastMatch(layer, subject), expected !== null, `${JSON.stringify(lit)} ${JSON.stringify(opts)} vs ${JSON.stringify(subject)}`)
      if (expected) assert.equal(layer.path, expected[0])
    }), { numRuns: 3000 })
  })

  it('matches patterns exactly as their regexp does, with the literal head checked first', () => {
    const heads = fc.constantFrom('/api/users', '/Api/Users.json', '/a.b', '/x-y/z', '/caf\u00e9', '/k')
    const tails = fc.constantFrom('/:id', '/:id?', '.:format', '/:a/:b', '/*', '/:name(\\d+)', '(/:x)?', '/:id/notes/:noteId')
    fc.assert(fc.property(heads, tails, options, fc.array(fc.constantFrom(...CHARS), { maxLength: 8 }), fc.boolean(), (head, tail, opts, extra, upper) => {
      const pattern = head + tail
      const base = upper ? head.toUpperCase() : head
      for (const subject of [base + '/' + extra.join(''), base + extra.join(''), base + '/12', base + '.json', '/other' + extra.join('')]) {
        const layer = fastLayer(pattern, opts, noop)
        const expected = reference(pattern, opts, subject)
        const matched = matchOrDecodingError(layer, subject, expected)
        if (matched === undefined) continue
        assert.equal(matched, expected !== null, `${pattern} ${JSON.stringify(opts)} vs ${JSON.stringify(subject)}`)
        if (expected) assert.equal(layer.path, expected[0])
      }
    }), { numRuns: 1500 })
  })
})

describe('fastMatch(layer, path) on patterns of whole segments', () => {
  // `/text/:name/…` is matched by walking the path; the regexp stays the reference for the
  // answer, the matched part and every parameter (decoded), duplicates and letter case included.
  const segment = fc.oneof(
    fc.constantFrom(':id', ':Id', ':a_1', ':id'),
    fc.array(fc.constantFrom('a', 'B', 'z', '0', '.', '-', '~', '%', '@', '`', ' '), { minLength: 1, maxLength: 4 }).map((cs) => cs.join(''))
  )
  const valueChars = ['a', 'B', 'z', '0', '.', '-', '~', '%41', '%E9', '%', '@', '`', ' ', '\r', '\u00e9', '\u212a', '/']

  it('agrees with the regexp on the match, the matched path and the parameters', () => {
    fc.assert(fc.property(fc.array(segment, { minLength: 1, maxLength: 4 }).filter((s) => s.some((x) => x[0] === ':')), options.map((o) => ({ ...o, end: true })),
      fc.array(fc.array(fc.constantFrom(...valueChars), { maxLength: 4 }), { minLength: 4, maxLength: 4 }), fc.constantFrom('', '/', '//', 'x', '/x'), fc.boolean(),
      (segments, opts, values, tail, upper) => {
        const pattern = '/' + segments.join('/')
        const layer = fastLayer(pattern, opts, noop)
        assert.notEqual(segmentPattern(pattern, opts), undefined, pattern)
        let k = 0
        const filled = '/' + segments.map((s) => s[0] === ':' ? values[k++].join('') : s).join('/') + tail
        for (const subject of [filled, upper ? filled.toUpperCase() : filled.toLowerCase(), pattern]) {
          const keys: PathKey[] = []
          const expected = pathToRegexp(pattern, keys, opts).exec(subject)
          const matched = matchOrDecodingError(layer, subject, expected)
          if (matched === undefined) continue
          const label = `${pattern} ${JSON.stringify(opts)} vs ${JSON.stringify(subject)}`
          assert.equal(matched, expected !== null, label)
          if (!expected) continue
          assert.equal(layer.path, expected[0], label)
          const params: Record<string, string> = {}
          keys.forEach((key, i) => { params[key.name] = decodeURIComponent(expected[i + 1]) })
          assert.deepEqual(layer.params, params, label)
        }
      }), { numRuns: 3000 })
  })

  it('builds params with the keys in path order, a repeated name keeping its first place and its last value', () => {
    const layer = fastLayer('/:b/x/:a/:b/:0', { end: true }, noop)
    assert.equal(fastMatch(layer, '/one/x/two/three/four'), true)
    assert.deepEqual(Object.entries(layer.params!), [['0', 'four'], ['b', 'three'], ['a', 'two']])
    assert.equal(Object.getPrototypeOf(layer.params), Object.prototype)
    // Each match makes a new object: a handler may keep or edit the one it got.
    const first = layer.params
    fastMatch(layer, '/1/x/2/3/4')
    assert.notEqual(layer.params, first)
    assert.deepEqual(first, { 0: 'four', b: 'three', a: 'two' })
  })

  it('treats a parameter named __proto__ as an assignment would (no own property, same prototype)', () => {
    const layer = fastLayer('/:__proto__/:id', { end: true }, noop)
    assert.equal(fastMatch(layer, '/x/7'), true)
    assert.deepEqual(Object.keys(layer.params!), ['id'])
    assert.equal(Object.getPrototypeOf(layer.params), Object.prototype)
  })

  it('names the params as layer.keys does when a tool renamed them', () => {
    const layer = fastLayer('/users/:id/notes/:noteId', { end: true }, noop)
    layer.keys[1].name = 'note'
    assert.equal(fastMatch(layer, '/users/7/notes/%41'), true)
    assert.deepEqual(Object.entries(layer.params!), [['id', '7'], ['note', 'A']])
  })

  it('still throws the 400 decoding error of the first undecodable value', () => {
    const layer = fastLayer('/:a/:b', { end: true }, noop)
    assert.throws(() => fastMatch(layer, '/%zz/%yy'), (err: Error & { status?: number }) => err.status === 400 && /'%zz'/.test(err.message))
  })

  // depd (Express's too) needs generated code, so only the layer module loads under this flag.
  describe('where node refuses generated code (--disallow-code-generation-from-strings)', () => {
    before(ensureBuilt)
    it('matches and builds the same params', () => {
      const source = `
        const { Layer } = require('./dist/kernel/router/layer')
        const { segmentPattern } = require('./dist/kernel/router/matchers/fast/segment-pattern')
        const { remember, testByShortcut } = require('./dist/kernel/router/matchers/fast/shortcut')
        const layer = new Layer('/users/:id/notes/:noteId', { end: true }, () => {})
        remember(layer, '/users/:id/notes/:noteId', { end: true })
        const pattern = segmentPattern('/users/:id/notes/:noteId', { end: true })
        console.log(JSON.stringify([pattern.makeParams === undefined, testByShortcut(layer, '/users/7/notes/%41'), layer.params]))
      `
      const r = spawnSync(process.execPath, ['--disallow-code-generation-from-strings', '-e', source], { cwd: ROOT, encoding: 'utf8', env: { ...process.env, NODE_OPTIONS: '' }, timeout: 20000 })
      assert.equal(r.status, 0, r.stderr)
      assert.deepEqual(JSON.parse(r.stdout), [true, true, { id: '7', noteId: 'A' }])
    })
  })

  it('is used only for end-anchored string paths whose segments are each all text or one :name', () => {
    for (const path of ['/users/:id', '/:a/:b', '/a.b/:c', '/x-y/:id/z']) assert.notEqual(segmentPattern(path, { end: true }), undefined, path)
    for (const path of ['/users', '/users/:id?', '/users/:id(\\d+)', '/:id.:format', '/users/:id/', '/files/*', '/a:b', '//:id', '/caf\u00e9/:id']) {
      assert.equal(segmentPattern(path, { end: true }), undefined, path)
    }
    assert.equal(segmentPattern('/users/:id', { end: false }), undefined)
    assert.equal(segmentPattern(/^\/users\/(\w+)$/, { end: true }), undefined)
  })
})

describe('lacksPrefix(literalOf(layer), path, lowerPath)', () => {
  it('never rejects a path the layer\'s regexp matches, whatever tokens follow the literal head', () => {
    // Parameters, optional ones and their leading `/` or `.`, stars, groups, and raw regexp syntax
    // (a quantifier makes the character before it optional; `|` splits the whole regexp).
    const tokens = fc.constantFrom('/:id', '/:id?', '.:f', '.:f?', '/.:f?', ':x', ':x?', '*', '/*', '(a|b)', '/(:x)?', '+', '[ab]', '\\.', '?', '{1}', '$', '|z')
    fc.assert(fc.property(literal, tokens, literal, fc.array(fc.constantFrom(...CHARS), { maxLength: 10 }), options, fc.boolean(), (head, token, tail, extra, opts, upper) => {
      const pattern = head + token + (tail === '/' ? '' : tail)
      const keys: PathKey[] = []
      const regexp = pathToRegexp(pattern, keys, opts)
      const layer = fastLayer(pattern, opts, noop)
      for (const base of [head, head.toUpperCase(), head.slice(0, -1), head + '/']) {
        const subject = (upper ? base.toUpperCase() : base) + extra.join('')
        if (regexp.exec(subject) !== null) {
          assert.equal(lacksPrefix(literalOf(layer), subject, subject.toLowerCase()), false, `${pattern} ${JSON.stringify(opts)} vs ${JSON.stringify(subject)}`)
        }
      }
    }), { numRuns: 3000 })
  })
})

describe('lacksSlashes(literalOf(layer), pathShape(path))', () => {
  it('never rejects a path the layer\'s regexp matches', () => {
    // Parameters in every position path-to-regexp knows (after `/`, `.`, other text, next to each
    // other), literal slashes (doubled, trailing), and tokens that make the count vary.
    // (No `+` after a parameter: path-to-regexp's regexp for that backtracks exponentially.)
    const parts = fc.constantFrom('/', '//', 'a', 'B', '/:id', '.:f', ':x', '-', '/:a-:b', '/notes', '/:id?', '*', '(a|b)', '/(:x)?', ':n(\\d+)')
    const fill = fc.array(fc.constantFrom('a', '1', '/', '.', '-', 'Z', '%41'), { maxLength: 6 }).map((cs) => cs.join(''))
    fc.assert(fc.property(fc.array(parts, { minLength: 1, maxLength: 5 }), fc.array(fill, { minLength: 1, maxLength: 6 }), options, (pieces, fills, opts) => {
      const pattern = '/' + pieces.join('')
      let layer: Layer
      try {
        layer = fastLayer(pattern, opts, noop)
      } catch {
        return // path-to-regexp makes no valid regexp of it (as in Express, the route cannot be added)
      }
      // The layer's own regexp: path-to-regexp's, with its polynomial shapes rewritten (tested above).
      const regexp = layer.regexp
      // Paths built from the pattern with its tokens filled in, with and without a trailing slash.
      let k = 0
      const filled = pattern.replace(/:\w+(\([^)]*\))?\??|\*/g, () => fills[k++ % fills.length] || 'v')
      for (const subject of [filled, filled + '/', filled.replace(/\/$/, ''), filled + '//', '/' + fills.join('/')]) {
        if (regexp.exec(subject) !== null) {
          assert.equal(lacksSlashes(literalOf(layer), pathShape(subject)), false, `${pattern} ${JSON.stringify(opts)} vs ${JSON.stringify(subject)}`)
        }
      }
    }), { numRuns: 4000 })
  })

  it('rejects paths with more or fewer segments than a pattern of plain parameters', () => {
    const layer = fastLayer('/api/users/:id', { end: true, strict: false }, noop)
    assert.equal(lacksSlashes(literalOf(layer), pathShape('/api/users/1/notes')), true)
    assert.equal(lacksSlashes(literalOf(layer), pathShape('/api/users')), true)
    assert.equal(lacksSlashes(literalOf(layer), pathShape('/api/users/1')), false)
    assert.equal(lacksSlashes(literalOf(layer), pathShape('/api/users/1/')), false)
    const strict = fastLayer('/api/users/:id', { end: true, strict: true }, noop)
    assert.equal(lacksSlashes(literalOf(strict), pathShape('/api/users/1/')), true)
    // A middleware path matches any deeper path: no count.
    assert.equal(lacksSlashes(literalOf(fastLayer('/api/:v', { end: false }, noop)), pathShape('/api/1/users')), false)
  })
})

describe('router dispatch over a large route table', () => {
  function table () {
    const app = minimal()
    for (const r of ['users', 'posts', 'orders']) {
      app.get(`/api/${r}/:id`, (req, res) => { res.end(`get ${r} ${req.params.id}`) })
      app.put(`/api/${r}/:id`, (req, res) => { res.end(`put ${r} ${req.params.id}`) })
      app.get(`/api/${r}`, (req, res) => { res.end(`list ${r}`) })
    }
    return app
  }

  it('finds the route at either end of the table, in any letter case', async () => {
    const app = table()
    await request(app).get('/api/users/1').expect(200, 'get users 1')
    await request(app).get('/API/Orders/9').expect(200, 'get orders 9')
    await request(app).put('/api/orders/9').expect(200, 'put orders 9')
    await request(app).get('/api/orders/').expect(200, 'list orders')
    await request(app).get('/api/nothing/1').expect(404)
    await request(app).get('/api/users/1/2').expect(404)
    await request(app).get('/api/users/1/').expect(200, 'get users 1')
  })

  it('still lists every method of the matching routes for OPTIONS, and falls back to GET for HEAD', async () => {
    const app = table()
    await request(app).options('/api/posts/3').expect('Allow', 'GET,HEAD,PUT')
    await request(app).head('/api/posts/3').expect(200)
  })

  it('still answers 400 when a route of another method cannot decode the path', async () => {
    const app = minimal()
    app.put('/item/:id', (req, res) => { res.end('put') })
    app.get('/item/x', (req, res) => { res.end('never') })
    await request(app).get('/item/%E0%A4%A').expect(400)
  })

  it('follows layers replaced or removed in place in router.stack', async () => {
    const app = table()
    const stack = app._router!.stack
    await request(app).get('/api/posts/5').expect(200, 'get posts 5')
    // Replace the first posts route by a users route in place, then remove a users route.
    const index = stack.findIndex((layer) => layer.route !== undefined && layer.route.path === '/api/posts/:id')
    const extra = minimal()
    extra.get('/api/users/:id', (req, res) => { res.end('replacement') })
    stack[index] = extra._router!.stack[1]
    await request(app).get('/api/posts/5').expect(404)
    stack.splice(1, 1)
    await request(app).get('/api/users/5').expect(200, 'replacement')
  })
})
