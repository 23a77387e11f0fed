// For tests that run the built package (dist/) in a fresh node process, as users load it.
import assert from 'node:assert/strict'
import { spawnSync } from 'node:child_process'
import fs from 'node:fs'
import path from 'node:path'

/** The project root, where `require('ristretto')` resolves to the built package. */
export const ROOT = path.resolve(__dirname, '..', '..')

/** Builds dist/ when it is missing (`npm test` builds first; a single test file run may not have). */
export function ensureBuilt (): void {
  if (fs.existsSync(path.join(ROOT, 'dist', 'presets', 'default.js'))) return
  const r = spawnSync(process.execPath, [require.resolve('typescript/bin/tsc'), '-p', 'tsconfig.build.json'], { cwd: ROOT, encoding: 'utf8' })
  assert.ok(fs.existsSync(path.join(ROOT, 'dist', 'presets', 'default.js')), `build failed:\n${r.stdout}${r.stderr}`)
}
