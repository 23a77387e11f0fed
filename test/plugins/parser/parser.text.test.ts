import { describe, it } from 'node:test'
import assert from 'node:assert/strict'
import parser from '../../../plugins/parser'
import { standaloneServer, post } from '../body-reader/support'

describe('parser.text([options])', () => {
  it('reads text/plain into a string', async () => {
    await post(standaloneServer(parser.text()), { 'Content-Type': 'text/plain' }, 'user is tobi')
      .expect(200, { bodyKind: 'string', body: 'user is tobi' })
  })

  it('gives "" for an empty body', async () => {
    await post(standaloneServer(parser.text()), { 'Content-Type': 'text/plain', 'Content-Length': '0' })
      .expect(200, { bodyKind: 'string', body: '' })
  })

  it('decodes with the Content-Type charset, else defaultCharset', async () => {
    const koi8 = Buffer.from('cec5d4', 'hex') // "нет" in KOI8-R
    await post(standaloneServer(parser.text()), { 'Content-Type': 'text/plain; charset=koi8-r' }, koi8)
      .expect(200, { bodyKind: 'string', body: 'нет' })
    await post(standaloneServer(parser.text({ defaultCharset: 'koi8-r' })), { 'Content-Type': 'text/plain' }, koi8)
      .expect(200, { bodyKind: 'string', body: 'нет' })
  })

  it('drops a UTF-8 byte order mark', async () => {
    await post(standaloneServer(parser.text()), { 'Content-Type': 'text/plain' }, Buffer.from('efbbbf6869', 'hex'))
      .expect(200, { bodyKind: 'string', body: 'hi' })
  })

  it('refuses an unknown charset with 415 before calling verify', async () => {
    let called = false
    const verify = () => { called = true }
    const res = await post(standaloneServer(parser.text({ verify })), { 'Content-Type': 'text/plain; charset=x-bogus' }, 'x').expect(415)
    assert.equal(res.body.error.message, 'unsupported charset "X-BOGUS"')
    assert.equal(called, false)
  })

  it('reads other types when told to', async () => {
    await post(standaloneServer(parser.text({ type: 'text/*' })), { 'Content-Type': 'text/html' }, '<b>x</b>')
      .expect(200, { bodyKind: 'string', body: '<b>x</b>' })
  })
})
