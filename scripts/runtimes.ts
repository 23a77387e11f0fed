// Runs the tests on the runtimes Ristretto supports besides the machine's node:
//
//   npm run test:runtimes [-- RUNTIME ...] [--suites DIR]
//
// RUNTIME is node22, node24, node26, bun or deno (default: all five). The runtimes are the
// registry packages of test/runtimes/package.json, installed there on first use (and again when
// its lock changes).
// - node22, node24, node26: the whole suite (test/run.mjs), as `npm test` runs it on the machine's node.
// - bun, deno: the examples' acceptance tests and the differential tests (test files under
//   test/examples/ and those named *differential*), each file run by the runtime's own test
//   runner through test/runtimes/entry.test.cjs; the differential tests compare Ristretto with
//   the real express, body-parser and morgan on that same runtime. Then, when the reference
//   suites are set up (--suites, default $TMPDIR/ristretto-compat/suites: docs/compatibility.md),
//   each suite against Ristretto and against the real package on that runtime (scripts/compat.mjs):
//   a test that fails with Ristretto and passes with the real package counts as failed.
// Prints a table, then `runtimes: N passed, N failed`; exits with 1 when anything failed.
import { spawn } from 'node:child_process'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { parseArgs } from 'node:util'
import { isolatedPackages } from '../bench/lib/isolated-packages'

const ROOT = path.resolve(__dirname, '..')
const RUNTIMES_DIR = path.join(ROOT, 'test', 'runtimes')
const ENTRY = path.join(RUNTIMES_DIR, 'entry.test.cjs')
/** A test file that runs longer is stopped, and counts as failed. */
const FILE_TIMEOUT_MS = 5 * 60_000
/** A whole-suite or reference-suite run that runs longer is stopped. */
const RUN_TIMEOUT_MS = 30 * 60_000
/** Test files run at once on Bun and Deno. */
const CONCURRENCY = Math.max(2, os.availableParallelism())

type Kind = 'node' | 'bun' | 'deno'

interface Runtime {
  readonly name: string
  readonly kind: Kind
  /** Its executable, inside its package of test/runtimes. */
  readonly bin: (modules: string) => string
}

const RUNTIMES: readonly Runtime[] = [
  { name: 'node22', kind: 'node', bin: (m) => path.join(m, 'node-22', 'bin', 'node') },
  { name: 'node24', kind: 'node', bin: (m) => path.join(m, 'node-24', 'bin', 'node') },
  { name: 'node26', kind: 'node', bin: (m) => path.join(m, 'node-26', 'bin', 'node') },
  { name: 'bun', kind: 'bun', bin: (m) => path.join(m, 'bun', 'bin', 'bun.exe') },
  { name: 'deno', kind: 'deno', bin: (m) => path.join(m, 'deno', 'deno') }
]

/** The outcome of one part of the matrix (a suite on a runtime). */
interface Row {
  runtime: string
  version: string
  part: string
  passed: number
  failed: number
  skipped: number
  /** What failed, one line each. */
  failures: string[]
  seconds: number
}

interface Finished { code: number | null, output: string, seconds: number }

/** Runs a command to its end (or `timeout`), with its output in `log`; resolves with its exit code and output. */
function run (command: string, args: readonly string[], options: { env?: NodeJS.ProcessEnv, log: string, timeout: number, cwd?: string }): Promise<Finished> {
  const started = Date.now()
  return new Promise((resolve, reject) => {
    const out = fs.openSync(options.log, 'w')
    const child = spawn(command, args, { cwd: options.cwd ?? ROOT, env: options.env ?? process.env, stdio: ['ignore', out, out], detached: true })
    const timer = setTimeout(() => {
      try { process.kill(-child.pid!, 'SIGKILL') } catch { child.kill('SIGKILL') }
    }, options.timeout)
    child.on('error', reject)
    child.on('close', (code) => {
      clearTimeout(timer)
      fs.closeSync(out)
      resolve({ code, output: fs.readFileSync(options.log, 'utf8'), seconds: (Date.now() - started) / 1000 })
    })
  })
}

