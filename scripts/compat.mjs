#!/usr/bin/env node
// Runs the reference projects' own test suites against the packed package.
//
//   node scripts/compat.mjs --express4 ../express --bodyparser ../body-parser --morgan ../morgan
//                           [--express5 ../express5] [--router ../router] [--tarball FILE] [--keep]
//                           [--runtime node|bun|deno|PATH] [--reference] [--json FILE]
//
// Each suite option names a checkout of the reference project, which is never modified. The
// project is packed once with `npm pack` (unless --tarball names a packed one). Each checkout
// is copied to a scratch folder without the reference implementation (its top-level index.js
// and lib/); there its dependencies are installed together with the tarball under the
// reference's package name, its entry file becomes a one-line module that loads the matching
// Ristretto entry point, and its mocha suite runs with the options of its `npm test`, less
// --bail. --runtime runs mocha, and so the suite and the package, on another runtime (Bun, Deno,
// another node); --reference runs the real package from the registry instead of the project, so
// that both are measured on the same runtime. See docs/compatibility.md.
import { spawn, spawnSync } from 'node:child_process'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { parseArgs } from 'node:util'

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..')

/** `module.exports = require(spec)[member]`, the body of an entry file that forwards. */
const forward = (spec, member) =>
  `module.exports = require(${JSON.stringify(spec)})${member ? `.${member}` : ''}\n`

const expressArgs = ['--require', 'test/support/env', '--check-leaks', 'test/', 'test/acceptance/']

// One entry per reference suite, in the order they run. `files` replace the reference's own
// entry points in the copy; `skip` lists test files that exercise the reference's private
// helpers rather than its API.
const SUITES = [
  {
    option: 'express4',
    label: 'Express 4',
    repository: 'expressjs/express',
    name: 'express',
    major: 4,
    checkout: 'the 4.x branch',
    // Some examples that the acceptance tests load require lib/express directly.
    files: { 'index.js': forward('express'), 'lib/express.js': forward('express') },
    skip: ['test/utils.js'],
    args: expressArgs
  },
  {
    option: 'bodyparser',
    label: 'body-parser 2',
    repository: 'expressjs/body-parser',
    name: 'body-parser',
    major: 2,
    checkout: 'a 2.x version',
    files: { 'index.js': forward('body-parser/parser') },
    skip: ['test/utils.js'],
    args: ['--check-leaks', 'test/']
  },
  {
    option: 'morgan',
    label: 'morgan',
    repository: 'expressjs/morgan',
    name: 'morgan',
    major: 1,
    checkout: 'a 1.x version',
    files: { 'index.js': forward('morgan/logger') },
    skip: [],
    args: ['--check-leaks', 'test/']
  },
  {
    option: 'express5',
    label: 'Express 5',
    repository: 'expressjs/express',
    name: 'express',
    major: 5,
    checkout: 'the 5.x branch or a v5 tag',
    files: {
      'index.js': forward('express/presets/express5'),
      'lib/express.js': forward('express/presets/express5'),
      // The tests take their list of HTTP methods from lib/utils: node's, lowercased.
      'lib/utils.js': "exports.methods = require('node:http').METHODS.map((m) => m.toLowerCase())\n"
    },
    skip: ['test/utils.js'],
    args: expressArgs
  },
  {
    option: 'router',
    label: 'router 2',
    repository: 'pillarjs/router',
    name: 'router',
    major: 2,
    checkout: 'a v2 tag',
    files: { 'index.js': forward('router/presets/express5', 'Router') },
    skip: [],
    args: ['--check-leaks', 'test/']
  }
]

// Never copied from a checkout: its git data, installed modules, coverage output and the
// reference implementation (index.js and lib/ at the top level).
const NOT_COPIED = new Set(['.git', 'node_modules', 'coverage', '.nyc_output', 'index.js', 'lib'])

const SUITE_TIMEOUT_MS = 10 * 60 * 1000

const USAGE = `Usage: node scripts/compat.mjs [options]

Runs the reference test suites against the packed package. Give at least one checkout:

${SUITES.map((s) => `  --${`${s.option} DIR`.padEnd(15)}  ${s.repository}, ${s.checkout}`).join('\n')}
  --tarball FILE     test this tarball instead of packing the project
  --runtime RUNTIME  run the suites on this runtime: node, bun, deno or the path of one of
                     their executables (default: the node running this script)
  --reference        test the real packages (express@4, body-parser@2, ...) from the registry
                     instead of the project, as the reference for the same runtime
  --json FILE        also write each suite's counts and failing titles to FILE
  --keep             keep the scratch folder (copies, installs, logs) and print its path
  -h, --help         show this text

Exits with 1 when a test fails or a suite cannot run, 2 on a usage error.`

