// docs/apm.md's OpenTelemetry set-ups run as written, and give the spans the page promises. The
// block for the editions (it requires `express`) runs on each edition installed as `express` and on
// the real Express of its line; the block for `ristretto` under its own name runs on Ristretto.
// Each runs in a folder under the project's node_modules (so OpenTelemetry's packages, dev
// dependencies of the project, resolve as a user's installed ones), with a preload that makes
// `listen` use a free port, sends GET /users/42 once the app listens, closes the server after the
// answer, and records in process what the block's ConsoleSpanExporter is given, instead of
// printing it. The spans of an edition are those of the Express of its line; Ristretto's with the
// opentelemetry plugin are Express 4's.
import { describe, it, before, after } from 'node:test'
import assert from 'node:assert/strict'
import { spawnSync } from 'node:child_process'
import fs from 'node:fs'
import path from 'node:path'
import { ROOT, ensureBuilt } from '../support/built-package'
import { prepareForms, type Form, type Forms } from '../observability/forms'
import { pageSnippets, snippetName, type Snippet } from './snippet-blocks'

const PAGE = 'docs/apm.md'
/** The request the preload sends, to the route both blocks define. */
const REQUEST = '/users/42'
const ROUTE = '/users/:id'

// `listen` on a free port; one request once listening, then the server closes. The exporter the
// block makes keeps the spans it is given; they are printed as one JSON line as the process exits.
const PRELOAD = `'use strict'
const http = require('node:http')
const net = require('node:net')
const sdk = require(require.resolve('@opentelemetry/sdk-trace-node', { paths: [process.cwd()] }))
const spans = []
sdk.ConsoleSpanExporter.prototype.export = function (batch, done) {
  for (const span of batch) {
    spans.push({ name: span.name, kind: span.kind, route: span.attributes['http.route'] ?? null, type: span.attributes['express.type'] ?? null })
  }
  done({ code: 0 })
}
process.on('exit', () => { process.stdout.write('SPANS ' + JSON.stringify(spans) + '\\n') })
const listen = net.Server.prototype.listen
net.Server.prototype.listen = function (...args) {
  if (typeof args[0] === 'number' || (typeof args[0] === 'string' && /^\\d+$/.test(args[0]))) args[0] = 0
  this.once('listening', () => {
    http.get({ host: '127.0.0.1', port: this.address().port, path: ${JSON.stringify(REQUEST)}, agent: false }, (res) => {
      res.resume()
      res.on('end', () => this.close())
    })
  })
  return listen.apply(this, args)
}
`

/** A span as compared: what it is, not when or where. */
interface SpanShape { name: string, kind: number, route: string | null, type: string | null }

const snippets = pageSnippets(PAGE, fs.readFileSync(path.join(ROOT, PAGE), 'utf8')).filter((s) => s.lang === 'js')
const forEditions = snippets.filter((s) => /require\('express'\)/.test(s.code))
const forRistretto = snippets.filter((s) => /require\('ristretto/.test(s.code))

describe(`${PAGE}: the OpenTelemetry set-ups`, () => {
  let forms: Forms

  before(() => {
    ensureBuilt()
    forms = prepareForms()
    forms.write('preload.cjs', PRELOAD)
    // Ristretto's folder gets it installed, as a user's project has it.
    const own = forms.get('ristretto')
    fs.mkdirSync(path.join(own.dir, 'node_modules'), { recursive: true })
    fs.symlinkSync(ROOT, path.join(own.dir, 'node_modules', 'ristretto'), 'junction')
  })

  after(() => { forms?.remove() })

  /** Runs `snippet` in `form`'s folder; the spans its exporter was given, sorted. */
  function spans (snippet: Snippet, form: Form): SpanShape[] {
    const file = path.join(form.dir, `apm-${snippet.line}.cjs`)
    fs.writeFileSync(file, snippet.code)
    const r = spawnSync(process.execPath, ['--require', './preload.cjs', file], { cwd: form.dir, encoding: 'utf8', timeout: 30_000 })
    assert.equal(r.status, 0, `${snippetName(snippet)} on ${form.name}: exit ${r.status ?? r.signal}\n${r.stdout}${r.stderr}`)
    const line = r.stdout.split('\n').find((l) => l.startsWith('SPANS '))
    assert.ok(line, `${snippetName(snippet)} on ${form.name} recorded nothing:\n${r.stdout}${r.stderr}`)
    const recorded = JSON.parse(line.slice('SPANS '.length)) as SpanShape[]
    return recorded.sort((a, b) => a.name < b.name ? -1 : a.name > b.name ? 1 : a.kind - b.kind)
  }

  /** The page's promise: a server span named by route, and the route handler's span. */
  function assertRouteSpans (recorded: SpanShape[], where: string): void {
    const list = `, in ${JSON.stringify(recorded)}`
    assert.ok(recorded.some((s) => s.kind === 1 && s.name === `GET ${ROUTE}` && s.route === ROUTE), `${where}: the server span GET ${ROUTE}${list}`)
    assert.ok(recorded.some((s) => s.type === 'request_handler' && s.route === ROUTE), `${where}: the route handler's span${list}`)
  }

  it('has one block for the editions and one for ristretto, both on the route the test requests', () => {
    assert.equal(forEditions.length, 1, 'one block requires express')
    assert.equal(forRistretto.length, 1, 'one block requires ristretto')
    for (const snippet of snippets) assert.ok(snippet.code.includes(`'${ROUTE}'`), `${snippetName(snippet)} defines ${ROUTE}`)
  })

  for (const snippet of forEditions) {
    for (const major of [4, 5] as const) {
      it(`runs ${snippetName(snippet)} on edition ${major}: the spans of express@${major}`, () => {
        const edition = spans(snippet, forms.get(`edition ${major}`))
        assertRouteSpans(edition, `edition ${major}`)
        assert.deepEqual(edition, spans(snippet, forms.get(`express@${major}`)))
      })
    }
  }

  for (const snippet of forRistretto) {
    it(`runs ${snippetName(snippet)} on ristretto: the spans of express@4 with the block for the editions`, () => {
      const own = spans(snippet, forms.get('ristretto'))
      assertRouteSpans(own, 'ristretto')
      assert.deepEqual(own, spans(forEditions[0], forms.get('express@4')))
    })
  }
})
