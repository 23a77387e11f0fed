import { describe, it } from 'node:test'
import assert from 'node:assert/strict'
import zlib from 'node:zlib'
import fc from 'fast-check'
import minimal from '../../../presets/minimal'
import parser from '../../../plugins/parser'
import { exchange, sideBySide } from '../../support/differential'

// `ristretto/parser` is body-parser 2: random bodies, types, charsets and encodings under random
// options of body-parser 2 go to both (body-parser@2 is a dev dependency, `body-parser-2`); the
// parsed body, its prototype, or the error (status, type, message, expose, charset, encoding)
// must be the same.

/* eslint-disable @typescript-eslint/no-explicit-any -- one code drives both parsers, whose types differ */

type Kind = 'json' | 'urlencoded' | 'text' | 'raw'

const OPTIONS: Record<Kind, object[]> = {
  json: [{}, { strict: false }, { limit: '20b' }, { type: '*/*' }, { inflate: false }, { type: ['application/json', 'text/plain'] },
    { type: 'json' }, { type: '+json' }],
  urlencoded: [{}, { extended: true }, { parameterLimit: 2 }, { limit: 30 }, { extended: true, parameterLimit: 3 }, { extended: true, depth: 1 },
    { extended: true, depth: 0 }, { defaultCharset: 'iso-8859-1' }, { charsetSentinel: true }, { charsetSentinel: true, interpretNumericEntities: true },
    { extended: true, charsetSentinel: true, defaultCharset: 'iso-8859-1' }, { type: 'urlencoded' }],
  text: [{}, { defaultCharset: 'iso-8859-1' }, { type: '*/*' }, { limit: 10 }, { type: 'text/*' }],
  raw: [{}, { type: '*/*' }, { limit: '5b' }, { inflate: false }, { type: 'application/*' }]
}
const BODIES = ['{"a":1}', '[1,2]', '"str"', 'true', 'null', ' {"b":[1,{"c":"d"}]} ', '{"a":', '{a:1}', '', 'a=1&b=2',
  'a[b]=1&a[c][d]=2', 'a[b][c][d]=deep', 'a=1&a=2&a=3', 'a%5B0%5D=x&a%5B1%5D=y', 'x=%E0%A4%A&y=ok', 'caf\u00e9=cr\u00e8me', 'plain text body',
  '\ufeff{"bom":1}', 'utf8=%E2%9C%93&a=%C3%A9', 'utf8=%26%2310003%3B&a=%E9', 'a=%26%239786%3B', 'a[]=1&a[]=2&b[1]=x', 'a.b=c',
  '{"__proto__":{"polluted":true}}', 'a[__proto__][x]=1&b[constructor]=2', 'a&b=&=c&d']
const TYPES = ['application/json', 'application/json; charset=utf-8', 'application/json; charset=utf-16', 'application/json; charset=koi8-r',
  'application/x-www-form-urlencoded', 'application/x-www-form-urlencoded; charset=iso-8859-1', 'application/x-www-form-urlencoded; charset=utf-16',
  'text/plain', 'text/plain; charset=iso-8859-1', 'text/plain; charset=UTF-8', 'text/csv', 'application/octet-stream', 'application/vnd.api+json',
  'text/html', 'application/json; charset=nope', 'application/json;charset="utf-8"', 'APPLICATION/JSON', '']
/** The types each parser reads by default, drawn more often than the rest so most requests get parsed. */
const OWN_TYPES: Record<Kind, string[]> = {
  json: ['application/json', 'application/json; charset=utf-8'],
  urlencoded: ['application/x-www-form-urlencoded', 'application/x-www-form-urlencoded; charset=iso-8859-1'],
  text: ['text/plain', 'text/plain; charset=iso-8859-1'],
  raw: ['application/octet-stream']
}
const ENCODINGS = ['', 'gzip', 'deflate', 'identity', 'br', 'compress', 'GZIP', 'gzip, identity']

function build (create: () => any, p: any, kind: Kind, options: object): any {
  const app = create()
  app.post('/', p[kind](options), (req: any, res: any) => {
    const body = req.body
    res.end(JSON.stringify({
      type: Buffer.isBuffer(body) ? 'buffer' : body === null ? 'null' : typeof body,
      proto: body !== null && typeof body === 'object' && !Buffer.isBuffer(body) ? (Object.getPrototypeOf(body) === null ? 'null' : 'object') : '',
      value: Buffer.isBuffer(body) ? body.toString('hex') : body
    }))
  })
  app.use((err: any, req: any, res: any, next: any) => {
    res.statusCode = err.status || 500
    // The spec also names the refused coding `charset` on encoding.unsupported (as body-parser's
    // documentation does, not its code): compared only where both set it.
    const charset = err.type === 'encoding.unsupported' ? undefined : err.charset
    res.end(JSON.stringify({ status: err.status, type: err.type, message: err.message, expose: err.expose, charset, encoding: err.encoding }))
  })
  return app
}

function encode (text: string, type: string, encoding: string): Buffer {
  const charset = /charset="?([\w-]+)/i.exec(type)?.[1].toLowerCase()
  let bytes = charset === 'iso-8859-1' ? Buffer.from(text, 'latin1') : charset === 'utf-16' ? Buffer.from(text, 'utf16le') : Buffer.from(text)
  const coding = encoding.toLowerCase()
  if (coding.startsWith('gzip')) bytes = zlib.gzipSync(bytes)
  else if (coding === 'deflate') bytes = zlib.deflateSync(bytes)
  else if (coding === 'br') bytes = zlib.brotliCompressSync(bytes)
  return bytes
}

describe('standalone parser, differential against body-parser@2', () => {
  it('parses the same bodies to the same values, and refuses the same ones with the same errors', async () => {
    const bodyParser2 = (await import('body-parser-2')).default
    const kind = fc.constantFrom<Kind>('json', 'urlencoded', 'text', 'raw')
    await fc.assert(fc.asyncProperty(
      kind.chain((k) => fc.tuple(
        fc.constant(k),
        fc.nat({ max: OPTIONS[k].length - 1 }),
        fc.array(fc.tuple(
          fc.constantFrom(...BODIES),
          fc.oneof({ weight: 2, arbitrary: fc.constantFrom(...OWN_TYPES[k]) }, { weight: 1, arbitrary: fc.constantFrom(...TYPES) }),
          fc.oneof({ weight: 3, arbitrary: fc.constant('') }, { weight: 1, arbitrary: fc.constantFrom(...ENCODINGS) })
        ), { minLength: 1, maxLength: 4 })
      )),
      async ([k, optionIndex, requests]) => {
        const options = OPTIONS[k][optionIndex]
        await sideBySide(build(minimal, parser, k, options), build(minimal, bodyParser2, k, options), async (ours, theirs) => {
          for (const [text, type, encoding] of requests) {
            const headers: Record<string, string> = {}
            if (type !== '') headers['Content-Type'] = type
            if (encoding !== '') headers['Content-Encoding'] = encoding
            const request = { method: 'POST', headers, body: encode(text, type, encoding) }
            const [a, b] = await Promise.all([exchange(ours, request), exchange(theirs, request)])
            assert.equal(`${a.status}\n${a.body.toString('utf8')}`, `${b.status}\n${b.body.toString('utf8')}`,
              `${k} ${JSON.stringify(options)}: ${JSON.stringify(text)} ${JSON.stringify(headers)}`)
          }
        })
      }
    ), { numRuns: 600 })
  })
})