// A mocha reporter that works with every mocha these suites use: it records the counts and
// the failing titles in the file named by COMPAT_RESULT.
const REPORTER = `'use strict'
const fs = require('fs')
module.exports = function CompatReporter (runner) {
  const result = { passes: 0, pending: 0, failures: [], ended: false }
  const write = () => fs.writeFileSync(process.env.COMPAT_RESULT, JSON.stringify(result))
  runner.on('pass', () => { result.passes++ })
  runner.on('pending', () => { result.pending++ })
  runner.on('fail', (test, err) => {
    const message = err && (err.message || String(err))
    result.failures.push({ title: test.fullTitle(), error: String(message).split('\\n')[0] })
    write()
  })
  runner.once('end', () => { result.ended = true; write() })
}
`

function fail (message) {
  console.error(`compat: ${message}\n\n${USAGE}`)
  process.exit(2)
}

function readOptions () {
  const options = {
    tarball: { type: 'string' },
    runtime: { type: 'string' },
    reference: { type: 'boolean' },
    json: { type: 'string' },
    keep: { type: 'boolean' },
    help: { type: 'boolean', short: 'h' }
  }
  for (const suite of SUITES) options[suite.option] = { type: 'string' }
  let values
  try {
    ({ values } = parseArgs({ options, strict: true, allowPositionals: false }))
  } catch (err) {
    fail(err.message)
  }
  if (values.help) {
    console.log(USAGE)
    process.exit(0)
  }
  const selected = SUITES.filter((s) => values[s.option] !== undefined)
  if (selected.length === 0) fail('no checkout given')
  // Under `npm run`, paths are relative to where the command was typed, not the project root.
  const base = process.env.INIT_CWD || process.cwd()
  const runs = selected.map((suite) => ({ suite, dir: path.resolve(base, values[suite.option]) }))
  for (const r of runs) r.version = checkCheckout(r)
  const tarball = values.tarball && path.resolve(base, values.tarball)
  if (tarball && !fs.existsSync(tarball)) fail(`--tarball: no file ${tarball}`)
  if (tarball && values.reference) fail('--tarball and --reference exclude each other')
  return {
    runs,
    tarball,
    runtime: runtimeCommand(values.runtime, base),
    reference: Boolean(values.reference),
    json: values.json && path.resolve(base, values.json),
    keep: Boolean(values.keep)
  }
}

/**
 * How a script is started on the runtime named by --runtime: the executable, the arguments
 * before the script's path, mocha's options for that runtime, and the runtime's name and version
 * for the report. Deno runs with every permission.
 */
