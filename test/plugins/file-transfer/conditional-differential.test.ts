import { describe, it, before, after } from 'node:test'
import assert from 'node:assert/strict'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import fc from 'fast-check'
import express from 'express'
import framework from '../../../presets/default'
import { headerLines, loggedExchange, sideBySide, type RawReply } from '../../support/differential'

// Conditional and range requests, answered 200, 206, 304, 412 or 416, through `framework.static`,
// `res.sendFile` and `res.download` and the default final handler, against express@4 (send 0.19):
// random If-Match, If-None-Match, If-Unmodified-Since, If-Modified-Since, Range and If-Range
// values, entity-tag lists built from spaces, commas, tabs and quotes included. Status, headers
// but Date, and body must match byte for byte (the apps run in production, so an error page
// names the status rather than printing a stack), and so must the errors each logs (a 412 or
// 416 reaching the final handler), which the test keeps rather than prints.

/* eslint-disable @typescript-eslint/no-explicit-any -- one code drives both frameworks, whose types differ */

const MODIFIED = new Date('2020-02-02T02:02:02Z')
/** The weak entity tag both give `a.txt` (11 bytes, modified at MODIFIED). */
const TAG = 'W/"b-17003a22190"'

const TAG_PIECES = [' ', ',', '\t', '"', 'W/', TAG, '"b-17003a22190"', '*', 'x', '"nope"']
const TAGS = ['"nope"', TAG, '"b-17003a22190"', '*', 'W/"x"', '', ' ', ',', 'W/', `"a" ${TAG}`, `${TAG} "a"`, `"a",${TAG}`, `  ${TAG}  `]
const DATES = ['Sat, 01 Jan 2000 00:00:00 GMT', 'Sun, 02 Feb 2020 02:02:02 GMT', 'Sun, 02 Feb 2020 02:02:01 GMT', 'garbage', '0', '2030-01-01']
const RANGE_PIECES = ['bytes=', '0', '1', '5', '10', '11', '999', '-', ',', ' ', 'x', '\t']
const RANGES = ['bytes=999-', 'bytes=0-0', 'bytes=-1', 'bytes=5-1', 'bytes=0-1,3-4', 'bytes=', 'bytes=x', 'items=0-1', ' bytes=0-1',
  'bytes=0-999', 'bytes=11-', 'bytes=-0']

type Serve = 'static' | 'sendFile' | 'download'

let root = ''

function build (create: any, serve: Serve, file: string): any {
  const app = create()
  app.set('env', 'production')
  if (serve === 'static') app.use(create.static(root))
  else if (serve === 'sendFile') app.get('/' + file, (req: any, res: any) => res.sendFile(path.join(root, file)))
  else app.get('/' + file, (req: any, res: any) => res.download(path.join(root, file)))
  return app
}

function answer (r: RawReply): string {
  return `${r.status}\n${headerLines(r).join('\n')}\n\n${r.body.toString('latin1')}`
}

function joined (pieces: string[]): fc.Arbitrary<string> {
  return fc.array(fc.constantFrom(...pieces), { maxLength: 6 }).map((parts) => parts.join(''))
}

const tag = fc.oneof(fc.constantFrom(...TAGS), joined(TAG_PIECES))
const date = fc.constantFrom(...DATES)
const headers = fc.record({
  'If-Match': tag,
  'If-None-Match': tag,
  'If-Unmodified-Since': date,
  'If-Modified-Since': date,
  Range: fc.oneof(fc.constantFrom(...RANGES), joined(RANGE_PIECES)),
  'If-Range': fc.oneof(tag, date)
}, { requiredKeys: [] }).map((record) => record as Record<string, string>)

async function same (serve: Serve, file: string, method: string, requestHeaders: Record<string, string>): Promise<void> {
  await sideBySide(build(framework, serve, file), build(express, serve, file), async (ours, theirs) => {
    const request = { method, path: '/' + file, headers: requestHeaders }
    const a = await loggedExchange(ours, request)
    const b = await loggedExchange(theirs, request)
    const title = `${serve} ${method} /${file} ${JSON.stringify(requestHeaders)}`
    assert.equal(answer(a.reply), answer(b.reply), title)
    assert.deepEqual(a.logged, b.logged, `${title}: logged`)
  })
}

describe('conditional and range requests, differential against express@4', () => {
  before(() => {
    root = fs.mkdtempSync(path.join(os.tmpdir(), 'ristretto-conditional-diff-'))
    for (const [name, content] of [['a.txt', 'hello world'], ['empty', '']]) {
      fs.writeFileSync(path.join(root, name), content)
      fs.utimesSync(path.join(root, name), MODIFIED, MODIFIED)
    }
  })
  after(() => {
    fs.rmSync(root, { recursive: true, force: true })
  })

  it('an If-Match list is split at commas only: a space inside an entry does not separate tags (412)', async () => {
    for (const serve of ['static', 'sendFile', 'download'] as const) await same(serve, 'a.txt', 'GET', { 'If-Match': `${TAG} "a"` })
  })

  it('answer every combination of validators and ranges with the same status, headers and body', async () => {
    await fc.assert(fc.asyncProperty(
      fc.constantFrom<Serve>('static', 'sendFile', 'download'), fc.constantFrom('a.txt', 'empty'), fc.constantFrom('GET', 'HEAD'), headers,
      same
    ), { numRuns: 400 })
  })
})
