import { describe, it, before, after } from 'node:test'
import assert from 'node:assert/strict'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import fc from 'fast-check'
import express from 'express'
import framework from '../../../presets/default'
import { exchange, headerLines, sideBySide, type RawReply } from '../../support/differential'

// The folder redirect of `framework.static` against express@4's serve-static: folders requested
// without their slash, under a mount point or not, with random query strings and fragments (a
// request-target may carry one), go to both; status, headers but Date, and body must match.

/* eslint-disable @typescript-eslint/no-explicit-any -- one code drives both frameworks, whose types differ */

const FOLDERS = ['/sub', '//sub', '///sub', '/sub/deeper', '/sub/', '/missing', '']
const QUERIES = ['', '?', '?q=1', '?a=%zz', "?a='b'", '?<x>', '?a#b', '?caf\u00e9']
const FRAGMENTS = ['', '#', '#frag', '#a?b', "#'<>\"", '#%zz', '#caf\u00e9', '#a#b', '#%20', '#\\x', '#`^{|}']

let root = ''

function build (create: any, mount: string): any {
  const app = create()
  app.use(mount, create.static(root))
  app.use((req: any, res: any) => { res.statusCode = 299; res.end('fell through') })
  return app
}

function answer (r: RawReply): string {
  return `${r.status}\n${headerLines(r).join('\n')}\n\n${r.body.toString('latin1')}`
}

describe('static folder redirects, differential against express@4', () => {
  before(() => {
    root = fs.mkdtempSync(path.join(os.tmpdir(), 'ristretto-redirect-diff-'))
    fs.mkdirSync(path.join(root, 'sub', 'deeper'), { recursive: true })
    fs.writeFileSync(path.join(root, 'sub', 'index.html'), '<p>index</p>')
  })
  after(() => {
    fs.rmSync(root, { recursive: true, force: true })
  })

  it('keep the fragment of the request-target in Location and in the body', async () => {
    await sideBySide(build(framework, '/'), build(express, '/'), async (ours, theirs) => {
      const request = { path: '/sub?q=1#frag' }
      const [a, b] = await Promise.all([exchange(ours, request), exchange(theirs, request)])
      assert.equal(a.headers.location, '/sub/?q=1#frag')
      assert.equal(answer(a), answer(b))
    })
  })

  it('answer every folder, query and fragment with the same status, headers and body', async () => {
    await fc.assert(fc.asyncProperty(
      fc.constantFrom('/', '/static'), fc.constantFrom(...FOLDERS), fc.constantFrom(...QUERIES), fc.constantFrom(...FRAGMENTS),
      async (mount, folder, query, fragment) => {
        const target = (mount === '/' ? folder || '/' : mount + folder) + query + fragment
        await sideBySide(build(framework, mount), build(express, mount), async (ours, theirs) => {
          const [a, b] = await Promise.all([exchange(ours, { path: target }), exchange(theirs, { path: target })])
          assert.equal(answer(a), answer(b), `GET ${target} mounted at ${mount}`)
        })
      }
    ), { numRuns: 300 })
  })
})