/** The runtime's version, as it prints it. */
function versionOf (runtime: Runtime, bin: string): Promise<string> {
  return new Promise((resolve) => {
    const child = spawn(bin, ['--version'], { stdio: ['ignore', 'pipe', 'ignore'] })
    let text = ''
    child.stdout.on('data', (chunk: Buffer) => { text += chunk.toString() })
    child.on('close', () => {
      const first = text.trim().split('\n')[0] ?? ''
      resolve(runtime.kind === 'deno' ? first.replace(/ \(.*/, '') : `${runtime.kind} ${first.replace(/^v/, '')}`)
    })
  })
}

/** The whole suite on a node: `node test/run.mjs` with that node first on the PATH. */
async function wholeSuite (runtime: Runtime, bin: string, version: string, logs: string): Promise<Row> {
  const env = { ...process.env, PATH: `${path.dirname(bin)}${path.delimiter}${process.env.PATH ?? ''}` }
  const log = path.join(logs, `${runtime.name}.log`)
  const r = await run(bin, [path.join(ROOT, 'test', 'run.mjs')], { env, log, timeout: RUN_TIMEOUT_MS })
  const count = (label: string): number => Number(new RegExp(`^ℹ ${label} (\\d+)$`, 'm').exec(r.output)?.[1] ?? 0)
  const failures = [...r.output.matchAll(/^test at (.+)\n✖ (.+?)(?: \(\d[\d.]*m?s\))?$/gm)].map((m) => `${m[2]} (${m[1]})`)
  const row: Row = { runtime: runtime.name, version, part: 'whole suite', passed: count('pass'), failed: count('fail') + count('cancelled'), skipped: count('skipped'), failures, seconds: r.seconds }
  if (r.code !== 0 && row.failed === 0) {
    row.failed = 1
    row.failures.push(`test/run.mjs exited with ${r.code} (log: ${log})`)
  }
  return row
}

/** The test files run on Bun and Deno: the examples' acceptance tests and the differential tests. */
function portableFiles (): string[] {
  const files: string[] = []
  ;(function walk (dir: string) {
    for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
      const full = path.join(dir, entry.name)
      if (entry.isDirectory()) {
        if (entry.name !== 'node_modules' && entry.name !== 'fixtures') walk(full)
      } else if (entry.name.endsWith('.test.ts')) {
        const relative = path.relative(ROOT, full)
        if (relative.startsWith(path.join('test', 'examples') + path.sep) || entry.name.includes('differential')) files.push(relative)
      }
    }
  })(path.join(ROOT, 'test'))
  return files.sort()
}

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" }
const unescapeXml = (text: string): string => text.replace(/&(amp|lt|gt|quot|apos);/g, (_, name: string) => ENTITIES[name]!)

/**
 * The tests of a JUnit report (as `bun test` and `deno test` write them): each test and whether it
 * failed or was skipped. Deno lists a `describe` as a test case of its own, whose name every test
 * inside it continues with ` > `: only the innermost ones count.
 */
function junitTests (xml: string): Array<{ name: string, failed: boolean, skipped: boolean }> {
  const cases = [...xml.matchAll(/<testcase\b([^>]*?)(\/>|>([\s\S]*?)<\/testcase>)/g)].map((m) => ({
    name: unescapeXml(/\bname="([^"]*)"/.exec(m[1]!)?.[1] ?? ''),
    failed: /<(failure|error)\b/.test(m[3] ?? ''),
    skipped: /<skipped\b/.test(m[3] ?? '')
  }))
  return cases.filter((c) => !cases.some((other) => other.name.startsWith(`${c.name} > `)))
}

