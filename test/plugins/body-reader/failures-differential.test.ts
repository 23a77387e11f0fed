import { describe, it } from 'node:test'
import assert from 'node:assert/strict'
import type { IncomingMessage } from 'node:http'
import fc from 'fast-check'
import express from 'express'
import bodyParser2 from 'body-parser-2'
import framework from '../../../presets/default'
import minimal from '../../../presets/minimal'
import parser from '../../../plugins/parser'
import { sideBySide } from '../../support/differential'
import { encoded, errorEchoApp, post, type Framing, type Kind } from './error-echo'
import { expectWarnings } from '../../support/expected-warnings'

// What these tests are expected to raise, kept rather than printed.
expectWarnings(['body-parser deprecated undefined extended: provide extended option'])

// Requests failing in several ways at once go to Ristretto and to the reference: Express 4's
// built-ins (body-parser 1.20) for `framework.json()` and the rest, body-parser 2 for
// `ristretto/parser`. Which failure wins, and the error itself (status, every own enumerable
// property with its value, message, class) must be the same, as must a body that parses.

/* eslint-disable @typescript-eslint/no-explicit-any -- options of both packages' parsers */

const BODIES = ['{"a":1}', 'true', '{"a":', '{"boom":1}', '', '  ', 'a=1&b=2&c=3', 'a[b][c][d]=1', 'caf\u00e9 au lait, s\u2019il vous pla\u00eet']
const CHARSETS = ['', 'utf-8', 'UTF-8', 'iso-8859-1', 'latin1', 'utf-16', 'utf-32', 'x-nope', 'constructor', 'gbk', 'cp720']
const CODINGS = ['', 'identity', 'gzip', 'deflate', 'br', 'compress']
const OWN_TYPE: Record<Kind, string> = {
  json: 'application/json', urlencoded: 'application/x-www-form-urlencoded', text: 'text/plain', raw: 'application/octet-stream'
}

/** What a middleware before the parser does to the request: mostly nothing, else lie about its length or spoil its stream. */
type Tamper = 'none' | 'declare-more' | 'declare-less' | 'declare-huge' | 'declare-junk' | 'set-encoding' | 'unreadable'
const TAMPERS: Tamper[] = ['declare-more', 'declare-less', 'declare-huge', 'declare-junk', 'set-encoding', 'unreadable']

function tamper (how: Tamper, bodyLength: number): (req: IncomingMessage) => void {
  return function prepare (req) {
    switch (how) {
      case 'declare-more': req.headers['content-length'] = String(bodyLength + 7); break
      case 'declare-less': req.headers['content-length'] = '1'; break
      case 'declare-huge': req.headers['content-length'] = '99999999'; break
      case 'declare-junk': req.headers['content-length'] = '12abc'; break
      case 'set-encoding': req.setEncoding('utf8'); break
      case 'unreadable': (req as any).readable = false; break
    }
  }
}

const VERIFIES: Record<string, ((...args: unknown[]) => void) | undefined> = {
  none: undefined,
  passes: function verify () {},
  throws: function verify () { throw new Error('refused by verify') },
  'throws a string': function verify () { throw 'refused' }, // eslint-disable-line no-throw-literal
  'throws a typed object': function verify () { throw { type: 'signature.mismatch', status: 401 } } // eslint-disable-line no-throw-literal
}

function reviver (key: string, value: unknown): unknown {
  if (key === 'boom') throw Object.assign(new Error('the reviver refused'), { status: 422, type: 'reviver.refused', expose: true })
  return value
}

/** Options of one parser, drawn from the ones that make a request fail. */
function optionsOf (kind: Kind, flavor: 'express' | 'body-parser-2'): fc.Arbitrary<object> {
  const common = {
    limit: fc.constantFrom(undefined, 8, '1kb'),
    inflate: fc.constantFrom(undefined, false),
    verify: fc.constantFrom(...Object.keys(VERIFIES))
  }
  const own: Record<Kind, Record<string, fc.Arbitrary<unknown>>> = {
    json: { strict: fc.constantFrom(undefined, false), reviver: fc.constantFrom(undefined, reviver) },
    urlencoded: { extended: fc.boolean(), parameterLimit: fc.constantFrom(undefined, 2), depth: fc.constantFrom(undefined, 1) },
    text: { defaultCharset: fc.constantFrom(undefined, 'iso-8859-1', 'utf-32', 'x-nope') },
    raw: {}
  }
  // body-parser 2's urlencoded parser takes a defaultCharset, utf-8 or iso-8859-1 only (Express 4's has none).
  if (flavor === 'body-parser-2' && kind === 'urlencoded') own.urlencoded.defaultCharset = fc.constantFrom(undefined, 'iso-8859-1')
  return fc.record({ ...common, ...own[kind] }, { requiredKeys: [] }).map((options: any) => {
    const result: any = {}
    for (const [key, value] of Object.entries(options)) if (value !== undefined) result[key] = value
    if (result.verify !== undefined) result.verify = VERIFIES[result.verify]
    if (result.verify === undefined) delete result.verify
    return result
  })
}

/** One request: its body text (sent as UTF-8), Content-Type charset, Content-Encoding, framing and tampering. */
interface Sample { body: string, charset: string, coding: string, framing: Framing, tamper: Tamper }

