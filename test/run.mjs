#!/usr/bin/env node
// Runs every test file under test/ (*.test.ts) with node's test runner, TypeScript through tsx.
// Usage: node test/run.mjs [substring ...]  — only files whose path contains one of the substrings.
// A test file that runs over three minutes fails rather than hanging the run (the type tests
// compile many programs, and take most of a minute on a loaded 2-core machine).
import { spawnSync } from 'node:child_process'
import fs from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'

const root = path.dirname(fileURLToPath(import.meta.url))
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
})(root)
const selected = filters.length ? files.filter((f) => filters.some((s) => f.includes(s))) : files
selected.sort()
const r = spawnSync(process.execPath, ['--import', 'tsx', '--test', '--test-reporter=spec', '--test-timeout=180000', ...selected], {
  stdio: 'inherit',
  env: { ...process.env, NODE_ENV: process.env.NODE_ENV || 'test' }
})
process.exit(r.status ?? 1)
