import { describe, it } from 'node:test'
import fc from 'fast-check'
import minimal from '../../../presets/minimal'
import parser from '../../../plugins/parser'
import { sideBySide } from '../../support/differential'
import { echoApp, sameParses, type Kind } from './differential-support'

// `ristretto/parser` is body-parser 2: random bodies, types, charsets and encodings under random
// options of body-parser 2 go to both (body-parser@2 is a dev dependency, `body-parser-2`); the
// parsed body, its prototype, or the error (status, type, message, expose, charset, encoding)
// must be the same.

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
        await sideBySide(echoApp(minimal, parser, k, options), echoApp(minimal, bodyParser2, k, options), async (ours, theirs) => {
          await sameParses(ours, theirs, requests, `${k} ${JSON.stringify(options)}`)
        })
      }
    ), { numRuns: 600 })
  })
})