const request: fc.Arbitrary<Sample> = fc.record({
  body: fc.constantFrom(...BODIES),
  charset: fc.constantFrom(...CHARSETS),
  coding: fc.oneof({ weight: 2, arbitrary: fc.constant('') }, { weight: 3, arbitrary: fc.constantFrom(...CODINGS) }),
  framing: fc.constantFrom<Framing>('length', 'chunked'),
  tamper: fc.oneof({ weight: 3, arbitrary: fc.constant<Tamper>('none') }, { weight: 2, arbitrary: fc.constantFrom(...TAMPERS) })
})

type Create = () => any
interface Side { create: Create, parsers: any }

async function compare (kind: Kind, options: object, ours: Side, theirs: Side, sample: Sample): Promise<void> {
  const bytes = Buffer.from(sample.body)
  const headers: Record<string, string> = { 'Content-Type': OWN_TYPE[kind] + (sample.charset ? `; charset=${sample.charset}` : '') }
  if (sample.coding) headers['Content-Encoding'] = sample.coding
  const body = encoded(bytes, sample.coding)
  const prepare = tamper(sample.tamper, body.length)
  await sideBySide(errorEchoApp(ours.create, ours.parsers, kind, options, prepare), errorEchoApp(theirs.create, theirs.parsers, kind, options, prepare),
    async (ourPort, theirPort) => {
      const [a, b] = await Promise.all([post(ourPort, headers, body, sample.framing), post(theirPort, headers, body, sample.framing)])
      assert.equal(a, b, `${kind} ${JSON.stringify(options)} ${JSON.stringify(sample)}`)
    })
}

function property (flavor: 'express' | 'body-parser-2', ours: Side, theirs: Side) {
  const kindAndOptions = fc.constantFrom<Kind>('json', 'urlencoded', 'text', 'raw')
    .chain((kind) => fc.tuple(fc.constant(kind), optionsOf(kind, flavor)))
  return fc.asyncProperty(kindAndOptions, request, async ([kind, options], sample) => {
    await compare(kind, options, ours, theirs, sample)
  })
}

/** Combinations named for what decides them in the references; the random runs draw from the same space. */
const NAMED: Array<[title: string, kind: Kind, options: object, sample: Sample]> = [
  ['a declared length over the limit is a 413 before an unknown charset is a 415', 'text', { limit: 2 },
    { body: 'café', charset: 'x-nope', coding: '', framing: 'length', tamper: 'none' }],
  ['an unknown charset is a 415 before the limit is reached while reading', 'text', { limit: 2 },
    { body: 'café', charset: 'x-nope', coding: '', framing: 'chunked', tamper: 'none' }],
  ['an unknown coding is a 415 before an unknown charset', 'text', {},
    { body: 'café', charset: 'x-nope', coding: 'compress', framing: 'length', tamper: 'none' }],
  ['with verify, an unknown charset is a 415 before an unknown coding', 'text', { verify: VERIFIES.passes },
    { body: 'café', charset: 'x-nope', coding: 'compress', framing: 'length', tamper: 'none' }],
  ['a JSON charset that is not UTF is a 415 before a refused coding', 'json', { inflate: false },
    { body: '{"a":', charset: 'latin1', coding: 'gzip', framing: 'length', tamper: 'none' }],
  ['a refused coding is a 415 naming only the encoding', 'json', { inflate: false },
    { body: '{"a":1}', charset: '', coding: 'gzip', framing: 'length', tamper: 'none' }],
  ['UTF-32 text: refused by Express 4 (iconv-lite 0.4), decoded by body-parser 2', 'text', {},
    { body: 'café', charset: 'utf-32', coding: '', framing: 'length', tamper: 'none' }],
  ['UTF-32 JSON likewise', 'json', {},
    { body: '{"a":1}', charset: 'utf-32', coding: '', framing: 'length', tamper: 'none' }],
  ['a junk Content-Length is not checked against the body', 'raw', {},
    { body: 'abc', charset: '', coding: '', framing: 'length', tamper: 'declare-junk' }],
  ['a Content-Length the body does not match is a 400', 'raw', {},
    { body: 'abc', charset: '', coding: '', framing: 'length', tamper: 'declare-more' }],
  ['an unknown charset is a 415 before a body shorter than its Content-Length is noticed', 'text', {},
    { body: 'abc', charset: 'x-nope', coding: '', framing: 'length', tamper: 'declare-more' }],
  ['too many parameters is a 413 after verify passed', 'urlencoded', { extended: false, parameterLimit: 2, verify: VERIFIES.passes },
    { body: 'a=1&b=2&c=3', charset: '', coding: 'gzip', framing: 'chunked', tamper: 'none' }],
  ['a reviver\'s error is a plain 400 parse failure', 'json', { reviver },
    { body: '{"boom":1}', charset: '', coding: '', framing: 'length', tamper: 'none' }]
]

describe('body parser failures, differential', () => {
  for (const [title, kind, options, sample] of NAMED) {
    it(`${title} (built-ins, express@4)`, () => compare(kind, options, { create: framework, parsers: framework }, { create: express, parsers: express }, sample))
    it(`${title} (ristretto/parser, body-parser 2)`, () => compare(kind, options, { create: minimal, parsers: parser }, { create: express, parsers: bodyParser2 }, sample))
  }

  it('random combinations: the built-ins fail as Express 4 does, whichever failures combine', async () => {
    await fc.assert(property('express', { create: framework, parsers: framework }, { create: express, parsers: express }), { numRuns: 500 })
  })

  it('random combinations: ristretto/parser fails as body-parser 2 does, whichever failures combine', async () => {
    await fc.assert(property('body-parser-2', { create: minimal, parsers: parser }, { create: express, parsers: bodyParser2 }), { numRuns: 500 })
  })
})
