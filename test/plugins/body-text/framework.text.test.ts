import { describe, it } from 'node:test'
import assert from 'node:assert/strict'
import framework from '../../../presets/default'
import { frameworkApp, post, deflate } from '../body-reader/support'

describe('framework.text([options])', () => {
  it('reads text/plain into a string', async () => {
    await post(frameworkApp(framework.text()), { 'Content-Type': 'text/plain' }, 'user is tobi')
      .expect(200, { bodyKind: 'string', body: 'user is tobi' })
  })

  it('uses defaultCharset when the Content-Type has none, the header\'s charset otherwise', async () => {
    const app = frameworkApp(framework.text({ defaultCharset: 'koi8-r' }))
    await post(app, { 'Content-Type': 'text/plain' }, Buffer.from('cec5d4', 'hex')).expect(200, { bodyKind: 'string', body: 'нет' })
    await post(app, { 'Content-Type': 'text/plain; charset=utf-8' }, Buffer.from('论')).expect(200, { bodyKind: 'string', body: '论' })
  })

  it('inflates deflate', async () => {
    await post(frameworkApp(framework.text()), { 'Content-Type': 'text/plain', 'Content-Encoding': 'deflate' }, deflate('squeezed'))
      .expect(200, { bodyKind: 'string', body: 'squeezed' })
  })

  it('refuses an unknown charset with 415 charset.unsupported', async () => {
    const res = await post(frameworkApp(framework.text()), { 'Content-Type': 'text/plain; charset=x-bogus' }, 'x').expect(415)
    assert.equal(res.body.error.message, 'unsupported charset "X-BOGUS"')
    assert.equal(res.body.error.charset, 'x-bogus')
  })

  it('refuses a 400 request.size.invalid when Content-Length lies', async () => {
    const lie = (req: any, res: any, next: any) => { req.headers['content-length'] = '99'; next() }
    const res = await post(frameworkApp(lie, framework.text()), { 'Content-Type': 'text/plain' }, 'short').expect(400)
    assert.equal(res.body.error.type, 'request.size.invalid')
  })

  it('reports verify failures as 403 with the raw body', async () => {
    const verify = (req: unknown, res: unknown, buf: Buffer) => { if (buf[0] === 0x20) throw new Error('no leading space') }
    const res = await post(frameworkApp(framework.text({ verify })), { 'Content-Type': 'text/plain' }, ' x').expect(403)
    assert.equal(res.body.error.type, 'entity.verify.failed')
    assert.deepEqual(res.body.error.body, { hex: '2078' })
  })
})
