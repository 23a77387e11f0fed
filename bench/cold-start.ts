// `npm run bench:cold`: cold start, from just before `node` is spawned to the complete first answer
// of a one-route app (`GET /` → `Hello World!` on 127.0.0.1, port 0), for each framework in a fresh
// process, the frameworks interleaved sample by sample.
// Options: --samples N (21), --apps a,b, --no-build, --baseline DIR (adds ristretto-baseline: the
//          default preset of the built checkout DIR)
import fs from 'node:fs'
import http from 'node:http'
import os from 'node:os'
import path from 'node:path'
import { spawn } from 'node:child_process'
import { parseArgs } from 'node:util'
import { ROOT, buildPackage } from './lib/build'
import { resolvePeer } from './lib/peers'
import { fmtMs, fmtRatio, markdownTable, median, quantile } from './lib/stats'

const HOST = '127.0.0.1'
const BODY = 'Hello World!'

const COLD_APPS = ['node', 'hono', 'fastify', 'express', 'ristretto', 'ristretto-express5', 'ristretto-minimal', 'ristretto-baseline'] as const
type ColdApp = typeof COLD_APPS[number]
/** Run when asked for only. */
const OPTIONAL: ReadonlySet<ColdApp> = new Set(['ristretto-minimal', 'ristretto-baseline'])

/** What ratios are to. */
const REFERENCE: ColdApp = 'hono'

// The part every app shares: the times it reports are `performance.now()`, milliseconds since the
// process started. It prints the port once listening, and what it has loaded once its first answer
// is finished (after the parent has its measurement: the parent stops its clock at the answer's end).
const HARNESS = `
'use strict'
const started = performance.now()
function onListening (server) {
  const listening = performance.now()
  server.once('request', (req, res) => {
    res.once('finish', () => setImmediate(() => {
      const answered = performance.now()
      const { user, system } = process.cpuUsage()
      const files = Object.keys(require.cache).filter((f) => f !== __filename).length
      const builtins = process.moduleLoadList.filter((m) => m.startsWith('NativeModule ')).length
      process.stdout.write(JSON.stringify({ started, created, listening, answered, cpu: (user + system) / 1000, files, builtins }) + '\\n')
    }))
  })
  process.stdout.write(JSON.stringify({ port: server.address().port }) + '\\n')
}
`

/** The app's code between the harness and `created`: require the framework, create the app, add the route, and listen calling `onListening(server)`. */
function appCode (app: ColdApp, baseline: string | undefined): string {
  const req = (file: string): string => `require(${JSON.stringify(file)})`
  const nodeSend = `res.setHeader('Content-Type', 'text/plain'); res.end(${JSON.stringify(BODY)})`
  const send = `res.send(${JSON.stringify(BODY)})`
  const expressStyle = (file: string, handler = send): string => `
const express = ${req(file)}
const app = express()
app.get('/', (req, res) => { ${handler} })
var created = performance.now()
const server = app.listen(0, ${JSON.stringify(HOST)}, () => onListening(server))
`
  switch (app) {
    case 'node':
      return `
const http = require('node:http')
const server = http.createServer((req, res) => { ${nodeSend} })
var created = performance.now()
server.listen(0, ${JSON.stringify(HOST)}, () => onListening(server))
`
    case 'hono':
      return `
const { Hono } = ${req(resolvePeer('hono'))}
const { serve } = ${req(resolvePeer('@hono/node-server'))}
const app = new Hono()
app.get('/', (c) => c.text(${JSON.stringify(BODY)}))
var created = performance.now()
const server = serve({ fetch: app.fetch, port: 0, hostname: ${JSON.stringify(HOST)} }, () => onListening(server))
`
    case 'fastify':
      return `
const fastify = ${req(resolvePeer('fastify'))}()
fastify.get('/', (request, reply) => { reply.send(${JSON.stringify(BODY)}) })
var created = performance.now()
fastify.listen({ port: 0, host: ${JSON.stringify(HOST)} }, (err) => { if (err) throw err; onListening(fastify.server) })
`
    case 'express':
      return expressStyle(require.resolve('express', { paths: [ROOT] }))
    case 'ristretto':
      return expressStyle(path.join(ROOT, 'dist', 'presets', 'default.js'))
    case 'ristretto-express5':
      return expressStyle(path.join(ROOT, 'dist', 'presets', 'express5.js'))
    case 'ristretto-minimal':
      // The kernel alone has no res.send: node's own response API, as the bare node app.
      return expressStyle(path.join(ROOT, 'dist', 'presets', 'minimal.js'), nodeSend)
    case 'ristretto-baseline':
      if (!baseline) throw new Error('ristretto-baseline needs --baseline DIR')
      return expressStyle(path.join(baseline, 'dist', 'presets', 'default.js'))
  }
}

