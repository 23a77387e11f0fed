import { describe, it } from 'node:test'
import assert from 'node:assert/strict'
import http from 'node:http'
import parser from '../../../plugins/parser'
import { standaloneServer, post, gzip, deflate, brotli } from '../body-reader/support'

const JSON_TYPE = { 'Content-Type': 'application/json' }

describe('parser.json([options])', () => {
  it('parses JSON into req.body', async () => {
    await post(standaloneServer(parser.json()), JSON_TYPE, '{"user":"tobi"}')
      .expect(200, { bodyKind: 'object', body: { user: 'tobi' }, nullPrototype: false })
  })

  it('leaves req.body undefined when there is no body', async () => {
    const request = (await import('supertest')).default
    await request(standaloneServer(parser.json())).get('/').set('Content-Type', 'application/json')
      .expect(200, { bodyKind: 'undefined' })
  })

  it('leaves req.body untouched when the type does not match', async () => {
    const server = standaloneServer(parser.json(), (req) => { (req as any).body = 'kept' })
    await post(server, { 'Content-Type': 'text/plain' }, '{}').expect(200, { bodyKind: 'string', body: 'kept' })
  })

  it('gives {} for an empty body', async () => {
    await post(standaloneServer(parser.json()), { ...JSON_TYPE, 'Content-Length': '0' })
      .expect(200, { bodyKind: 'object', body: {}, nullPrototype: false })
  })

  it('skips a body that was already read, leaving req.body untouched', async () => {
    const jsonParser = parser.json()
    const server = http.createServer((req, res) => {
      req.on('end', () => jsonParser(req, res, (err) => res.end(err ? 'error' : typeof (req as any).body)))
      req.resume()
    })
    await post(server, JSON_TYPE, '{"a":1}').expect(200, 'undefined')
  })

  it('inflates gzip, deflate and br', async () => {
    const server = standaloneServer(parser.json())
    for (const [coding, data] of [['gzip', gzip('{"k":"论"}')], ['deflate', deflate('{"k":"论"}')], ['br', brotli('{"k":"论"}')]] as const) {
      await post(server, { ...JSON_TYPE, 'Content-Encoding': coding }, data)
        .expect(200, { bodyKind: 'object', body: { k: '论' }, nullPrototype: false })
    }
  })

  it('refuses zstd unless experimentalZstd is set and the runtime has it', async () => {
    const res = await post(standaloneServer(parser.json()), { ...JSON_TYPE, 'Content-Encoding': 'zstd' }, 'x').expect(415)
    assert.equal(res.body.error.message, 'unsupported content encoding "zstd"')
  })

  it('matches type by extension, media type, wildcard, suffix, list and function', async () => {
    const cases: Array<[parser.JsonOptions['type'], string, boolean]> = [
      ['json', 'application/json', true],
      ['application/vnd.api+json', 'application/vnd.api+json', true],
      ['application/vnd.api+json', 'application/json', false],
      ['*/*', 'text/x-anything', true],
      ['+json', 'application/ld+json', true],
      [['text/x-a', 'text/x-b'], 'text/x-b; charset=utf-8', true],
      [(req) => req.headers['x-parse'] === 'yes', 'text/whatever', false]
    ]
    for (const [type, contentType, parsed] of cases) {
      const res = await post(standaloneServer(parser.json({ type })), { 'Content-Type': contentType }, '{"a":1}').expect(200)
      assert.equal(res.body.bodyKind, parsed ? 'object' : 'undefined', `${String(type)} vs ${contentType}`)
    }
    await post(standaloneServer(parser.json({ type: () => true })), {}, '{"b":2}')
      .expect(200, { bodyKind: 'object', body: { b: 2 }, nullPrototype: false })
  })

  it('refuses strict violations with the runtime\'s wording', async () => {
    const res = await post(standaloneServer(parser.json()), JSON_TYPE, '\n 42').expect(400)
    let expected = ''
    try { JSON.parse('\n ##') } catch (err) { expected = (err as Error).message.replace(/##/g, '42').replace(/#/g, '4') }
    assert.equal(res.body.error.message, expected)
  })

  it('passes verify the raw bytes and the charset', async () => {
    let seen: unknown[] = []
    const verify = (req: unknown, res: unknown, buf: Buffer, encoding: string | null) => { seen = [buf.toString('hex'), encoding] }
    await post(standaloneServer(parser.json({ verify })), JSON_TYPE, '[1]').expect(200)
    assert.deepEqual(seen, ['5b315d', 'utf-8'])
  })

  it('keeps __proto__ keys off every prototype', async () => {
    const res = await post(standaloneServer(parser.json()), JSON_TYPE, '{"__proto__":{"isAdmin":true},"nested":{"__proto__":{"x":1}}}').expect(200)
    assert.equal(res.body.nullPrototype, false)
    assert.equal(({} as any).isAdmin, undefined)
    assert.equal(({} as any).x, undefined)
  })

  it('does not read options again after creation', async () => {
    const options = { limit: 5 as number | string }
    const server = standaloneServer(parser.json(options))
    options.limit = '1mb'
    await post(server, JSON_TYPE, '{"long":true}').expect(413)
  })
})
