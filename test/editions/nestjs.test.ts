// A NestJS 12 application (test/fixtures/nestjs) installed as Nest users install it, with a plain
// `npm install`, in two projects: one with express 5.3.0 (the version @nestjs/platform-express
// pins; the app imports it too), one with the Express 5 edition in place of every `express` of
// the tree (`express` a dependency of the project, `"overrides": { "express": "$express" }`).
// Each compiles the app with the project's own TypeScript and serves it (serve.mjs) to the same
// requests; what Nest prints while starting and every response (status, headers as sent, body
// bytes) must be the same.
import { describe, it, before, after } from 'node:test'
import assert from 'node:assert/strict'
import fs from 'node:fs'
import path from 'node:path'
import { ROOT } from '../support/built-package'
import { packAll, scratchProject, type Packed, type Scratch, type RunResult } from './support'

const FIXTURE = path.join(ROOT, 'test', 'fixtures', 'nestjs')
const TSC = require.resolve('typescript/bin/tsc')

const DEPENDENCIES = {
  '@nestjs/common': '^12.0.0',
  '@nestjs/core': '^12.0.0',
  '@nestjs/platform-express': '^12.0.0',
  'reflect-metadata': '^0.2.2',
  rxjs: '^7.8.2'
}
const DEV_DEPENDENCIES = { '@types/express': '^5.0.6', '@types/node': '^20.19.0' }

/** A request of serve.mjs; `app: 'strict'` is the app with strict, case sensitive routing. */
interface NestRequest {
  app?: 'strict'
  method?: string
  path: string
  headers?: Record<string, string>
  body?: string
  /** multipart/form-data fields; a file as its content, type and name. */
  form?: Record<string, string | { content: string, type: string, filename: string }>
  /** Sends the ETag of the previous response as If-None-Match. */
  ifNoneMatchPrevious?: boolean
}

const json = { 'content-type': 'application/json' }
const REQUESTS: NestRequest[] = [
  // @Param, @Query (with the "extended" query parser set through app.set), a Nest middleware
  { path: '/api/items/1?verbose=1&tags[]=x&tags[]=y&f[a]=b' },
  { path: '/api/items?limit=5', headers: { origin: 'http://example.com' } },
  { path: '/api/items?limit=5', ifNoneMatchPrevious: true },
  // @Body: json, a malformed one, urlencoded, text (app.useBodyParser), a type nothing parses
  { method: 'POST', path: '/api/items', body: '{"name":"second","tags":["b"]}', headers: json },
  { method: 'POST', path: '/api/items', body: '{"name":', headers: json },
  { method: 'POST', path: '/api/form', body: 'a[b]=1&a[c]=2&d=x%20y', headers: { 'content-type': 'application/x-www-form-urlencoded' } },
  { method: 'POST', path: '/api/form', body: 'just text', headers: { 'content-type': 'text/plain' } },
  { method: 'POST', path: '/api/form', body: '<x/>', headers: { 'content-type': 'application/xml' } },
  // rawBody: true (the json parser's verify), FileInterceptor (multer)
  { method: 'POST', path: '/api/webhook', body: '{"event":"paid"}', headers: json },
  { method: 'POST', path: '/api/upload', form: { note: 'hi', file: { content: 'file body', type: 'text/plain', filename: 'notes.txt' } } },
  // HttpException (404, 400, 410), a plain Error (500), an exception filter, encoded params
  { path: '/api/items/99' },
  { path: '/api/items/caf%C3%A9%2Fx' },
  { path: '/api/items/%E0%A4%A' },
  { method: 'DELETE', path: '/api/items/1' },
  { method: 'DELETE', path: '/api/items/1' },
  { path: '/api/bad' },
  { path: '/api/crash' },
  { path: '/api/forbidden' },
  // @Req and @Headers (trust proxy), @Res with a cookie, passthrough, res.sendFile
  { path: '/api/whoami?x=1', headers: { 'x-token': 't0k', accept: 'application/json', 'x-requested-with': 'XMLHttpRequest', 'x-forwarded-for': '203.0.113.7', 'x-forwarded-proto': 'https' } },
  { path: '/api/cookie' },
  { path: '/api/passthrough' },
  { path: '/api/file' },
  // @Redirect, fixed and from the handler, as a script and as a browser asks
  { path: '/api/old' },
  { path: '/api/old', headers: { accept: 'text/html' } },
  { path: '/api/docs?version=9' },
  // a string, HEAD, a view (@Render), a StreamableFile, server-sent events
  { path: '/api/hello' },
  { method: 'HEAD', path: '/api/hello' },
  { path: '/api/page' },
  { path: '/api/download' },
  { path: '/api/events' },
  // useStaticAssets: a file, a conditional GET, a range, the folder without its slash
  { path: '/static/hello.txt' },
  { path: '/static/hello.txt', ifNoneMatchPrevious: true },
  { path: '/static/hello.txt', headers: { range: 'bytes=6-9' } },
  { path: '/static' },
  // enableCors: a preflight; routing: case and trailing slash, unknown routes and methods
  { method: 'OPTIONS', path: '/api/items', headers: { origin: 'http://example.com', 'access-control-request-method': 'POST', 'access-control-request-headers': 'content-type' } },
  { path: '/API/items/' },
  { method: 'PUT', path: '/api/items' },
  { path: '/api/nope' },
  { path: '/elsewhere' },
  // On an Express app made by the user (ExpressAdapter): strict, case sensitive routing
  { app: 'strict', path: '/health' },
  { app: 'strict', path: '/api/items/' },
  { app: 'strict', path: '/api/items' },
  { app: 'strict', path: '/API/items' },
  { app: 'strict', path: '/api/hello/' }
]