/** One test file on Bun or Deno, through their own test runners. */
async function portableFile (runtime: Runtime, bin: string, file: string, compiled: string, logs: string): Promise<Omit<Row, 'runtime' | 'version' | 'part'>> {
  const base = path.join(logs, `${runtime.name}-${file.replace(/[\\/]/g, '_')}`)
  const xml = `${base}.xml`
  const args = runtime.kind === 'bun'
    ? ['test', '--timeout', String(FILE_TIMEOUT_MS), '--reporter=junit', `--reporter-outfile=${xml}`, ENTRY]
    : ['test', '--allow-all', `--junit-path=${xml}`, ENTRY]
  const env = { ...process.env, NODE_ENV: 'test', RISTRETTO_TEST_JS: compiled, RISTRETTO_DIST_BUILT: '1', RISTRETTO_RUNTIME_TEST: path.join(ROOT, file) }
  const r = await run(bin, args, { env, log: `${base}.log`, timeout: FILE_TIMEOUT_MS })
  const tests = fs.existsSync(xml) ? junitTests(fs.readFileSync(xml, 'utf8')) : []
  const row = {
    passed: tests.filter((t) => !t.failed && !t.skipped).length,
    failed: tests.filter((t) => t.failed).length,
    skipped: tests.filter((t) => t.skipped).length,
    failures: tests.filter((t) => t.failed).map((t) => `${file}: ${t.name}`),
    seconds: r.seconds
  }
  // A file that did not load, or ended with failures its report does not name, is a failure of its own.
  if ((r.code !== 0 && row.failed === 0) || tests.length === 0) {
    row.failed += 1
    row.failures.push(`${file}: exited with ${r.code} after ${tests.length} tests (log: ${base}.log)`)
  }
  return row
}

/** Runs `task` on every item, `limit` at a time; resolves with the results in order. */
async function pool<T, R> (items: readonly T[], limit: number, task: (item: T) => Promise<R>): Promise<R[]> {
  const results: R[] = new Array(items.length)
  let next = 0
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, async () => {
    while (next < items.length) {
      const i = next++
      results[i] = await task(items[i]!)
    }
  }))
  return results
}

async function portableTests (runtime: Runtime, bin: string, version: string, compiled: string, logs: string): Promise<Row> {
  const started = Date.now()
  const files = await pool(portableFiles(), CONCURRENCY, (file) => portableFile(runtime, bin, file, compiled, logs))
  const row: Row = { runtime: runtime.name, version, part: 'examples and differential tests', passed: 0, failed: 0, skipped: 0, failures: [], seconds: (Date.now() - started) / 1000 }
  for (const f of files) {
    row.passed += f.passed
    row.failed += f.failed
    row.skipped += f.skipped
    row.failures.push(...f.failures)
  }
  return row
}

interface SuiteOutcome { passes?: number, pending?: number, failures?: Array<{ title: string }>, error?: string }
interface CompatReport { suites: Record<string, SuiteOutcome> }

/** The reference suites set up in `dir`, as scripts/compat.mjs's options. */
const SUITE_OPTIONS: ReadonlyArray<[option: string, folder: string]> = [
  ['express4', 'express4'], ['bodyparser', 'bodyparser2'], ['morgan', 'morgan'], ['express5', 'express5'], ['router', 'router2']
]

