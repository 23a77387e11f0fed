// The public types as users get them: the built .d.ts, imported through the package's own name, checked by tsc.
import { describe, it } from 'node:test'
import assert from 'node:assert/strict'
import { spawnSync } from 'node:child_process'
import path from 'node:path'
import { ensureBuilt } from '../support/built-package'

const root = path.resolve(__dirname, '..', '..')
const tsc = require.resolve('typescript/bin/tsc')

function runTsc (project: string) {
  const r = spawnSync(process.execPath, [tsc, '-p', project], { cwd: root, encoding: 'utf8' })
  return { status: r.status, output: (r.stdout || '') + (r.stderr || '') }
}

describe("import ... from 'ristretto' (types of the built package)", () => {
  it('type-checks apps, routers, settings, plugins, the logger and the parser against dist', { timeout: 180_000 }, () => {
    // The checked .d.ts must be the sources' (errors of the build are `npm run build`'s to report).
    ensureBuilt()
    const { status, output } = runTsc(path.join('test', 'types', 'tsconfig.json'))
    assert.equal(status, 0, output)
  })
})