function runtimeCommand (given, base) {
  const named = given === undefined || !given.includes(path.sep) ? given : path.resolve(base, given)
  const executable = named ?? process.execPath
  const r = spawnSync(executable, ['--version'], { encoding: 'utf8' })
  if (r.error || r.status !== 0) fail(`--runtime: cannot run ${executable} --version`)
  const version = r.stdout.trim().split('\n')[0]
  const kind = /^deno /.test(version) ? 'deno' : /^v\d/.test(version) ? 'node' : 'bun'
  const prefix = kind === 'deno' ? ['run', '--allow-all'] : []
  // On Bun and Deno, mocha's process stays alive after the run, with the real packages as with
  // Ristretto: --exit ends it once the run is reported.
  const mochaOptions = kind === 'node' ? [] : ['--exit']
  return { executable, prefix, mochaOptions, label: kind === 'deno' ? version.replace(/ \(.*/, '') : `${kind} ${version.replace(/^v/, '')}` }
}

/** Verifies that a checkout is the reference the suite expects, and returns its version. */
function checkCheckout ({ suite, dir }) {
  const file = path.join(dir, 'package.json')
  if (!fs.existsSync(file)) fail(`--${suite.option}: no package.json in ${dir}`)
  const pkg = JSON.parse(fs.readFileSync(file, 'utf8'))
  if (pkg.name !== suite.name) {
    fail(`--${suite.option}: ${dir} is "${pkg.name}", not a checkout of ${suite.name}`)
  }
  if (Number.parseInt(pkg.version, 10) !== suite.major) {
    fail(`--${suite.option}: ${dir} holds ${suite.name} ${pkg.version}; check out ${suite.checkout}`)
  }
  if (!fs.existsSync(path.join(dir, 'test'))) fail(`--${suite.option}: no test/ folder in ${dir}`)
  return pkg.version
}

/** Runs a command with its output in `log`; resolves with its exit code (null when killed). */
function exec (command, args, { cwd, env, log, timeout }) {
  return new Promise((resolve, reject) => {
    const out = fs.openSync(log, 'w')
    const child = spawn(command, args, {
      cwd,
      env: env ?? process.env,
      stdio: ['ignore', out, out],
      shell: process.platform === 'win32' && command === 'npm'
    })
    const timer = timeout && setTimeout(() => child.kill('SIGKILL'), timeout)
    child.on('error', reject)
    child.on('close', (code) => {
      clearTimeout(timer)
      fs.closeSync(out)
      resolve(code)
    })
  })
}

/** The first or last lines of a log, indented for the report. */
function excerpt (log, { first = false, lines = 20 } = {}) {
  const all = fs.existsSync(log) ? fs.readFileSync(log, 'utf8').trim().split('\n') : []
  return (first ? all.slice(0, lines) : all.slice(-lines)).map((line) => `    ${line}`).join('\n')
}

async function pack (work) {
  const dest = path.join(work, 'pack')
  fs.mkdirSync(dest)
  const log = path.join(work, 'pack.log')
  const code = await exec('npm', ['pack', '--pack-destination', dest, root], { cwd: root, log })
  const tarballs = fs.readdirSync(dest).filter((f) => f.endsWith('.tgz'))
  if (code !== 0 || tarballs.length !== 1) {
    throw new Error(`npm pack failed (exit ${code}):\n${excerpt(log)}`)
  }
  return path.join(dest, tarballs[0])
}

/**
 * Copies the checkout, installs its dev dependencies and the package under test, writes the
 * entry files. The package is the tarball, or with `reference` the real package of the suite's
 * major version, as npm installs it.
 */
async function prepare ({ suite, dir }, work, tarball, reference) {
  const copy = path.join(work, suite.option)
  fs.cpSync(dir, copy, {
    recursive: true,
    filter: (src) => !NOT_COPIED.has(path.relative(dir, src))
  })
  for (const file of suite.skip) fs.rmSync(path.join(copy, file), { force: true })
  for (const [file, source] of Object.entries(suite.files)) {
    fs.mkdirSync(path.dirname(path.join(copy, file)), { recursive: true })
    fs.writeFileSync(path.join(copy, file), reference && file !== 'lib/utils.js' ? forward(suite.name) : source)
  }
  // The tarball takes the reference's name, so every require of that name in the suite, its
  // examples and its dependencies loads Ristretto. npm refuses to install a package under one
  // of the same name, so the copy is renamed.
  const pkgFile = path.join(copy, 'package.json')
  const pkg = JSON.parse(fs.readFileSync(pkgFile, 'utf8'))
  pkg.name = `${suite.name}-reference-suite`
  // CommonJS, as node takes it by default: Deno reads a package without "type" as ES modules.
  pkg.type ??= 'commonjs'
  pkg.dependencies = { ...pkg.dependencies, [suite.name]: reference ? `^${suite.major}` : `file:${tarball}` }
  fs.writeFileSync(pkgFile, JSON.stringify(pkg, null, 2) + '\n')

  const log = path.join(work, `${suite.option}.install.log`)
  const code = await exec('npm', ['install', '--no-audit', '--no-fund', '--no-package-lock', '--ignore-scripts'],
    { cwd: copy, log })
  if (code !== 0) throw new Error(`npm install failed in ${copy} (exit ${code}):\n${excerpt(log)}`)
  return copy
}

/** The version of `name` installed in the copy. */
function installedVersion (copy, name) {
  return JSON.parse(fs.readFileSync(path.join(copy, 'node_modules', name, 'package.json'), 'utf8')).version
}

/** The path of the copy's mocha command-line script (_mocha runs the tests in its own process). */
function mochaBin (copy) {
  const dir = path.join(copy, 'node_modules', 'mocha')
  const { bin } = JSON.parse(fs.readFileSync(path.join(dir, 'package.json'), 'utf8'))
  return path.join(dir, typeof bin === 'string' ? bin : bin._mocha ?? bin.mocha)
}

/** The mocha a suite is retried with when its own cannot start on the runtime. */
const NEWER_MOCHA = 'mocha@^11.7.5'

/**
 * Runs the suite's mocha; when that mocha cannot even load on the runtime (mocha 10's yargs is
 * an extensionless file in an ES module package, which Node 26 loads as an ES module), the copy
 * gets a newer mocha and the suite runs again, with a note saying so: the suite's tests are the
 * same, only their runner changes.
 */
async function runSuite (run, copy, work, runtime) {
  const outcome = await runMocha(run, copy, work, runtime)
  if (!outcome.runnerFailed) return outcome
  const { suite } = run
  const log = path.join(work, `${suite.option}.mocha-install.log`)
  const code = await exec('npm', ['install', '--no-audit', '--no-fund', '--no-package-lock', '--ignore-scripts', '--no-save', NEWER_MOCHA], { cwd: copy, log })
  if (code !== 0) return outcome
  const retried = await runMocha(run, copy, work, runtime)
  if (!retried.error || retried.passes) retried.note = [retried.note, `run with ${NEWER_MOCHA}: the suite's own mocha cannot start on ${runtime.label}`].filter(Boolean).join('; ')
  return retried
}

async function runMocha ({ suite }, copy, work, runtime) {
  const result = path.join(work, `${suite.option}.result.json`)
  fs.rmSync(result, { force: true })
  const log = path.join(work, `${suite.option}.mocha.log`)
  const args = [mochaBin(copy), '--reporter', path.join(work, 'reporter.cjs'), ...suite.args]
  const code = await exec(runtime.executable, [...runtime.prefix, ...args, ...runtime.mochaOptions], {
    cwd: copy,
    env: { ...process.env, COMPAT_RESULT: result },
    log,
    timeout: SUITE_TIMEOUT_MS
  })
  // Without a result, mocha failed while loading the suite: the error is at the top of the log.
  if (!fs.existsSync(result)) {
    const head = excerpt(log, { first: true, lines: 12 })
    // The first frame of the error is in mocha's own dependencies: the runner, not the suite, failed.
    const runnerFailed = /^\s+at .*node_modules[\\/](mocha|yargs|yargs-parser|cliui)[\\/]/m.test(head)
    return { error: `mocha ran no test (exit ${code}):\n${head}`, runnerFailed }
  }
  const outcome = JSON.parse(fs.readFileSync(result, 'utf8'))
  if (!outcome.ended) outcome.error = `mocha stopped before the end of the run (exit ${code}):\n${excerpt(log)}`
  else if (code === null) outcome.note = 'mocha did not exit after the run and was stopped'
  return outcome
}

function report ({ suite, version }, outcome) {
  const heading = `${suite.label} (${suite.name} ${version})`
  if (!outcome.passes && !outcome.failures?.length && outcome.error) {
    console.log(`\n${heading}: could not run\n  ${outcome.error}`)
    return
  }
  const pending = outcome.pending ? `, ${outcome.pending} pending` : ''
  console.log(`\n${heading}: ${outcome.passes} passing, ${outcome.failures.length} failing${pending}`)
  if (suite.skip.length) console.log(`  not run (reference internals): ${suite.skip.join(', ')}`)
  outcome.failures.forEach((f, i) => console.log(`  ${i + 1}) ${f.title}\n       ${f.error}`))
  if (outcome.error) console.log(`  ${outcome.error}`)
  if (outcome.note) console.log(`  ${outcome.note}`)
}

async function main () {
  const options = readOptions()
  const { runs, keep } = options
  const work = fs.mkdtempSync(path.join(os.tmpdir(), 'ristretto-compat-'))
  const cleanUp = () => { if (!keep) fs.rmSync(work, { recursive: true, force: true }) }
  process.once('SIGINT', () => { cleanUp(); process.exit(130) })
  fs.writeFileSync(path.join(work, 'reporter.cjs'), REPORTER)

  let ok = true
  const totals = { passed: 0, failed: 0 }
  const notRun = []
  const results = {}
  try {
    const packing = !options.tarball && !options.reference
    if (packing) console.log('Packing the project...')
    const tarball = options.tarball ?? (packing ? await pack(work) : undefined)
    const tested = options.reference ? 'the real packages' : path.basename(tarball)
    console.log(`Installing ${tested} into copies of ${runs.map((r) => r.suite.label).join(', ')}, to run on ${options.runtime.label}...`)
    const copies = await Promise.allSettled(runs.map((r) => prepare(r, work, tarball, options.reference)))
    for (const [i, r] of runs.entries()) {
      let outcome
      try {
        if (copies[i].status === 'rejected') throw copies[i].reason
        // The reference is the version npm installed, not the checkout's.
        if (options.reference) r.version = installedVersion(copies[i].value, r.suite.name)
        console.log(`Running ${r.suite.label}...`)
        outcome = await runSuite(r, copies[i].value, work, options.runtime)
      } catch (err) {
        outcome = { error: err.message }
      }
      report(r, outcome)
      results[r.suite.option] = outcome
      totals.passed += outcome.passes ?? 0
      totals.failed += outcome.failures?.length ?? 0
      if (outcome.error) notRun.push(r.suite.label)
      if (outcome.error || outcome.failures.length) ok = false
    }
  } catch (err) {
    console.error(`\ncompat: ${err.message}`)
    ok = false
  } finally {
    cleanUp()
  }
  if (options.json) {
    const subject = options.reference ? 'reference' : 'ristretto'
    fs.writeFileSync(options.json, JSON.stringify({ runtime: options.runtime.label, subject, suites: results }, null, 2) + '\n')
  }
  console.log(`\nTotal: ${totals.passed} passed, ${totals.failed} failed`)
  if (notRun.length) console.log(`Not run to the end: ${notRun.join(', ')}`)
  if (keep) console.log(`Scratch folder kept: ${work}`)
  process.exitCode = ok ? 0 : 1
}

await main()