interface Sample {
  /** Spawn to the end of the first answer, measured by the parent. */
  total: number
  /** The child's clock: its own start to the app file's first line, to the route added, to listening, to the answer finished. */
  started: number
  created: number
  listening: number
  answered: number
  /** The child's CPU time (user and system) up to its report, milliseconds: steadier than wall time when other processes take turns on the CPUs. */
  cpu: number
  /** Files in `require.cache` (the app file aside) and node's built-in modules loaded, at the first answer. */
  files: number
  builtins: number
}

/** Sends `GET /` and resolves when the whole answer has arrived. */
function firstAnswer (port: number): Promise<void> {
  return new Promise((resolve, reject) => {
    const req = http.get({ host: HOST, port, path: '/', agent: false }, (res) => {
      let body = ''
      res.setEncoding('utf8')
      res.on('data', (chunk: string) => { body += chunk })
      res.on('end', () => {
        if (res.statusCode !== 200 || body !== BODY) reject(new Error(`unexpected answer ${res.statusCode} ${JSON.stringify(body)}`))
        else resolve()
      })
      res.on('error', reject)
    })
    req.on('error', reject)
  })
}

/** One cold start of `file` (or `node -e source`). */
function sample (args: string[]): Promise<Sample> {
  return new Promise((resolve, reject) => {
    // NODE_EXTRA_CA_CERTS makes node read and parse a certificate file before it runs anything
    // (90 ms here): a cost of the machine's setup, the same for every app, left out.
    const env: NodeJS.ProcessEnv = { ...process.env, NODE_OPTIONS: '', NODE_ENV: 'production' }
    delete env.NODE_EXTRA_CA_CERTS
    const begun = process.hrtime.bigint()
    const child = spawn(process.execPath, args, { cwd: os.tmpdir(), env, stdio: ['ignore', 'pipe', 'inherit'] })
    const exited = new Promise<void>((done) => child.once('exit', () => done()))
    let total = NaN
    let buffered = ''
    let settled = false
    const finish = (err: Error | undefined, result?: Sample): void => {
      if (settled) return
      settled = true
      clearTimeout(timer)
      child.kill('SIGKILL')
      void exited.then(() => err ? reject(err) : resolve(result!))
    }
    const fail = (err: Error): void => finish(err)
    const timer = setTimeout(() => fail(new Error(`no answer within 20 s: node ${args[0]}`)), 20_000)
    child.on('error', fail)
    child.on('exit', (code) => fail(new Error(`node ${args[0]} exited with ${code} before its report`)))
    child.stdout.setEncoding('utf8')
    child.stdout.on('data', (chunk: string) => {
      buffered += chunk
      let newline
      while ((newline = buffered.indexOf('\n')) >= 0) {
        const text = buffered.slice(0, newline)
        buffered = buffered.slice(newline + 1)
        let line: { port?: number } & Omit<Sample, 'total'>
        try {
          line = JSON.parse(text) as typeof line
        } catch {
          fail(new Error(`node ${args[0]} printed ${JSON.stringify(text)}`))
          return
        }
        if (line.port !== undefined) {
          firstAnswer(line.port).then(() => { total = Number(process.hrtime.bigint() - begun) / 1e6 }, fail)
        } else {
          // The report follows the answer's `finish` in the child; the parent may read it before its
          // own `end` event has run: wait for that.
          const done = (): void => {
            if (settled) return
            if (Number.isNaN(total)) setImmediate(done)
            else finish(undefined, { ...line, total })
          }
          done()
        }
      }
    })
  })
}

