import { describe, it } from 'node:test'
import fc from 'fast-check'
import framework from '../../../presets/default'
import { sideBySide } from '../../support/differential'
import { echoApp, sameParses, type Kind } from './differential-support'
import { expectWarnings } from '../../support/expected-warnings'

// What these tests are expected to raise, kept rather than printed.
expectWarnings(['body-parser deprecated undefined extended: provide extended option'])

// `framework.json()`, `.urlencoded()`, `.text()` and `.raw()` are Express 4's built-in parsers:
// random bodies, types, charsets and encodings under random options go to Ristretto and to
// express@4 (the reference); the parsed body, or the error (status, type, message), must be the same.

const OPTIONS: Record<Kind, object[]> = {
  json: [{}, { strict: false }, { limit: '20b' }, { type: '*/*' }, { inflate: false }, { type: ['application/json', 'text/plain'] }],
  urlencoded: [{}, { extended: false }, { extended: true }, { parameterLimit: 2 }, { limit: 30 }, { extended: true, parameterLimit: 3 }],
  text: [{}, { defaultCharset: 'iso-8859-1' }, { type: '*/*' }, { limit: 10 }],
  raw: [{}, { type: '*/*' }, { limit: '5b' }, { inflate: false }]
}
const BODIES = ['{"a":1}', '[1,2]', '"str"', 'true', 'null', ' {"b":[1,{"c":"d"}]} ', '{"a":', '{a:1}', '', 'a=1&b=2',
  'a[b]=1&a[c][d]=2', 'a=1&a=2&a=3', 'a%5B0%5D=x&a%5B1%5D=y', 'x=%E0%A4%A&y=ok', 'caf\u00e9=cr\u00e8me', 'plain text body', '\ufeff{"bom":1}',
  '{"__proto__":{"polluted":true}}', 'a[__proto__][x]=1&b[constructor]=2']
const TYPES = ['application/json', 'application/json; charset=utf-8', 'application/json; charset=utf-16', 'application/json; charset=koi8-r',
  'application/x-www-form-urlencoded', 'application/x-www-form-urlencoded; charset=iso-8859-1', 'text/plain', 'text/plain; charset=iso-8859-1',
  'application/octet-stream', 'application/vnd.api+json', 'text/html', 'application/json; charset=nope', '']
const ENCODINGS = ['', 'gzip', 'deflate', 'identity', 'br', 'compress']

describe('body parsers, differential against express@4', () => {
  it('parse the same bodies to the same values, and refuse the same ones with the same errors', async () => {
    const express = (await import('express')).default
    const kind = fc.constantFrom<Kind>('json', 'urlencoded', 'text', 'raw')
    await fc.assert(fc.asyncProperty(
      kind.chain((k) => fc.tuple(fc.constant(k), fc.nat({ max: OPTIONS[k].length - 1 }))),
      fc.array(fc.tuple(fc.constantFrom(...BODIES), fc.constantFrom(...TYPES), fc.constantFrom(...ENCODINGS)), { minLength: 1, maxLength: 4 }),
      async ([k, optionIndex], requests) => {
        const options = OPTIONS[k][optionIndex]
        await sideBySide(echoApp(framework, framework, k, options), echoApp(express, express, k, options), async (ours, theirs) => {
          await sameParses(ours, theirs, requests, `${k} ${JSON.stringify(options)}`)
        })
      }
    ), { numRuns: 300 })
  })
})
