import { describe, it } from 'node:test'
import assert from 'node:assert/strict'
import framework from '../../../presets/default'
import { frameworkApp, post, gzip } from '../body-reader/support'
import { expectWarnings } from '../../support/expected-warnings'

const FORM = { 'Content-Type': 'application/x-www-form-urlencoded' }

describe('framework.urlencoded([options])', () => {
  expectWarnings(['body-parser deprecated undefined extended: provide extended option'])

  it('parses nested syntax by default (extended true)', async () => {
    await post(frameworkApp(framework.urlencoded()), FORM, 'user[name][first]=Tobi&tags[]=a&tags[]=b')
      .expect(200, { bodyKind: 'object', body: { user: { name: { first: 'Tobi' } }, tags: ['a', 'b'] }, nullPrototype: false })
  })

  it('parses flat keys when extended is false, repeated keys as arrays', async () => {
    const res = await post(frameworkApp(framework.urlencoded({ extended: false })), FORM, 'user[name]=Tobi&a=1&a=2').expect(200)
    assert.deepEqual(res.body.body, { 'user[name]': 'Tobi', a: ['1', '2'] })
  })

  it('keeps a large indexed array an array', async () => {
    const body = Array.from({ length: 500 }, (_, i) => `f[${i}]=${i}`).join('&')
    const res = await post(frameworkApp(framework.urlencoded()), FORM, body).expect(200)
    assert.equal(res.body.body.f.length, 500)
  })

  it('reads UTF-8 only: iso-8859-1 is a 415', async () => {
    const res = await post(frameworkApp(framework.urlencoded()), { 'Content-Type': 'application/x-www-form-urlencoded; charset=iso-8859-1' }, 'a=1').expect(415)
    assert.equal(res.body.error.type, 'charset.unsupported')
    assert.equal(res.body.error.message, 'unsupported charset "ISO-8859-1"')
  })

  it('gives 413 parameters.too.many over parameterLimit, in both modes', async () => {
    for (const extended of [true, false]) {
      const res = await post(frameworkApp(framework.urlencoded({ extended, parameterLimit: 2 })), FORM, 'a=1&b=2&c=3').expect(413)
      assert.equal(res.body.error.type, 'parameters.too.many')
    }
  })

  it('gives 400 past depth', async () => {
    const res = await post(frameworkApp(framework.urlencoded({ depth: 1 })), FORM, 'a[b][c]=1').expect(400)
    assert.equal(res.body.error.type, 'querystring.parse.rangeError')
  })

  it('inflates gzip', async () => {
    await post(frameworkApp(framework.urlencoded()), { ...FORM, 'Content-Encoding': 'gzip' }, gzip('name=%E8%AE%BA'))
      .expect(200, { bodyKind: 'object', body: { name: '论' }, nullPrototype: false })
  })

  it('keeps __proto__ keys off prototypes', async () => {
    for (const extended of [true, false]) {
      await post(frameworkApp(framework.urlencoded({ extended })), FORM, '__proto__[polluted]=1&__proto__=x').expect(200)
      assert.equal(({} as any).polluted, undefined)
    }
  })

  it('checks parameterLimit and depth when created', () => {
    assert.throws(() => framework.urlencoded({ parameterLimit: 0 }), /TypeError: option parameterLimit must be a positive number/)
    assert.throws(() => framework.urlencoded({ parameterLimit: 'beep' as any }), /option parameterLimit must be a positive number/)
    assert.throws(() => framework.urlencoded({ depth: Number.NaN }), /option depth must be a zero or a positive number/)
  })
})
