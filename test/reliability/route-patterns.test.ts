// Route patterns against ReDoS: crafted paths match in time linear in their length, with the same captures as before.
import assert from 'node:assert/strict'
import { describe, it } from 'node:test'
import fc from 'fast-check'
import framework from '../../presets/default'
import { Layer } from '../../kernel/router/layer'
import { pathToRegexp } from '../../kernel/internal/path-to-regexp'
import { rawRequest, sendOne, startServer } from './support'

/** Crafted path families: long runs of a separator, never matching at the end. */
const INPUTS: ReadonlyArray<[string, (n: number) => string]> = [
  ['/a-a-a…/a', (n) => '/a' + '-a'.repeat(n) + '/a'],
  ['/----…/x', (n) => '/' + '-'.repeat(n) + '/x'],
  ['/aaaa…/a', (n) => '/' + 'a'.repeat(n) + '/a'],
  ['/a.a.a…/a', (n) => '/a' + '.a'.repeat(n) + '/a'],
  ['/a~a~a…!', (n) => '/a' + '~a'.repeat(n) + '/!'],
  ['/a-a-a… (matching)', (n) => '/a' + '-a'.repeat(n)]
]

/** The published shapes (CVE-2024-45296, CVE-2024-52798) and their relatives. */
const PUBLISHED = ['/:a-:b', '/:a-:b-:c', '/:a.:b-:c', '/:a-:b.:c', '/:a~:b', '/:a@:b', '/:a,:b', '/:a-:b?', '/:a-:b/:c-:d', '/:a-:b-:c-:d', '/:a(\\d+)-:b', '/*-:b']
/** Shapes path-to-regexp 0.1.13 leaves polynomial, which the layer rewrites. */
const REWRITTEN = ['/:a:b', '/:a:b:c', '/:a_:b', '/:a?:b?', '/:a:b?', '/x-:a:b', '/:a-*-:b', '/:a-*.json', '/:a:b*']

/** Most ratio allowed between the time on a 10x longer path and on the short one (linear is ~10, quadratic ~100). */
const MAX_RATIO = 30
const SHORT = 1500

function perCall (match: (path: string) => unknown, path: string, reps: number): number {
  let best = Infinity
  for (let trial = 0; trial < 5; trial++) {
    const start = process.hrtime.bigint()
    for (let i = 0; i < reps; i++) match(path)
    best = Math.min(best, Number(process.hrtime.bigint() - start) / reps)
  }
  return best
}

/** Time per match on a 10x longer input, over time on the short one. */
function growthRatio (match: (path: string) => unknown, input: (n: number) => string): number {
  match(input(SHORT))
  const short = perCall(match, input(SHORT), 40)
  const long = perCall(match, input(SHORT * 10), 40)
  return long / Math.max(short, 1000)
}

function layerFor (pattern: string, end = true): Layer {
  return new Layer(pattern, { sensitive: false, strict: false, end }, function handler () {})
}

describe('route patterns: matching time grows linearly with the path', () => {
  for (const pattern of [...PUBLISHED, ...REWRITTEN]) {
    it(`${pattern}: a 10x longer crafted path costs under ${MAX_RATIO}x`, () => {
      const layer = layerFor(pattern)
      for (const [name, input] of INPUTS) {
        const ratio = growthRatio((p) => { try { layer.match(p) } catch { /* 400 for undecodable params */ } }, input)
        assert.ok(ratio < MAX_RATIO, `${pattern} on ${name}: x${ratio.toFixed(1)}`)
      }
    })
  }

  it('router.use() layers (end: false) are linear too', () => {
    for (const pattern of ['/:a:b:c', '/:a-*-:b', '/:a-:b']) {
      const layer = layerFor(pattern, false)
      for (const [name, input] of INPUTS) {
        const ratio = growthRatio((p) => layer.match(p), input)
        assert.ok(ratio < MAX_RATIO, `${pattern} on ${name}: x${ratio.toFixed(1)}`)
      }
    }
  })

  it('path-to-regexp 0.1.13 alone is linear on the published /:a-:b shapes', () => {
    const regexp = pathToRegexp('/:a-:b-:c', [], { end: true })
    const ratio = growthRatio((p) => regexp.exec(p), (n) => '/a' + '-a'.repeat(n) + '/a')
    assert.ok(ratio < MAX_RATIO, `x${ratio.toFixed(1)}`)
  })

  it('path-to-regexp 0.1.13 alone is not linear on /:a:b (what the layer rewrites)', () => {
    const regexp = pathToRegexp('/:a:b', [], { end: true })
    const time = (path: string): number => {
      const start = process.hrtime.bigint()
      regexp.exec(path)
      return Number(process.hrtime.bigint() - start)
    }
    time('/' + 'a'.repeat(300) + '/a')
    const short = Math.min(time('/' + 'a'.repeat(600) + '/a'), time('/' + 'a'.repeat(600) + '/a'))
    const long = Math.min(time('/' + 'a'.repeat(6000) + '/a'), time('/' + 'a'.repeat(6000) + '/a'))
    assert.ok(long / short > MAX_RATIO, `x${(long / short).toFixed(1)}`)
  })
})

describe('route patterns: the rewrite keeps every match and capture', () => {
  const patterns = [...REWRITTEN, '/:p-:a:b', '/:a.:b:c', '/:a-:b:c-*', '/:a?-*-:b', '/:a.:b-*-:c', '/:a--*-:b']
  for (const pattern of patterns) {
    for (const end of [true, false]) {
      it(`${pattern} (end: ${end}) captures what path-to-regexp's own regexp captures`, () => {
        const original = pathToRegexp(pattern, [], { end })
        const layer = layerFor(pattern, end)
        assert.notEqual(layer.regexp.source, original.source, 'the pattern was not rewritten')
        fc.assert(fc.property(fc.array(fc.constantFrom('a', 'b', '-', '/', '.', '~', 'json'), { maxLength: 16 }), (parts) => {
          const path = '/' + parts.join('')
          assert.deepEqual(layer.regexp.exec(path), original.exec(path), path)
        }), { numRuns: 3000 })
      })
    }
  }

  it('common shapes keep path-to-regexp\'s own regexp', () => {
    for (const pattern of ['/users/:id', '/:a-:b', '/files/*', '/:name.*', '/:a-*', '/:a/*/:b', '/:id/:op?']) {
      assert.equal(layerFor(pattern).regexp.source, pathToRegexp(pattern, [], { end: true }).source, pattern)
    }
  })

  it('RegExp routes are left as given', () => {
    const regexp = /^\/(\w+)(\w+)$/i
    assert.equal(layerFor(regexp as unknown as string).regexp, regexp)
  })
})

describe('route patterns: crafted paths over HTTP', () => {
  it('an app with the worst shapes answers an 8 kB crafted path at once', async () => {
    const app = framework()
    for (const pattern of [...PUBLISHED, ...REWRITTEN]) app.get(pattern, (req, res) => { res.json(req.params) })
    const server = await startServer(app)
    try {
      for (const [, input] of INPUTS) {
        const res = await sendOne(server.port, rawRequest('GET', input(4000)), { timeout: 5000 })
        assert.ok([200, 404].includes(res.statusCode))
      }
      const res = await sendOne(server.port, rawRequest('GET', '/x:y:z'))
      assert.equal(res.statusCode, 200)
    } finally {
      await server.close()
    }
  })
})
