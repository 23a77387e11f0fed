import { describe, it } from 'node:test'
import assert from 'node:assert/strict'
import { createRequire } from 'node:module'
import parser = require('../../../plugins/parser')

describe('parser()', () => {
  it('throws, naming the four parsers to use instead', () => {
    assert.throws(() => parser(), (err: Error) =>
      /bodyParser\(\) generic has been split/.test(err.message) &&
      ['parser.json()', 'parser.raw()', 'parser.text()', 'parser.urlencoded()'].every((name) => err.message.includes(name)))
  })

  it('is the CommonJS export itself, with json, raw, text and urlencoded', () => {
    const required = createRequire(__filename)('../../../plugins/parser')
    assert.equal(required, parser)
    assert.equal(typeof required, 'function')
    for (const name of ['json', 'raw', 'text', 'urlencoded'] as const) {
      assert.equal(typeof parser[name], 'function')
      assert.equal(typeof parser[name](), 'function')
    }
  })

  it('names the middleware after the parser', () => {
    assert.deepEqual([parser.json(), parser.raw(), parser.text(), parser.urlencoded()].map((fn) => fn.name),
      ['jsonParser', 'rawParser', 'textParser', 'urlencodedParser'])
  })

  it('checks options when a parser is created', () => {
    assert.throws(() => parser.json({ limit: 'lots' }), /option limit "lots" is not a valid size/)
    assert.throws(() => parser.raw({ limit: -1 }), TypeError)
    assert.throws(() => parser.text({ verify: 'no' as any }), /TypeError: option verify must be function/)
    assert.throws(() => parser.urlencoded({ parameterLimit: 0 }), /option parameterLimit must be a positive number/)
    assert.throws(() => parser.urlencoded({ extended: true, depth: -1 }), /option depth must be a zero or a positive number/)
    assert.throws(() => parser.urlencoded({ defaultCharset: 'utf-16' as any }), /option defaultCharset must be either utf-8 or iso-8859-1/)
  })
})