/** The reference suites on a runtime: Ristretto and the real packages, compared test by test. */
async function referenceSuites (runtime: Runtime, bin: string, version: string, suites: string, logs: string): Promise<Row[]> {
  const present = SUITE_OPTIONS.filter(([, folder]) => fs.existsSync(path.join(suites, folder, 'package.json')))
  const args = present.flatMap(([option, folder]) => [`--${option}`, path.join(suites, folder)])
  const reports: CompatReport[] = []
  let seconds = 0
  for (const subject of ['ristretto', 'reference']) {
    const json = path.join(logs, `${runtime.name}-compat-${subject}.json`)
    const r = await run(process.execPath, [path.join(ROOT, 'scripts', 'compat.mjs'), ...args, '--runtime', bin, '--json', json, ...(subject === 'reference' ? ['--reference'] : [])],
      { log: path.join(logs, `${runtime.name}-compat-${subject}.log`), timeout: RUN_TIMEOUT_MS })
    seconds += r.seconds
    reports.push(fs.existsSync(json) ? JSON.parse(fs.readFileSync(json, 'utf8')) as CompatReport : { suites: {} })
  }
  const [ours, theirs] = reports as [CompatReport, CompatReport]
  return present.map(([option]) => {
    const a = ours.suites[option] ?? { error: 'did not run' }
    const b = theirs.suites[option] ?? { error: 'did not run' }
    const theirFailures = new Set((b.failures ?? []).map((f) => f.title))
    const failing = (a.failures ?? []).filter((f) => !theirFailures.has(f.title)).map((f) => `${option}: ${f.title}`)
    if (a.error) failing.push(`${option}: ${a.error.split('\n')[0]}`)
    const both = (a.failures ?? []).length - failing.length + (a.error ? 1 : 0)
    return {
      runtime: runtime.name,
      version,
      part: `${option} suite (the real package: ${b.passes ?? 0} passed, ${(b.failures ?? []).length} failed${b.error ? ', did not run to the end' : ''})`,
      passed: a.passes ?? 0,
      failed: failing.length,
      // Tests failing with the real package too are the runtime's: reported, not counted against Ristretto.
      skipped: both + (a.pending ?? 0),
      failures: failing,
      seconds: seconds / present.length
    }
  })
}

async function main (): Promise<void> {
  const { values, positionals } = parseArgs({ options: { suites: { type: 'string' } }, allowPositionals: true })
  const unknown = positionals.filter((p) => !RUNTIMES.some((r) => r.name === p))
  if (unknown.length) throw new Error(`unknown runtime ${unknown.join(', ')}: give ${RUNTIMES.map((r) => r.name).join(', ')}`)
  const chosen = positionals.length ? RUNTIMES.filter((r) => positionals.includes(r.name)) : RUNTIMES
  const suites = path.resolve(values.suites ?? path.join(os.tmpdir(), 'ristretto-compat', 'suites'))

  console.log('Installing the runtimes (test/runtimes)...')
  const modules = isolatedPackages(RUNTIMES_DIR).nodeModules
  const logs = fs.mkdtempSync(path.join(os.tmpdir(), 'ristretto-runtimes-'))
  const rows: Row[] = []
  let compiled: string | undefined
  try {
    for (const runtime of chosen) {
      const bin = runtime.bin(modules)
      const version = await versionOf(runtime, bin)
      console.log(`${version}: running...`)
      if (runtime.kind === 'node') {
        rows.push(await wholeSuite(runtime, bin, version, logs))
      } else {
        if (!compiled) {
          compiled = path.join(logs, 'compiled')
          const { compileAll } = await import('../test/support/compile-tests.mjs')
          await compileAll(compiled)
        }
        rows.push(await portableTests(runtime, bin, version, compiled, logs))
        if (fs.existsSync(suites)) rows.push(...await referenceSuites(runtime, bin, version, suites, logs))
        else console.log(`  reference suites: none set up in ${suites} (docs/compatibility.md), not run`)
      }
      for (const row of rows.filter((r) => r.runtime === runtime.name)) {
        console.log(`  ${row.part}: ${row.passed} passed, ${row.failed} failed, ${row.skipped} skipped or failing with the real package too (${Math.round(row.seconds)} s)`)
        for (const failure of row.failures) console.log(`    ✖ ${failure}`)
      }
    }
  } finally {
    console.log(`Logs: ${logs}`)
  }
  console.log('\n| runtime | part | passed | failed | skipped |\n|---|---|---:|---:|---:|')
  for (const row of rows) console.log(`| ${row.version} | ${row.part} | ${row.passed} | ${row.failed} | ${row.skipped} |`)
  const passed = rows.reduce((n, r) => n + r.passed, 0)
  const failed = rows.reduce((n, r) => n + r.failed, 0)
  console.log(`\nruntimes: ${passed} passed, ${failed} failed`)
  process.exitCode = failed ? 1 : 0
}

main().catch((err: unknown) => {
  console.error(err)
  process.exitCode = 1
})
