// The shortcuts of the path matchers (the literal-prefix test, the segment walker): they may only spare work, never change an answer.
import { describe, it } from 'node:test'
import assert from 'node:assert/strict'
import fc from 'fast-check'
import { match } from 'path-to-regexp-8'
import { compilePath, decodeParam, type PathOptions } from '../../../plugins/express5-routing/path-matcher'

/** What path-to-regexp 8 alone answers, as the plugin calls it (trailing slashes loosened when not strict, `/` kept). */
function reference (pattern: string, options: PathOptions): (pathname: string) => unknown {
  const p = options.strict || pattern === '/' ? pattern : pattern.replace(/\/+$/, '')
  return match(p, { sensitive: options.sensitive, end: options.end, trailing: !options.strict, decode: decodeParam })
}

/** Characters that case-fold in unusual ways, or look like ASCII letters. */
const TRICKY = ['\u017f', '\u212a', '\u0130', '\u0131', 'ß', 'É', 'é', '%41', '%2F', '%zz', '%E0%A4%A', 'user-7', '7.json', 'a-b', '']

const segment = fc.oneof(
  fc.constantFrom('users', 'Users', 'USERS', 'notes', 'a', 'A', 'files', 'v1', 'kelvin', 'straße'),
  fc.constantFrom(...TRICKY)
)
const patternPart = fc.oneof(segment, fc.constantFrom(':id', ':id', '*rest', '{/:opt}', '{.:ext}', 'user-:id', ':id.json', ':a-:b', ':__proto__', 'Users'))

describe('express5-routing path matchers: literal prefix and segment walker', () => {
  it('answers as path-to-regexp 8 alone for random patterns, options and pathnames', () => {
    fc.assert(fc.property(
      fc.array(patternPart, { minLength: 1, maxLength: 4 }),
      fc.array(segment, { minLength: 0, maxLength: 5 }),
      fc.record({ sensitive: fc.boolean(), strict: fc.boolean(), end: fc.boolean() }),
      fc.boolean(),
      (parts, segments, options, trailing) => {
        const pattern = '/' + parts.join('/')
        const pathname = '/' + segments.join('/') + (trailing ? '/' : '')
        let expected: unknown
        let expectedError: unknown
        try { expected = reference(pattern, options)(pathname) } catch (err) { expectedError = err }
        const [matcher] = compilePath(pattern, options)
        if (expectedError !== undefined) {
          assert.throws(() => matcher(pathname))
          return
        }
        assert.deepEqual(matcher(pathname), expected, `${pattern} ${JSON.stringify(options)} ${pathname}`)
      }
    ), { numRuns: 3000 })
  })

  it('matches a path whose literal text differs only in ASCII case, unless case-sensitive', () => {
    const [insensitive] = compilePath('/Users/:id', { end: true })
    const [sensitive] = compilePath('/Users/:id', { end: true, sensitive: true })
    const found = insensitive('/USERS/7')
    assert.ok(found)
    assert.deepEqual([found.path, { ...found.params }], ['/USERS/7', { id: '7' }])
    assert.equal(sensitive('/USERS/7'), false)
    assert.equal(insensitive('/\u017fers/7'), false, 'ſ does not fold to s in a /i regexp')
  })
})