/** What serve.mjs printed before its requests (per stream) and on stderr while serving them; its responses. */
interface Served { startup: { stdout: string, stderr: string }, servingErr: string, responses: unknown[] }

/** The lines of Nest's logger in `text`, without their pid, date and time, nor the time since the previous line. */
function logLines (text: string): string[] {
  return text.split('\n').filter((line) => line.startsWith('[Nest] '))
    .map((line) => line.replace(/^\[Nest\] \d+ +- .*? +(?=(?:LOG|ERROR|WARN|DEBUG|VERBOSE|FATAL) \[)/, '').replace(/ \+\d+ms$/, ''))
}

/** `output` of serve.mjs before and after its `--- requests` line. */
function split (output: string): [string, string] {
  const at = output.indexOf('--- requests\n')
  assert.notEqual(at, -1, `serve.mjs did not reach its requests:\n${output}`)
  return [output.slice(0, at), output.slice(at + '--- requests\n'.length)]
}

describe('a NestJS 12 app on the Express 5 edition', () => {
  let packed: Packed
  let reference: Scratch
  let edition: Scratch
  const installed = new Map<Scratch, RunResult>()
  const served = new Map<Scratch, Served>()

  /** Installs Nest and `manifest`'s packages in `project`, compiles the app there and serves it. */
  async function prepare (project: Scratch, manifest: object): Promise<void> {
    project.write('package.json', JSON.stringify(manifest, null, 2) + '\n')
    const install = await project.npmAsync('install')
    installed.set(project, install)
    assert.equal(install.status, 0, `npm install failed in ${project.dir}:\n${install.stderr}`)
    fs.cpSync(FIXTURE, project.dir, { recursive: true })
    // serve-static's ETag and Last-Modified come from the file's size and mtime.
    const fixed = new Date(Date.UTC(2024, 0, 1))
    fs.utimesSync(path.join(project.dir, 'public', 'hello.txt'), fixed, fixed)
    project.write('requests.json', JSON.stringify(REQUESTS))
    const compiled = await project.nodeAsync(TSC, '-p', '.')
    assert.equal(compiled.status, 0, `tsc failed in ${project.dir}:\n${compiled.stdout}${compiled.stderr}`)
    const run = await project.nodeAsync('serve.mjs')
    assert.equal(run.status, 0, `serve.mjs failed in ${project.dir}:\n${run.stdout}${run.stderr}`)
    const [startupOut] = split(run.stdout)
    const [startupErr, servingErr] = split(run.stderr)
    const responses = fs.readFileSync(path.join(project.dir, 'responses.jsonl'), 'utf8').trim().split('\n').map((line) => JSON.parse(line) as unknown)
    served.set(project, { startup: { stdout: startupOut, stderr: startupErr }, servingErr, responses })
  }

  before(async () => {
    packed = packAll()
    reference = scratchProject('nest-express')
    edition = scratchProject('nest-edition')
    const base = { name: 'nest-app', version: '1.0.0', private: true, type: 'module' }
    await Promise.all([
      prepare(reference, { ...base, dependencies: { ...DEPENDENCIES, express: '5.3.0' }, devDependencies: DEV_DEPENDENCIES }),
      prepare(edition, {
        ...base,
        dependencies: { ...DEPENDENCIES, express: `file:${packed.edition(5)}` },
        devDependencies: DEV_DEPENDENCIES,
        overrides: { express: '$express' }
      })
    ])
  })
  after(() => {
    packed?.remove()
    reference?.remove()
    edition?.remove()
  })

  it('installs beside Nest with a plain npm install (no --legacy-peer-deps)', () => {
    for (const project of [reference, edition]) {
      assert.equal(project.npm('config', 'get', 'legacy-peer-deps').stdout.trim(), 'false')
      assert.doesNotMatch(installed.get(project)?.stderr ?? '', /ERESOLVE|peer dep/i)
    }
  })

  it('is the one express of the tree, the one @nestjs/platform-express loads', () => {
    const listed = edition.npm('ls', 'express', '--all')
    assert.equal(listed.status, 0, `${listed.stdout}${listed.stderr}`)
    assert.doesNotMatch(listed.stdout, /invalid|UNMET/)
    const copies = edition.npm('ls', 'express', '--all', '--parseable').stdout.trim().split('\n')
    assert.deepEqual(copies, [path.join(fs.realpathSync(edition.dir), 'node_modules', 'express')])
    const loaded = edition.node('-p', `
      const { createRequire } = require('node:module')
      const fromNest = createRequire(require.resolve('@nestjs/platform-express/package.json'))
      const main = fromNest.resolve('express')
      JSON.stringify([main === require.resolve('express'), fromNest('express/package.json').name, fromNest('express/package.json').version])
    `)
    assert.deepEqual(JSON.parse(loaded), [true, 'ristretto-express', '5.3.0'])
    assert.equal(JSON.parse(reference.node('-p', "JSON.stringify(require('express/package.json').name)")), 'express')
  })

  it('starts Nest without an error or a warning, printing what it prints on Express', () => {
    const [ref, ed] = [served.get(reference), served.get(edition)]
    assert.ok(ref && ed)
    for (const { startup } of [ref, ed]) {
      assert.equal(startup.stderr, '')
      assert.doesNotMatch(startup.stdout, /\b(ERROR|WARN)\b/)
      assert.equal(logLines(startup.stdout).filter((line) => line.includes('Nest application successfully started')).length, 2)
    }
    assert.deepEqual(logLines(ed.startup.stdout), logLines(ref.startup.stdout))
    // While serving, only the handler's plain Error is logged (500), the same way.
    const errors = (s: Served): string[] => logLines(s.servingErr)
    assert.deepEqual(errors(ref), ['ERROR [ExceptionsHandler] Error: kaboom'])
    assert.deepEqual(errors(ed), errors(ref))
  })

  it('answers every request as on Express 5.3.0: status, headers as sent, body bytes', () => {
    const [ref, ed] = [served.get(reference), served.get(edition)]
    assert.ok(ref && ed)
    assert.equal(ref.responses.length, REQUESTS.length)
    assert.equal(ed.responses.length, REQUESTS.length)
    const differing = REQUESTS.flatMap((_, i) => JSON.stringify(ed.responses[i]) === JSON.stringify(ref.responses[i]) ? [] : [i])
    assert.deepEqual(differing.map((i) => ed.responses[i]), differing.map((i) => ref.responses[i]))
  })
})
