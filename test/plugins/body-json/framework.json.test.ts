import { describe, it } from 'node:test'
import assert from 'node:assert/strict'
import request from 'supertest'
import framework from '../../../presets/default'
import { frameworkApp, gzip, deflate, brotli, post } from '../body-reader/support'

function jsonMessage (text: string): string {
  try { JSON.parse(text) } catch (err) { return (err as Error).message }
  throw new Error('expected invalid JSON')
}

describe('framework.json([options])', () => {
  it('parses a JSON object into req.body', async () => {
    await request(frameworkApp(framework.json())).post('/')
      .set('Content-Type', 'application/json').send('{"user":"tobi","n":[1,2]}')
      .expect(200, { bodyKind: 'object', body: { user: 'tobi', n: [1, 2] }, nullPrototype: false })
  })

  it('gives {} for an empty body (Content-Length: 0)', async () => {
    await request(frameworkApp(framework.json())).post('/')
      .set('Content-Type', 'application/json').set('Content-Length', '0')
      .expect(200, { bodyKind: 'object', body: {}, nullPrototype: false })
  })

  it('leaves req.body as {} when there is no body', async () => {
    await request(frameworkApp(framework.json())).get('/')
      .set('Content-Type', 'application/json')
      .expect(200, { bodyKind: 'object', body: {}, nullPrototype: false })
  })

  it('leaves req.body as {} when the type does not match', async () => {
    await request(frameworkApp(framework.json())).post('/')
      .set('Content-Type', 'text/plain').send('{"a":1}')
      .expect(200, { bodyKind: 'object', body: {}, nullPrototype: false })
  })

  it('keeps a req.body set by earlier middleware when the type does not match', async () => {
    const preset = (req: any, res: any, next: any) => { req.body = { from: 'before' }; next() }
    await request(frameworkApp(preset, framework.json())).post('/')
      .set('Content-Type', 'text/plain').send('x')
      .expect(200, { bodyKind: 'object', body: { from: 'before' }, nullPrototype: false })
  })

  it('is named jsonParser, as Express layers show it', () => {
    assert.equal(framework.json().name, 'jsonParser')
  })

  describe('strict', () => {
    it('refuses a primitive by default with the runtime\'s message for its first character', async () => {
      const res = await request(frameworkApp(framework.json())).post('/')
        .set('Content-Type', 'application/json').send('  true').expect(400)
      assert.equal(res.body.error.type, 'entity.parse.failed')
      assert.equal(res.body.error.message, jsonMessage('  #rue').replace(/#/g, 't'))
      assert.equal(res.body.error.body, '  true')
      assert.deepEqual(res.body.bodyAfterError, { bodyKind: 'object', body: {}, nullPrototype: false })
    })

    it('accepts primitives when false', async () => {
      await request(frameworkApp(framework.json({ strict: false }))).post('/')
        .set('Content-Type', 'application/json').send('"hi"')
        .expect(200, { bodyKind: 'string', body: 'hi' })
    })

    it('gives JSON.parse\'s own message for a body of whitespace only', async () => {
      const res = await request(frameworkApp(framework.json())).post('/')
        .set('Content-Type', 'application/json').send(' \t\r\n').expect(400)
      assert.equal(res.body.error.message, jsonMessage(' \t\r\n'))
    })
  })

  it('passes reviver to JSON.parse', async () => {
    const reviver = (key: string, value: unknown) => key === 'n' ? Number(value) * 2 : value
    await request(frameworkApp(framework.json({ reviver }))).post('/')
      .set('Content-Type', 'application/json').send('{"n":21}')
      .expect(200, { bodyKind: 'object', body: { n: 42 }, nullPrototype: false })
  })

  it('reads utf-16 and refuses a non-Unicode charset with 415', async () => {
    const utf16 = Buffer.concat([Buffer.from([0xfe, 0xff]), Buffer.from('{"a":"论"}', 'utf16le').swap16()])
    await post(frameworkApp(framework.json()), { 'Content-Type': 'application/json; charset=utf-16' }, utf16)
      .expect(200, { bodyKind: 'object', body: { a: '论' }, nullPrototype: false })
    const res = await request(frameworkApp(framework.json())).post('/')
      .set('Content-Type', 'application/json; charset=KOI8-R').send('{}').expect(415)
    assert.equal(res.body.error.type, 'charset.unsupported')
    assert.equal(res.body.error.charset, 'koi8-r')
    assert.equal(res.body.error.message, 'unsupported charset "KOI8-R"')
  })

  it('inflates gzip and deflate but refuses br with 415', async () => {
    const app = frameworkApp(framework.json())
    for (const [coding, data] of [['gzip', gzip('{"z":1}')], ['deflate', deflate('{"z":1}')]] as const) {
      await post(app, { 'Content-Type': 'application/json', 'Content-Encoding': coding }, data)
        .expect(200, { bodyKind: 'object', body: { z: 1 }, nullPrototype: false })
    }
    const res = await post(app, { 'Content-Type': 'application/json', 'Content-Encoding': 'br' }, brotli('{"z":1}')).expect(415)
    assert.equal(res.body.error.type, 'encoding.unsupported')
    assert.equal(res.body.error.encoding, 'br')
    assert.equal(res.body.error.message, 'unsupported content encoding "br"')
  })

  it('does not pollute prototypes with __proto__ keys', async () => {
    const res = await request(frameworkApp(framework.json())).post('/')
      .set('Content-Type', 'application/json').send('{"__proto__":{"polluted":true},"a":1}').expect(200)
    assert.equal(res.body.nullPrototype, false)
    assert.equal(({} as any).polluted, undefined)
  })

  it('reads the body once when stacked (req._body)', async () => {
    let calls = 0
    const verify = () => { calls++ }
    await request(frameworkApp(framework.json({ verify }), framework.json({ verify }))).post('/')
      .set('Content-Type', 'application/json').send('{"once":true}')
      .expect(200, { bodyKind: 'object', body: { once: true }, nullPrototype: false })
    assert.equal(calls, 1)
  })

  it('skips a request another parser marked with req._body', async () => {
    const marked = (req: any, res: any, next: any) => { req._body = true; req.body = 'taken'; next() }
    await request(frameworkApp(marked, framework.json())).post('/')
      .set('Content-Type', 'application/json').send('{}')
      .expect(200, { bodyKind: 'string', body: 'taken' })
  })

  it('fails with 500 stream.not.readable when the body was already read', async () => {
    const consume = (req: any, res: any, next: any) => { req.on('end', () => next()); req.resume() }
    const res = await request(frameworkApp(consume, framework.json())).post('/')
      .set('Content-Type', 'application/json').send('{"a":1}').expect(500)
    assert.equal(res.body.error.type, 'stream.not.readable')
    assert.equal(res.body.error.expose, false)
  })
})
