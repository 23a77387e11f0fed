import { describe, it, before, after } from 'node:test'
import assert from 'node:assert/strict'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import fc from 'fast-check'
import framework from '../../../presets/default'
import { exchange, headerLines, sideBySide, type RawReply } from '../../support/differential'

// `framework.static(root, options)` is Express 4's serve-static: random paths (dot files,
// folders, traversal, encodings), methods and conditional or range headers under random options
// go to Ristretto and to express@4 (the reference); status, headers but Date, and body must match.

/* eslint-disable @typescript-eslint/no-explicit-any -- one code drives both frameworks, whose types differ */

const OPTIONS: object[] = [
  {}, { dotfiles: 'allow' }, { dotfiles: 'deny' }, { index: false }, { index: ['default.htm', 'index.html'] }, { redirect: false },
  { extensions: ['html', 'txt'] }, { fallthrough: false }, { maxAge: '1d', immutable: true }, { lastModified: false, etag: false },
  { acceptRanges: false }, { cacheControl: false }, { setHeaders: (res: any) => res.setHeader('X-Set', 'yes') }
]
const PATHS = ['/', '/a.txt', '/A.txt', '/sub', '/sub/', '/sub/index.html', '/.hidden', '/.dir/x.txt', '/sub/.env', '/page',
  '/missing.txt', '/../secret.txt', '/%2e%2e/secret.txt', '/sub/..%2f..%2fsecret.txt', '/a.txt/', '/a%20b.txt',
  '/%', '/sub%2Findex.html', '/%00', '/empty', '/static/a.txt', '/static', '//a.txt', '/sub//index.html', '/x?y=1', '/a.txt?v=2']
const HEADERS: Array<Record<string, string>> = [
  {}, { Range: 'bytes=0-3' }, { Range: 'bytes=5-' }, { Range: 'bytes=0-1,3-4' }, { Range: 'bytes=999-' }, { Range: 'bytes=x' },
  { 'If-None-Match': '*' }, { 'If-Modified-Since': 'Sat, 01 Jan 2000 00:00:00 GMT' }, { 'If-Match': '"nope"' },
  { 'If-Unmodified-Since': 'Sat, 01 Jan 2000 00:00:00 GMT' }, { Range: 'bytes=0-3', 'If-Range': '"stale"' }
]

let root = ''

function build (create: any, mount: string, options: object): any {
  const app = create()
  app.use(mount, create.static(root, options))
  app.use((req: any, res: any) => { res.statusCode = 299; res.end('fell through') })
  app.use((err: any, req: any, res: any, next: any) => { res.statusCode = err.status || 500; res.end(`error ${err.status} ${err.message}`) })
  return app
}

/** Status, header lines but Date, and body; multipart range boundaries are random: compared without them. */
function answer (r: RawReply): string {
  return `${r.status}\n${headerLines(r).join('\n')}\n\n${r.body.toString('latin1')}`.replace(/[0-9a-f]{24}/g, 'BOUNDARY')
}

describe('static files, differential against express@4', () => {
  before(() => {
    root = fs.mkdtempSync(path.join(os.tmpdir(), 'ristretto-static-diff-'))
    const files: Record<string, string> = {
      'a.txt': 'hello world', 'a b.txt': 'spaced', '.hidden': 'dot', '.dir/x.txt': 'in dot dir', 'sub/index.html': '<p>index</p>',
      'sub/default.htm': 'default', 'sub/.env': 'SECRET=1', 'page.html': '<p>page</p>', 'empty': ''
    }
    for (const [name, content] of Object.entries(files)) {
      fs.mkdirSync(path.dirname(path.join(root, name)), { recursive: true })
      fs.writeFileSync(path.join(root, name), content)
    }
    fs.writeFileSync(path.join(path.dirname(root), 'secret.txt'), 'outside')
    // The same modification time everywhere, so both see the same Last-Modified and ETag.
    const when = new Date('2020-02-02T02:02:02Z')
    for (const name of Object.keys(files)) fs.utimesSync(path.join(root, name), when, when)
  })
  after(() => {
    fs.rmSync(root, { recursive: true, force: true })
  })

  it('answer every request with the same status, headers and body', async () => {
    const express = (await import('express')).default
    await fc.assert(fc.asyncProperty(
      fc.nat({ max: OPTIONS.length - 1 }), fc.constantFrom('/', '/static'),
      fc.array(fc.tuple(fc.constantFrom('GET', 'HEAD', 'POST', 'OPTIONS'), fc.constantFrom(...PATHS), fc.constantFrom(...HEADERS)), { minLength: 1, maxLength: 5 }),
      async (optionIndex, mount, requests) => {
        const options = OPTIONS[optionIndex]
        await sideBySide(build(framework, mount, options), build(express, mount, options), async (ours, theirs) => {
          for (const [method, path, headers] of requests) {
            const [a, b] = await Promise.all([exchange(ours, { method, path, headers }), exchange(theirs, { method, path, headers })])
            assert.equal(answer(a), answer(b), `${method} ${path} ${JSON.stringify(headers)} mounted at ${mount}, options ${JSON.stringify(options)}`)
          }
        })
      }
    ), { numRuns: 300 })
  })
})
