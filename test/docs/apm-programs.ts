// docs/apm.md's set-ups as its tests run them. Each is a program: a ```js block (one CommonJS
// file), or consecutive ```mjs blocks that name their files on their first line, the last naming
// the command that runs them (`// app.mjs: node --import ./instrument.mjs app.mjs`). A program
// runs as written, in a folder of its own inside a form's folder (test/observability/forms.ts: an
// edition or Express installed as `express`, or Ristretto's folder), with a preload that makes
// `listen` use a free port and tells the test that port; the test sends the requests (so they are
// not traced by the agent under test) and then has the server closed, and the program ends.
import assert from 'node:assert/strict'
import { spawn } from 'node:child_process'
import fs from 'node:fs'
import http from 'node:http'
import path from 'node:path'
import { ROOT } from '../support/built-package'
import { prepareForms, type Form, type Forms } from '../observability/forms'
import { pageSnippets, snippetName } from './snippet-blocks'

export const PAGE = 'docs/apm.md'

export type Agent = 'opentelemetry' | 'sentry' | 'datadog'

export interface Program {
  /** Where the page shows it: its first block, `docs/apm.md:40 (heading)`. */
  name: string
  /** Line of its first block in the page. */
  line: number
  agent: Agent
  /** The framework it loads: `express` (an edition or Express), or `ristretto` by its own name. */
  framework: 'express' | 'ristretto'
  module: 'commonjs' | 'esm'
  /** Its files, by name. */
  files: Map<string, string>
  /** node's arguments, as the page runs it (without `node`). */
  args: string[]
  /** The paths of the routes it defines (`app.get('/users/:id', …)`). */
  routes: string[]
}

/** What the test requests for each route a program defines. */
export const REQUESTS: Readonly<Record<string, string>> = { '/users/:id': '/users/42', '/boom': '/boom' }

function agentOf (code: string): Agent {
  if (code.includes("'@sentry/node'")) return 'sentry'
  if (code.includes("'dd-trace'")) return 'datadog'
  assert.match(code, /'@opentelemetry\/sdk-trace-node'/, 'a set-up of an agent the tests know')
  return 'opentelemetry'
}