function options (): { samples: number, apps: ColdApp[], build: boolean, baseline: string | undefined } {
  const { values } = parseArgs({
    options: {
      samples: { type: 'string' },
      apps: { type: 'string' },
      'no-build': { type: 'boolean', default: false },
      baseline: { type: 'string' }
    }
  })
  const baseline = values.baseline === undefined ? undefined : path.resolve(values.baseline)
  if (baseline && !fs.existsSync(path.join(baseline, 'dist', 'presets', 'default.js'))) {
    throw new Error(`--baseline ${baseline}: no dist/presets/default.js there (run npm run build in it)`)
  }
  let apps = COLD_APPS.filter((a) => !OPTIONAL.has(a))
  if (values.apps) {
    const wanted = values.apps.split(',')
    for (const w of wanted) if (!(COLD_APPS as readonly string[]).includes(w)) throw new Error(`unknown app ${w}: one of ${COLD_APPS.join(', ')}`)
    apps = COLD_APPS.filter((a) => wanted.includes(a))
  }
  if (baseline && !apps.includes('ristretto-baseline')) apps = COLD_APPS.filter((a) => a === 'ristretto-baseline' || apps.includes(a))
  const samples = Number(values.samples ?? 21)
  if (!Number.isInteger(samples) || samples < 1) throw new Error(`--samples ${values.samples}: a whole number of samples, at least 1`)
  return { samples, apps, build: values['no-build'] !== true, baseline }
}

async function main (): Promise<void> {
  const opts = options()
  if (opts.build) {
    process.stderr.write('building the package...\n')
    buildPackage()
  }
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'ristretto-cold-'))
  const args = new Map<ColdApp, string[]>()
  for (const app of opts.apps) {
    const source = HARNESS + appCode(app, opts.baseline)
    if (app === 'node') {
      args.set(app, ['-e', source])
    } else {
      const file = path.join(dir, `${app}.js`)
      fs.writeFileSync(file, source)
      args.set(app, [file])
    }
  }
  const samples = new Map<ColdApp, Sample[]>(opts.apps.map((a) => [a, []]))
  try {
    // One round unmeasured (files into the page cache), then the rounds, each app once per round,
    // the order rotated each round.
    for (let round = -1; round < opts.samples; round++) {
      const order = opts.apps.map((_, i) => opts.apps[(i + Math.max(round, 0)) % opts.apps.length])
      for (const app of order) {
        const s = await sample(args.get(app)!)
        if (round >= 0) samples.get(app)!.push(s)
      }
      if (round >= 0) process.stderr.write(`\rsample ${round + 1}/${opts.samples}`)
    }
    process.stderr.write('\n')
  } finally {
    fs.rmSync(dir, { recursive: true, force: true })
  }

  const reference = samples.get(REFERENCE)
  const referenceMedian = reference ? median(reference.map((s) => s.total)) : NaN
  const nodeSamples = samples.get('node')
  const rows = opts.apps.map((app) => {
    const list = samples.get(app)!
    const totals = list.map((s) => s.total)
    // The framework's own share: each sample against the bare node sample of the same round.
    const overNode = nodeSamples ? list.map((s, i) => s.total - nodeSamples[i].total) : []
    const last = list[list.length - 1]
    return [
      app,
      fmtMs(median(totals)),
      fmtMs(quantile(totals, 0.25)),
      fmtMs(quantile(totals, 0.75)),
      fmtRatio(median(totals) / referenceMedian),
      app === 'node' || !nodeSamples ? '-' : fmtMs(median(overNode)),
      fmtMs(median(list.map((s) => s.started))),
      fmtMs(median(list.map((s) => s.created - s.started))),
      fmtMs(median(list.map((s) => s.listening - s.created))),
      fmtMs(median(list.map((s) => s.cpu))),
      String(last.files),
      String(last.builtins)
    ]
  })
  const table = markdownTable([
    'app', 'first answer ms (median)', 'p25', 'p75', `vs ${REFERENCE}`, 'over node alone',
    'node start', 'require + create', 'listen', 'CPU ms', 'files loaded', 'node builtins'
  ], rows)
  const header = `node ${process.version}, ${os.cpus().length} CPUs, ${opts.samples} samples per app interleaved; ${new Date().toISOString()}`
  const text = [header, '', table, ''].join('\n')
  process.stdout.write('\n' + text)
  const out = path.join(ROOT, 'bench', 'results')
  fs.mkdirSync(out, { recursive: true })
  fs.writeFileSync(path.join(out, 'cold-start.md'), text)
  fs.writeFileSync(path.join(out, 'cold-start.json'), JSON.stringify(Object.fromEntries(samples), null, 1))
}

main().catch((err) => {
  console.error(err)
  process.exitCode = 1
})
