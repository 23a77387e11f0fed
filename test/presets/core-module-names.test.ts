import { describe, it, before } from 'node:test'
import assert from 'node:assert/strict'
import fs from 'node:fs'
import path from 'node:path'
import { ROOT, ensureBuilt } from '../support/built-package'

// Tooling that predates the `node:` scheme (Jest 26's module registry, webpack 4) cannot resolve
// `require('node:http')`; Express loads there, so the shipped files name core modules plainly.

/** Every file the package ships from dist/ (the `files` of package.json: kernel, plugins, presets). */
function shippedFiles (): string[] {
  const out: string[] = []
  for (const top of ['kernel', 'plugins', 'presets']) {
    ;(function walk (dir: string) {
      for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
        const full = path.join(dir, entry.name)
        if (entry.isDirectory()) walk(full)
        else if (/\.(js|mjs|d\.ts|d\.mts)$/.test(entry.name)) out.push(full)
      }
    })(path.join(ROOT, 'dist', top))
  }
  return out
}

/** A module specifier with the `node:` scheme, in require(), import(), `from` or `import '…'`. */
const NODE_SCHEME = /(?:require\s*\(\s*|import\s*\(\s*|from\s+|import\s+)(['"])node:[^'"]+\1/

describe('built files name core modules without the node: scheme', () => {
  before(ensureBuilt)

  it('finds the shipped files', () => {
    assert.ok(shippedFiles().length > 50)
  })

  it('no shipped file requires or imports node:<module>', () => {
    const offenders = shippedFiles().filter((file) => NODE_SCHEME.test(fs.readFileSync(file, 'utf8')))
    assert.deepEqual(offenders.map((f) => path.relative(ROOT, f)), [])
  })

  it('the pattern catches every spelling the compiler can emit', () => {
    for (const line of ['const a = require("node:http")', "import x from 'node:fs'", 'await import("node:zlib")', "import 'node:net'"]) {
      assert.ok(NODE_SCHEME.test(line), line)
    }
    assert.ok(!NODE_SCHEME.test('const a = require("http") // node:http'))
  })
})
