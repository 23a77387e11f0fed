import { describe, it } from 'node:test'
import assert from 'node:assert/strict'
import request from 'supertest'
import framework from '../../../presets/default'
import { frameworkApp, post, gzip, brotli } from '../body-reader/support'

const OCTETS = { 'Content-Type': 'application/octet-stream' }

describe('framework.raw([options])', () => {
  it('reads the body into a Buffer', async () => {
    await post(frameworkApp(framework.raw()), OCTETS, Buffer.from('the user'))
      .expect(200, { bodyKind: 'buffer', body: Buffer.from('the user').toString('hex') })
  })

  it('leaves req.body as {} without a body or for another type', async () => {
    await request(frameworkApp(framework.raw())).get('/').expect(200, { bodyKind: 'object', body: {}, nullPrototype: false })
    await post(frameworkApp(framework.raw()), { 'Content-Type': 'text/plain' }, 'x')
      .expect(200, { bodyKind: 'object', body: {}, nullPrototype: false })
  })

  it('gives an empty Buffer for Content-Length: 0', async () => {
    await post(frameworkApp(framework.raw()), { ...OCTETS, 'Content-Length': '0' }).expect(200, { bodyKind: 'buffer', body: '' })
  })

  it('inflates gzip but refuses br', async () => {
    await post(frameworkApp(framework.raw()), { ...OCTETS, 'Content-Encoding': 'gzip' }, gzip('zip'))
      .expect(200, { bodyKind: 'buffer', body: '7a6970' })
    const res = await post(frameworkApp(framework.raw()), { ...OCTETS, 'Content-Encoding': 'br' }, brotli('zip')).expect(415)
    assert.equal(res.body.error.type, 'encoding.unsupported')
  })

  it('leaves req.body as {} after an error', async () => {
    const res = await post(frameworkApp(framework.raw({ limit: 2 })), OCTETS, 'four').expect(413)
    assert.deepEqual(res.body.bodyAfterError, { bodyKind: 'object', body: {}, nullPrototype: false })
  })

  it('matches a custom type list', async () => {
    const app = frameworkApp(framework.raw({ type: ['image/*', 'application/vnd+octets'] }))
    await post(app, { 'Content-Type': 'image/png' }, 'p').expect(200, { bodyKind: 'buffer', body: '70' })
    await post(app, OCTETS, 'p').expect(200, { bodyKind: 'object', body: {}, nullPrototype: false })
  })

  it('rejects an invalid limit when created', () => {
    assert.throws(() => framework.raw({ limit: 'parsecs' }), TypeError)
  })
})
