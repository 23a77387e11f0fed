#!/usr/bin/env node
// Runs every test file under test/ (*.test.ts) with node's test runner.
// Usage: node test/run.mjs [substring ...]  — only files whose path contains one of the substrings.
//
// - The project's TypeScript is compiled once, before the run, into a temporary folder
//   (test/support/compile-tests.mjs); test processes load it through test/support/register-ts.cjs.
// - dist/ is built first when it is older than its sources (`npm test` has just built it), and
//   the tests that run the built package use that build rather than making their own.
// - Files run one per core at a time (at least two), the type tests (the longest) first; the
//   tests of one file run in order, in their own process.
// - Test files share a folder of the run, RISTRETTO_TEST_RUN, removed with the compiled tests at
//   the end: the tests that install the packages share one `pack:all` there (the first file that
//   packs writes the tarballs, the others wait for them), and projects of npm installs are moved
//   there rather than deleted file by file within a file's three minutes (test/editions/support.ts).
// - A test file that runs over three minutes fails rather than hanging the run.
import fs from 'node:fs'
import { createRequire } from 'node:module'
import os from 'node:os'
import path from 'node:path'
import { finished } from 'node:stream/promises'
import { run } from 'node:test'
import { spec } from 'node:test/reporters'
import { fileURLToPath } from 'node:url'
import { compileAll } from './support/compile-tests.mjs'

/** Test files run at once: one per core (at least two, as files also wait on sockets and child processes). */
const CONCURRENCY = Math.max(2, os.availableParallelism())

const testDir = path.dirname(fileURLToPath(import.meta.url))
const require = createRequire(import.meta.url)

const filters = process.argv.slice(2)
const files = []
;(function walk (dir) {
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name)
    if (entry.isDirectory()) {
      if (entry.name !== 'fixtures' && entry.name !== 'node_modules') walk(full)
    } else if (entry.name.endsWith('.test.ts')) {
      files.push(path.relative(process.cwd(), full))
    }
  }
})(testDir)
const selected = filters.length ? files.filter((f) => filters.some((s) => f.includes(s))) : files
const isTypeTest = (file) => file.split(path.sep).includes('types')
selected.sort((a, b) => Number(isTypeTest(b)) - Number(isTypeTest(a)) || (a < b ? -1 : a > b ? 1 : 0))

const compiled = fs.mkdtempSync(path.join(os.tmpdir(), 'ristretto-tests-'))
process.env.RISTRETTO_TEST_JS = compiled
process.env.RISTRETTO_TEST_RUN = path.join(compiled, '.run')
fs.mkdirSync(process.env.RISTRETTO_TEST_RUN)
for (const signal of ['SIGINT', 'SIGTERM']) {
  process.once(signal, () => {
    fs.rmSync(compiled, { recursive: true, force: true })
    process.kill(process.pid, signal)
  })
}
process.env.NODE_ENV ||= 'test'
try {
  await compileAll(compiled)
  const { ensureBuilt } = require('./support/built-package.ts')
  ensureBuilt()
  process.env.RISTRETTO_DIST_BUILT = '1'
  // node's runner starts each test process with this process's execArgv.
  process.execArgv.push('--require', path.join(testDir, 'support', 'register-ts.cjs'))
  const tests = run({ files: selected, concurrency: CONCURRENCY, timeout: 180_000 })
  tests.on('test:fail', (data) => { if (!data.todo) process.exitCode = 1 })
  const report = tests.compose(new spec())
  report.pipe(process.stdout)
  await finished(report)
} catch (err) {
  process.exitCode = 1
  throw err
} finally {
  fs.rmSync(compiled, { recursive: true, force: true })
}
