import { describe, it } from 'node:test'
import assert from 'node:assert/strict'
import express from 'express'
import bodyParser2 from 'body-parser-2'
import iconv from 'iconv-lite'
import framework from '../../../presets/default'
import minimal from '../../../presets/minimal'
import parser from '../../../plugins/parser'
import { sideBySide } from '../../support/differential'
import { errorEchoApp, post, type Kind } from './error-echo'

// Every charset name iconv-lite 0.7 knows, and some it does not, is sent to the four parsers of
// Ristretto and of the reference: Express 4's built-ins decode with the iconv-lite
// 0.4 body-parser 1.20 bundles, body-parser 2 with iconv-lite 0.7. Whether a charset is taken,
// how the body decodes, and the error otherwise must be the same, with and without `verify`
// (which moves the charset check before reading).

/* eslint-disable @typescript-eslint/no-explicit-any -- both packages' parsers and app factories */

function knownNames (): string[] {
  iconv.encodingExists('utf-8') // loads the table of encodings
  const table = (iconv as unknown as { encodings: Record<string, unknown> }).encodings
  return Object.keys(table).filter((name) => !name.startsWith('_'))
}

/** Spellings iconv-lite canonicalises, names found on Object.prototype, and unknown names. */
const ODD_NAMES = ['UTF-32', 'utf-32le', 'UCS-4', 'ISO-8859-8-I', 'iso-8859-8-e', 'CP-720', 'GBK', 'x-gbk', 'iso-ir-58', 'GB18030', 'Chinese',
  '"gbk:2000"', '"utf-32:1999"', 'constructor', 'Constructor', '"constructor:2020"', '__proto__', 'hasOwnProperty', 'toString', 'x-nope', 'utf-', 'utf-nope']

/** Bytes that decode differently from one charset to the next, including GBK's A8BC and GB18030's 8135F437. */
const PAYLOAD = Buffer.from([0x61, 0xa8, 0xbc, 0x81, 0x35, 0xf4, 0x37, 0xe9, 0xff, 0xfe, 0x00, 0x41, 0x7a])
const BODIES: Record<Kind, Buffer> = {
  json: Buffer.concat([Buffer.from('["'), PAYLOAD, Buffer.from('"]')]),
  text: PAYLOAD,
  urlencoded: Buffer.concat([Buffer.from('a=%E9&b='), PAYLOAD]),
  raw: PAYLOAD
}
const TYPES: Record<Kind, string> = {
  json: 'application/json', text: 'text/plain', urlencoded: 'application/x-www-form-urlencoded', raw: 'application/octet-stream'
}
const BATCH = 25

function verify (): void {}

async function sameForEveryName (kind: Kind, ours: [any, any], theirs: [any, any], options: object): Promise<void> {
  const names = [...knownNames(), ...ODD_NAMES]
  await sideBySide(errorEchoApp(ours[0], ours[1], kind, options, () => {}), errorEchoApp(theirs[0], theirs[1], kind, options, () => {}),
    async (ourPort, theirPort) => {
      for (let i = 0; i < names.length; i += BATCH) {
        await Promise.all(names.slice(i, i + BATCH).map(async (name) => {
          const headers = { 'Content-Type': `${TYPES[kind]}; charset=${name}` }
          const [a, b] = await Promise.all([post(ourPort, headers, BODIES[kind], 'length'), post(theirPort, headers, BODIES[kind], 'length')])
          assert.equal(a, b, `${kind}${'verify' in options ? ' with verify' : ''} charset=${name}`)
        }))
      }
    })
}

describe('charsets, differential', () => {
  for (const kind of ['text', 'json', 'urlencoded', 'raw'] as const) {
    // Both urlencoded parsers are given `extended` (Express 4 warns when it is left out).
    const base = kind === 'urlencoded' ? { extended: false } : {}
    for (const [label, options] of [['', base], [' with verify', { ...base, verify }]] as const) {
      it(`${kind}${label}: the built-ins take, decode and refuse the charsets Express 4 does`, () =>
        sameForEveryName(kind, [framework, framework], [express, express], options))
      it(`${kind}${label}: ristretto/parser takes, decodes and refuses the charsets body-parser 2 does`, () =>
        sameForEveryName(kind, [minimal, parser], [express, bodyParser2], options))
    }
  }
})
