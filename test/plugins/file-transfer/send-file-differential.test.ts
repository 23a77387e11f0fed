import { describe, it, before, after } from 'node:test'
import assert from 'node:assert/strict'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import fc from 'fast-check'
import framework from '../../../presets/default'
import { exchange, headerLines, sideBySide, type RawReply } from '../../support/differential'

// `res.sendFile` and `res.download` are Express 4's: random files (dot files, folders, missing,
// traversal), options and request headers go to Ristretto and to express@4 (the reference), with
// and without a callback; status, headers but Date, and body must match.

/* eslint-disable @typescript-eslint/no-explicit-any -- one code drives both frameworks, whose types differ */

const OPTIONS: Array<Record<string, unknown>> = [
  {}, { dotfiles: 'allow' }, { dotfiles: 'deny' }, { maxAge: 60000 }, { maxAge: '2h', immutable: true }, { lastModified: false },
  { acceptRanges: false }, { cacheControl: false }, { headers: { 'X-Extra': 'yes', 'Content-Type': 'text/x-custom' } }
]
const FILES = ['a.txt', '.hidden', 'sub', 'sub/page.html', 'missing.txt', '../outside.txt', 'sub/../a.txt', '.dir/x.txt', 'caf\u00e9.txt', 'empty']
const HEADERS: Array<Record<string, string>> = [
  {}, { Range: 'bytes=0-2' }, { Range: 'bytes=50-' }, { 'If-None-Match': '*' }, { 'If-Modified-Since': 'Sat, 01 Jan 2000 00:00:00 GMT' },
  { 'If-Match': '"nope"' }
]
type Call = 'sendFile root' | 'sendFile absolute' | 'sendFile callback' | 'download' | 'download name' | 'download options'

let root = ''

function build (create: any, call: Call, file: string, options: Record<string, unknown>): any {
  const app = create()
  app.get('/', (req: any, res: any, next: any) => {
    const done = (err: any) => { if (err) { res.statusCode = 299; res.end(`callback ${err.status ?? err.statusCode} ${err.code ?? ''} ${err.message.replace(root, 'ROOT')}`) } }
    switch (call) {
      case 'sendFile root': res.sendFile(file, { ...options, root }); break
      case 'sendFile absolute': res.sendFile(path.join(root, file), options); break
      case 'sendFile callback': res.sendFile(file, { ...options, root }, done); break
      case 'download': res.download(path.join(root, file)); break
      case 'download name': res.download(path.join(root, file), 'r\u00e9port "1".txt', done); break
      case 'download options': res.download(path.join(root, file), 'x.txt', options, done); break
    }
  })
  app.use((err: any, req: any, res: any, next: any) => {
    res.statusCode = 599
    res.end(`error ${err.status ?? err.statusCode} ${err.code ?? ''} ${err.message.replace(root, 'ROOT')}`)
  })
  return app
}

/** Status, header lines but Date, and body. */
function answer (r: RawReply): string {
  return `${r.status}\n${headerLines(r).join('\n')}\n\n${r.body.toString('latin1')}`
}

describe('res.sendFile and res.download, differential against express@4', () => {
  before(() => {
    root = fs.mkdtempSync(path.join(os.tmpdir(), 'ristretto-sendfile-diff-'))
    const files: Record<string, string> = { 'a.txt': 'hello world', '.hidden': 'dot', '.dir/x.txt': 'in dot dir', 'sub/page.html': '<p>page</p>', 'caf\u00e9.txt': 'accent', 'empty': '' }
    const when = new Date('2020-02-02T02:02:02Z')
    for (const [name, content] of Object.entries(files)) {
      fs.mkdirSync(path.dirname(path.join(root, name)), { recursive: true })
      fs.writeFileSync(path.join(root, name), content)
      fs.utimesSync(path.join(root, name), when, when)
    }
    fs.writeFileSync(path.join(path.dirname(root), 'outside.txt'), 'outside')
  })
  after(() => {
    fs.rmSync(root, { recursive: true, force: true })
  })

  it('answer the same status, headers and body', async () => {
    const express = (await import('express')).default
    await fc.assert(fc.asyncProperty(
      fc.constantFrom<Call>('sendFile root', 'sendFile absolute', 'sendFile callback', 'download', 'download name', 'download options'),
      fc.constantFrom(...FILES), fc.nat({ max: OPTIONS.length - 1 }), fc.constantFrom('GET', 'HEAD'), fc.constantFrom(...HEADERS),
      async (call, file, optionIndex, method, headers) => {
        const options = OPTIONS[optionIndex]
        await sideBySide(build(framework, call, file, options), build(express, call, file, options), async (ours, theirs) => {
          const [a, b] = await Promise.all([exchange(ours, { method, headers }), exchange(theirs, { method, headers })])
          assert.equal(answer(a), answer(b), `${call} ${file} ${JSON.stringify(options)} ${method} ${JSON.stringify(headers)}`)
        })
      }
    ), { numRuns: 400 })
  })
})
