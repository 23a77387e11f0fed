import { describe, it } from 'node:test'
import assert from 'node:assert/strict'
import fs from 'node:fs'
import path from 'node:path'
import { ErrorCode, PluginError } from '../../kernel'

const ROOT = path.resolve(__dirname, '..', '..')

/** Every .ts file under `dir`, recursively. */
function tsFiles (dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name)
    if (entry.isDirectory()) return tsFiles(full)
    return entry.name.endsWith('.ts') ? [full] : []
  })
}

/** A source without its comments (roughly: enough to tell code from documentation). */
function withoutComments (source: string): string {
  return source.replace(/\/\*[\s\S]*?\*\//g, '').replace(/(^|[^:])\/\/.*$/gm, '$1')
}

describe('error codes', () => {
  it('are RST_ and their name, each once', () => {
    for (const [name, code] of Object.entries(ErrorCode)) assert.equal(code, `RST_${name}`)
    assert.ok(Object.isFrozen(ErrorCode))
  })

  it('are written in kernel/errors.ts only: the kernel, plugins and presets name them through ErrorCode', () => {
    const elsewhere = ['kernel', 'plugins', 'presets'].flatMap((dir) => tsFiles(path.join(ROOT, dir)))
      .filter((file) => path.relative(ROOT, file) !== path.join('kernel', 'errors.ts'))
      .filter((file) => /['"`]RST_/.test(withoutComments(fs.readFileSync(file, 'utf8'))))
    assert.deepEqual(elsewhere, [])
  })

  it('PluginError carries its code and name', () => {
    const err = new PluginError(ErrorCode.DECORATOR_TAKEN, 'taken')
    assert.ok(err instanceof Error)
    assert.equal(err.name, 'PluginError')
    assert.equal(err.code, 'RST_DECORATOR_TAKEN')
    assert.equal(err.message, 'taken')
  })
})
