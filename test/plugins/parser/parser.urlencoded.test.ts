import { describe, it } from 'node:test'
import assert from 'node:assert/strict'
import parser from '../../../plugins/parser'
import { standaloneServer, post } from '../body-reader/support'

const FORM = { 'Content-Type': 'application/x-www-form-urlencoded' }
const ok = (body: unknown) => ({ bodyKind: 'object', body, nullPrototype: false })

describe('parser.urlencoded([options])', () => {
  it('parses flat keys by default (extended false)', async () => {
    await post(standaloneServer(parser.urlencoded()), FORM, 'user[name]=tobi&a=1&a=2')
      .expect(200, ok({ 'user[name]': 'tobi', a: ['1', '2'] }))
  })

  it('keeps many repeated keys as an array', async () => {
    const body = Array.from({ length: 150 }, (_, i) => `k=${i}`).join('&')
    const res = await post(standaloneServer(parser.urlencoded()), FORM, body).expect(200)
    assert.equal(res.body.body.k.length, 150)
  })

  it('parses nested syntax when extended', async () => {
    await post(standaloneServer(parser.urlencoded({ extended: true })), FORM, 'user[name][first]=tobi&list[]=a&list[]=b')
      .expect(200, ok({ user: { name: { first: 'tobi' } }, list: ['a', 'b'] }))
  })

  it('allows nesting up to depth', async () => {
    await post(standaloneServer(parser.urlencoded({ extended: true, depth: 3 })), FORM, 'a[b][c][d]=1')
      .expect(200, ok({ a: { b: { c: { d: '1' } } } }))
  })

  it('applies parameterLimit, truncating fractions', async () => {
    const server = standaloneServer(parser.urlencoded({ parameterLimit: 3.9 }))
    await post(server, FORM, 'a=1&b=2&c=3').expect(200)
    await post(server, FORM, 'a=1&b=2&c=3&d=4').expect(413)
  })

  it('reads iso-8859-1 forms, from the Content-Type or defaultCharset', async () => {
    await post(standaloneServer(parser.urlencoded()), { 'Content-Type': 'application/x-www-form-urlencoded; charset=iso-8859-1' }, '%A2=%BD')
      .expect(200, ok({ '¢': '½' }))
    await post(standaloneServer(parser.urlencoded({ defaultCharset: 'iso-8859-1' })), FORM, '%A2=%BD')
      .expect(200, ok({ '¢': '½' }))
  })

  it('refuses other charsets with 415', async () => {
    const res = await post(standaloneServer(parser.urlencoded()), { 'Content-Type': 'application/x-www-form-urlencoded; charset=utf-16' }, 'a=1').expect(415)
    assert.equal(res.body.error.type, 'charset.unsupported')
  })

  it('lets the utf8 sentinel choose the charset and removes it', async () => {
    const server = standaloneServer(parser.urlencoded({ charsetSentinel: true, defaultCharset: 'iso-8859-1' }))
    await post(server, FORM, 'utf8=%E2%9C%93&user=%C3%B8').expect(200, ok({ user: 'ø' }))
    await post(standaloneServer(parser.urlencoded({ charsetSentinel: true })), FORM, 'utf8=%26%2310003%3B&user=%C3%B8')
      .expect(200, ok({ user: 'Ã¸' }))
  })

  it('decodes numeric entities in iso-8859-1 forms when asked', async () => {
    const server = standaloneServer(parser.urlencoded({ interpretNumericEntities: true, defaultCharset: 'iso-8859-1' }))
    await post(server, FORM, 'smile=%26%239786%3B').expect(200, ok({ smile: '☺' }))
  })

  it('never lets __proto__ keys reach a prototype', async () => {
    for (const extended of [false, true]) {
      const res = await post(standaloneServer(parser.urlencoded({ extended })), FORM, '__proto__[admin]=1&a[__proto__][admin]=1&constructor[prototype][admin]=1').expect(200)
      assert.equal(res.body.nullPrototype, false)
      assert.equal(({} as any).admin, undefined)
    }
  })
})
