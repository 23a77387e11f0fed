// Route patterns against ReDoS: crafted paths match in work linear in their length (regexp steps,
// counted), with the same captures as before.
import assert from 'node:assert/strict'
import { describe, it } from 'node:test'
import fc from 'fast-check'
import framework from '../../presets/default'
import { Layer } from '../../kernel/router/layer'
import { pathToRegexp } from '../../kernel/internal/path-to-regexp'
import { rawRequest, sendOne, startServer } from './support'
import { countSteps, StepLimitExceeded } from './regexp-steps'

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

/** Most ratio allowed between the steps on a 10x longer path and on the short one (linear is ~10, quadratic ~100). */
const MAX_RATIO = 30
const SHORT = 100

/**
 * The steps `regexp.exec` takes on `path` (counted by a backtracking matcher, see regexp-steps.ts),
 * checked to match as the regexp does. Throws StepLimitExceeded past `limit`.
 */
function execSteps (regexp: RegExp, path: string, limit = Infinity): number {
  const { match, steps } = countSteps(regexp, path, limit)
  const native = RegExp.prototype.exec.call(regexp, path)
  assert.deepEqual(match, native && [...native], `the step count of /${regexp.source}/ on ${path} matches as the regexp does`)
  return steps
}

/** The steps of the regexp executions `layer.match(path)` makes, Infinity past `limit`. */
function matchSteps (layer: Layer, path: string, limit = Infinity): number {
  const regexp = layer.regexp
  let steps = 0
  Object.defineProperty(regexp, 'exec', {
    configurable: true,
    value (this: RegExp, input: string) {
      steps += execSteps(regexp, input, limit - steps)
      return RegExp.prototype.exec.call(this, input)
    }
  })
  try {
    layer.match(path)
  } catch (err) {
    if (err instanceof StepLimitExceeded) return Infinity
    // A 400 error for undecodable params is an answer; anything else is a failure.
    if ((err as { status?: number }).status !== 400) throw err
  } finally {
    delete (regexp as { exec?: unknown }).exec
  }
  return steps
}

/** Steps a short input may take (a linear match takes a few dozen per character). */
const SHORT_LIMIT = 1_000_000

/** Steps on a 10x longer input, over steps on the short one (Infinity once clearly past MAX_RATIO). */
function growthRatio (steps: (path: string, limit: number) => number, input: (n: number) => string): number {
  const short = Math.max(steps(input(SHORT), SHORT_LIMIT), 1)
  if (short === Infinity) return Infinity
  return steps(input(SHORT * 10), MAX_RATIO * short + 1) / short
}

/** A ratio for a message. */
function shown (ratio: number): string {
  return ratio === Infinity ? `over x${MAX_RATIO} (stopped counting)` : `x${ratio.toFixed(1)}`
}

function layerFor (pattern: string, end = true): Layer {
  return new Layer(pattern, { sensitive: false, strict: false, end }, function handler () {})
}

describe('route patterns: matching work grows linearly with the path', () => {
  for (const pattern of [...PUBLISHED, ...REWRITTEN]) {
    it(`${pattern}: a 10x longer crafted path takes under ${MAX_RATIO}x the regexp steps`, () => {
      const layer = layerFor(pattern)
      for (const [name, input] of INPUTS) {
        const ratio = growthRatio((p, limit) => matchSteps(layer, p, limit), input)
        assert.ok(ratio < MAX_RATIO, `${pattern} on ${name}: ${shown(ratio)}`)
      }
    })
  }

  it('router.use() layers (end: false) are linear too', () => {
    for (const pattern of ['/:a:b:c', '/:a-*-:b', '/:a-:b']) {
      const layer = layerFor(pattern, false)
      for (const [name, input] of INPUTS) {
        const ratio = growthRatio((p, limit) => matchSteps(layer, p, limit), input)
        assert.ok(ratio < MAX_RATIO, `${pattern} on ${name}: ${shown(ratio)}`)
      }
    }
  })

  it('path-to-regexp 0.1.13 alone is linear on the published /:a-:b shapes', () => {
    const regexp = pathToRegexp('/:a-:b-:c', [], { end: true })
    const ratio = growthRatio((p, limit) => stepsOrInfinity(regexp, p, limit), (n) => '/a' + '-a'.repeat(n) + '/a')
    assert.ok(ratio < MAX_RATIO, shown(ratio))
  })

  it('path-to-regexp 0.1.13 alone is not linear on /:a:b (what the layer rewrites)', () => {
    const regexp = pathToRegexp('/:a:b', [], { end: true })
    const ratio = growthRatio((p, limit) => stepsOrInfinity(regexp, p, limit), (n) => '/' + 'a'.repeat(n) + '/a')
    assert.ok(ratio > MAX_RATIO, shown(ratio))
  })
})

/** The steps of `regexp.exec(path)`, Infinity past `limit`. */
function stepsOrInfinity (regexp: RegExp, path: string, limit: number): number {
  try {
    return execSteps(regexp, path, limit)
  } catch (err) {
    if (err instanceof StepLimitExceeded) return Infinity
    throw err
  }
}

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
