// Every ```js, ```mjs and ```ts block of README.md and of the pages in docs/ is a whole program, and runs as written
// (the blocks of docs/apm.md need an edition installed as `express` and the agents: apm-snippets.test.ts
// and apm-agents.test.ts run them).
//
// The convention: a block tagged `js`, `mjs` or `ts` is complete (its own requires or imports, its
// own app); text that is not meant to run uses another tag (`sh`, or none). Each block is written
// to a scratch folder whose node_modules/ristretto links to this project, as an installed package:
//   - a `js` block runs as CommonJS, or as an ES module when it has `import`/`export` statements;
//     an `mjs` block runs as an ES module;
//   - a `ts` block is type-checked as a user's strict Node16 project compiles it (as a CommonJS
//     .ts file and as an ES module .mts file), and both compiled files run.
// A block passes when its process exits with code 0. Servers a block starts listen on a free
// port (whatever port the block names) and do not keep its process alive: a preload makes every
// `listen` use port 0 and unref its server. The folder holds `key.pem` and `cert.pem` (a
// self-signed certificate) for blocks that start a TLS server.
import { describe, it, before, after } from 'node:test'
import assert from 'node:assert/strict'
import { spawnSync } from 'node:child_process'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import ts from 'typescript'
import { ROOT, ensureBuilt } from '../support/built-package'
import { selfSignedCertificate, tlsSkipReason } from '../http2/support'
import { strictNode16 } from '../support/strict-node16'
import { PAGES_RUN_APART, pageSnippets, snippetName as name, type Snippet } from './snippet-blocks'

// Loaded with --require before each block: `listen` on port 0, and the server unref'd.
const PRELOAD = `'use strict'
const net = require('node:net')
const listen = net.Server.prototype.listen
net.Server.prototype.listen = function (...args) {
  if (typeof args[0] === 'number' || (typeof args[0] === 'string' && /^\\d+$/.test(args[0]))) args[0] = 0
  else if (args[0] !== null && typeof args[0] === 'object' && 'port' in args[0]) args[0] = { ...args[0], port: 0 }
  const result = listen.apply(this, args)
  this.unref()
  return result
}
`

const ES_MODULE = /^\s*(import|export)\s/m
const TLS = /createSecureServer|https\.createServer/

/** The README, then every page of docs/ (but those run apart). */
const PAGES = ['README.md', ...fs.readdirSync(path.join(ROOT, 'docs')).filter((f) => f.endsWith('.md')).sort().map((f) => `docs/${f}`)]
  .filter((page) => !PAGES_RUN_APART.has(page))
const snippets = PAGES.flatMap((page) => pageSnippets(page, fs.readFileSync(path.join(ROOT, page), 'utf8')))
let dir = ''

/** Runs a file of the scratch folder; fails with its output unless it exits with code 0. */
function run (file: string, snippet: Snippet): void {
  const r = spawnSync(process.execPath, ['--require', path.join(dir, 'preload.cjs'), file], {
    cwd: dir,
    encoding: 'utf8',
    timeout: 20_000,
    env: { ...process.env, NODE_ENV: 'test' }
  })
  assert.equal(r.status, 0, `${snippet.page}:${snippet.line} (${snippet.heading}), run as ${path.basename(file)}: ` +
    `exit ${r.status ?? r.signal}\n${r.stdout}${r.stderr}`)
}

/** A file name for a snippet, unique across pages: `docs-plugins-138`. */
function base (snippet: Snippet): string {
  return `${snippet.page.replace(/\.md$/, '').replace(/\W+/g, '-')}-${snippet.line}`
}

describe('README and docs snippets', () => {
  before(() => {
    ensureBuilt()
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'ristretto-readme-'))
    fs.mkdirSync(path.join(dir, 'node_modules'))
    fs.symlinkSync(ROOT, path.join(dir, 'node_modules', 'ristretto'), 'junction')
    fs.symlinkSync(path.join(ROOT, 'node_modules', '@types'), path.join(dir, 'node_modules', '@types'), 'junction')
    fs.writeFileSync(path.join(dir, 'preload.cjs'), PRELOAD)
    const certificate = selfSignedCertificate()
    if (certificate) {
      fs.writeFileSync(path.join(dir, 'key.pem'), certificate.key)
      fs.writeFileSync(path.join(dir, 'cert.pem'), certificate.cert)
    }
  })

  after(() => {
    if (dir) fs.rmSync(dir, { recursive: true, force: true })
  })

  it('has js and ts blocks to run, in the README too', () => {
    assert.ok(snippets.some((s) => s.lang === 'js' && s.page === 'README.md'))
    assert.ok(snippets.some((s) => s.lang === 'ts' && s.page === 'README.md'))
  })

  for (const snippet of snippets.filter((s) => s.lang === 'js' || s.lang === 'mjs')) {
    it(`runs ${name(snippet)}`, { skip: TLS.test(snippet.code) && tlsSkipReason() }, () => {
      const file = path.join(dir, `${base(snippet)}.${snippet.lang === 'mjs' || ES_MODULE.test(snippet.code) ? 'mjs' : 'cjs'}`)
      fs.writeFileSync(file, snippet.code)
      run(file, snippet)
    })
  }

  describe('ts blocks', () => {
    const tsSnippets = snippets.filter((s) => s.lang === 'ts')
    const sources = new Map<string, Snippet>()

    before(() => {
      for (const snippet of tsSnippets) {
        for (const ext of ['ts', 'mts']) {
          const file = path.join(dir, 'src', `${base(snippet)}.${ext}`)
          fs.mkdirSync(path.dirname(file), { recursive: true })
          fs.writeFileSync(file, snippet.code)
          sources.set(file, snippet)
        }
      }
    })

    it('type-check and compile as a strict Node16 project, CommonJS and ES module', () => {
      const program = ts.createProgram([...sources.keys()], {
        ...strictNode16,
        skipLibCheck: true,
        rootDir: path.join(dir, 'src'),
        outDir: path.join(dir, 'out')
      })
      const diagnostics = [...ts.getPreEmitDiagnostics(program), ...program.emit().diagnostics]
      const messages = diagnostics.map((d) => {
        const text = ts.flattenDiagnosticMessageText(d.messageText, '\n')
        if (!d.file || d.start === undefined) return text
        const snippet = sources.get(path.resolve(d.file.fileName))
        const { line } = d.file.getLineAndCharacterOfPosition(d.start)
        return snippet
          ? `${snippet.page}:${snippet.line + line} (${path.extname(d.file.fileName)}): ${text}`
          : `${d.file.fileName}:${line + 1}: ${text}`
      })
      assert.deepEqual(messages, [])
    })

    for (const snippet of tsSnippets) {
      it(`runs ${name(snippet)}, compiled`, () => {
        for (const ext of ['js', 'mjs']) {
          const file = path.join(dir, 'out', `${base(snippet)}.${ext}`)
          assert.ok(fs.existsSync(file), `${path.basename(file)} was not emitted`)
          run(file, snippet)
        }
      })
    }
  })
})
