import { describe, it } from 'node:test'
import assert from 'node:assert/strict'
import parser from '../../../plugins/parser'
import { standaloneServer, post, brotli } from '../body-reader/support'

const OCTETS = { 'Content-Type': 'application/octet-stream' }

describe('parser.raw([options])', () => {
  it('reads the body into a Buffer', async () => {
    await post(standaloneServer(parser.raw()), OCTETS, Buffer.from([0, 1, 2, 255]))
      .expect(200, { bodyKind: 'buffer', body: '000102ff' })
  })

  it('gives an empty Buffer for an empty body', async () => {
    await post(standaloneServer(parser.raw()), { ...OCTETS, 'Content-Length': '0' }).expect(200, { bodyKind: 'buffer', body: '' })
  })

  it('ignores the charset and passes verify a null encoding', async () => {
    let encoding: unknown = 'unset'
    const verify = (req: unknown, res: unknown, buf: Buffer, enc: string | null) => { encoding = enc }
    await post(standaloneServer(parser.raw({ verify })), { 'Content-Type': 'application/octet-stream; charset=x-bogus' }, 'hi')
      .expect(200, { bodyKind: 'buffer', body: '6869' })
    assert.equal(encoding, null)
  })

  it('inflates br', async () => {
    await post(standaloneServer(parser.raw()), { ...OCTETS, 'Content-Encoding': 'br' }, brotli('raw'))
      .expect(200, { bodyKind: 'buffer', body: '726177' })
  })

  it('accepts a limit in bytes', async () => {
    await post(standaloneServer(parser.raw({ limit: 3 })), OCTETS, 'four').expect(413)
    await post(standaloneServer(parser.raw({ limit: 4 })), OCTETS, 'four').expect(200)
  })

  it('leaves req.body untouched for another type', async () => {
    await post(standaloneServer(parser.raw()), { 'Content-Type': 'image/png' }, 'x').expect(200, { bodyKind: 'undefined' })
  })
})