function frameworkOf (code: string): Program['framework'] {
  const express = /(?:require\(|from )'express'/.test(code)
  const ristretto = /(?:require\(|from )'ristretto[/']/.test(code)
  assert.ok(express !== ristretto, 'loads either express or ristretto')
  return express ? 'express' : 'ristretto'
}

/** The page's programs, in order. */
export function pagePrograms (): Program[] {
  const snippets = pageSnippets(PAGE, fs.readFileSync(path.join(ROOT, PAGE), 'utf8')).filter((s) => s.lang === 'js' || s.lang === 'mjs')
  const programs: Program[] = []
  const make = (first: typeof snippets[number], files: Map<string, string>, args: string[]): Program => {
    const code = [...files.values()].join('\n')
    return {
      name: snippetName(first),
      line: first.line,
      agent: agentOf(code),
      framework: frameworkOf(code),
      module: first.lang === 'mjs' ? 'esm' : 'commonjs',
      files,
      args,
      routes: [...code.matchAll(/app\.get\('([^']+)'/g)].map((m) => m[1]!)
    }
  }
  for (let i = 0; i < snippets.length; i++) {
    const first = snippets[i]!
    if (first.lang === 'js') {
      programs.push(make(first, new Map([['app.cjs', first.code]]), ['app.cjs']))
      continue
    }
    // ES module files, up to the one that names the command.
    const files = new Map<string, string>()
    for (;;) {
      const snippet = snippets[i]
      assert.ok(snippet?.lang === 'mjs' && snippet.file, `${snippetName(first)}: an mjs block names its file, and the last the command`)
      files.set(snippet.file, snippet.code)
      const command = new RegExp(`^// ${snippet.file.replace('.', '\\.')}: (node .*)$`, 'm').exec(snippet.code)?.[1]
      if (command) {
        programs.push(make(first, files, command.split(/\s+/).slice(1)))
        break
      }
      i++
    }
  }
  return programs
}

/** `listen` on a free port; the port sent to the test, and the server closed when the test says. */
const LISTEN_PRELOAD = `'use strict'
const net = require('node:net')
const listen = net.Server.prototype.listen
net.Server.prototype.listen = function (...args) {
  if (typeof args[0] === 'number' || (typeof args[0] === 'string' && /^\\d+$/.test(args[0]))) args[0] = 0
  this.once('listening', () => {
    process.once('message', () => {
      this.close()
      process.disconnect()
    })
    process.send({ port: this.address().port })
  })
  return listen.apply(this, args)
}
`

/**
 * The spans the program's ConsoleSpanExporter is given, kept rather than printed; printed as one
 * JSON line, `SPANS […]`, as the process exits.
 */
const SPANS_PRELOAD = `'use strict'
const sdk = require(require.resolve('@opentelemetry/sdk-trace-node', { paths: [process.cwd()] }))
const spans = []
sdk.ConsoleSpanExporter.prototype.export = function (batch, done) {
  for (const span of batch) {
    spans.push({ name: span.name, kind: span.kind, route: span.attributes['http.route'] ?? null, type: span.attributes['express.type'] ?? null })
  }
  done({ code: 0 })
}
process.on('exit', () => { process.stdout.write('SPANS ' + JSON.stringify(spans) + '\\n') })
`

export const PRELOADS = { listen: 'apm-listen.cjs', spans: 'apm-spans.cjs' } as const

/** The forms, with the preloads in each folder and `ristretto` installed in Ristretto's. */
export function prepareApmForms (): Forms {
  const forms = prepareForms()
  forms.write(PRELOADS.listen, LISTEN_PRELOAD)
  forms.write(PRELOADS.spans, SPANS_PRELOAD)
  const own = forms.get('ristretto')
  fs.mkdirSync(path.join(own.dir, 'node_modules'), { recursive: true })
  fs.symlinkSync(ROOT, path.join(own.dir, 'node_modules', 'ristretto'), 'junction')
  return forms
}

/** The environment of a program: the test's, without any agent's settings, and `extra`. */
export function programEnv (extra: NodeJS.ProcessEnv = {}): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = {}
  for (const [key, value] of Object.entries(process.env)) {
    if (!/^(DD_|OTEL_|SENTRY_)/.test(key) && key !== 'NODE_OPTIONS') env[key] = value
  }
  return { ...env, ...extra }
}

export interface Ran {
  stdout: string
  stderr: string
  /** Each request the test sent: path, status and body. */
  responses: Array<{ path: string, status: number, body: string }>
}

export interface RunOptions {
  /** The preloads (names of PRELOADS) besides `listen`. */
  preloads?: Array<keyof typeof PRELOADS>
  env?: NodeJS.ProcessEnv
  /** A changed program (the page's without one line, say), named for its folder and messages. */
  variant?: { name: string, files: Map<string, string> }
}

function get (port: number, requestPath: string): Promise<{ path: string, status: number, body: string }> {
  return new Promise((resolve, reject) => {
    http.get({ host: '127.0.0.1', port, path: requestPath, agent: false }, (res) => {
      let body = ''
      res.setEncoding('utf8').on('data', (chunk: string) => { body += chunk })
      res.on('end', () => resolve({ path: requestPath, status: res.statusCode ?? 0, body }))
    }).on('error', reject)
  })
}

/**
 * Runs `program` in `form`'s folder: writes its files to a folder of its own there, starts it,
 * sends the request of each of its routes once it listens, one after the other, has the server
 * closed, and resolves once the process has ended with code 0 (rejects otherwise, with its output).
 */
export function runProgram (program: Program, form: Form, options: RunOptions = {}): Promise<Ran> {
  const label = `${program.name}${options.variant ? ` (${options.variant.name})` : ''} on ${form.name}`
  const dir = path.join(form.dir, `${program.agent}-${program.line}${options.variant ? `-${options.variant.name.replace(/\W+/g, '-')}` : ''}`)
  fs.mkdirSync(dir, { recursive: true })
  for (const [file, code] of options.variant?.files ?? program.files) fs.writeFileSync(path.join(dir, file), code)
  const preloads = ['listen' as const, ...options.preloads ?? []].flatMap((name) => ['--require', path.join(form.dir, PRELOADS[name])])
  const paths = program.routes.map((route) => {
    const requestPath = REQUESTS[route]
    assert.ok(requestPath, `${label}: a request for route ${route}`)
    return requestPath
  })
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [...preloads, ...program.args], { cwd: dir, env: options.env ?? programEnv(), stdio: ['ignore', 'pipe', 'pipe', 'ipc'] })
    let stdout = ''
    let stderr = ''
    const responses: Ran['responses'] = []
    let failure: unknown
    child.stdout!.setEncoding('utf8').on('data', (chunk: string) => { stdout += chunk })
    child.stderr!.setEncoding('utf8').on('data', (chunk: string) => { stderr += chunk })
    child.once('message', (message: { port: number }) => {
      void (async () => {
        try {
          for (const requestPath of paths) responses.push(await get(message.port, requestPath))
        } catch (err) {
          failure = err
        }
        if (child.connected) child.send('close')
      })()
    })
    const timer = setTimeout(() => child.kill(), 90_000)
    child.on('error', reject)
    child.on('close', (code, signal) => {
      clearTimeout(timer)
      if (code !== 0 || failure !== undefined || responses.length !== paths.length) {
        reject(new Error(`${label}: exit ${code ?? signal}, ${responses.length} of ${paths.length} answers${failure ? ` (${String(failure)})` : ''}\n${stdout}${stderr}`))
      } else {
        resolve({ stdout, stderr, responses })
      }
    })
  })
}

/** Runs tasks `concurrency` at a time (the machine's cores; each run waits on its sockets too). */
export function limiter (concurrency: number): <T>(task: () => Promise<T>) => Promise<T> {
  let running = 0
  const waiting: Array<() => void> = []
  return async <T>(task: () => Promise<T>): Promise<T> => {
    if (running >= concurrency) await new Promise<void>((resolve) => waiting.push(resolve))
    running++
    try {
      return await task()
    } finally {
      running--
      waiting.shift()?.()
    }
  }
}

/** A program's files with `line` (a whole line, which must be there) removed from `file`. */
export function without (program: Program, file: string, line: RegExp): Map<string, string> {
  const code = program.files.get(file)
  assert.ok(code !== undefined, `${program.name}: has ${file}`)
  const lines = code.split('\n')
  const kept = lines.filter((l) => !line.test(l))
  assert.equal(kept.length, lines.length - 1, `${program.name}: ${file} has one line ${line}`)
  return new Map([...program.files, [file, kept.join('\n')]])
}

/** A program's files with `from` (which must be there) replaced by `to` in `file`. */
export function replaced (program: Program, file: string, from: string, to: string): Map<string, string> {
  const code = program.files.get(file) ?? ''
  assert.ok(code.includes(from), `${program.name}: ${file} has ${from}`)
  return new Map([...program.files, [file, code.replace(from, to)]])
}
