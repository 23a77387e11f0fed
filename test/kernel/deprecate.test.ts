import { describe, it } from 'node:test'
import assert from 'node:assert/strict'
import fs from 'node:fs'
import path from 'node:path'
import { deprecatedCalls } from '../../kernel/deprecate'

const ROOT = path.resolve(__dirname, '..', '..')

/** The `ristretto` deprecations `fn` reports, with the file each names as the caller's. */
function reported (fn: () => void): Array<{ message: string, file: string }> {
  const seen: Array<{ message: string, file: string }> = []
  const listener = (err: Error & { namespace?: string, stack?: string }): void => {
    if (err.namespace !== 'ristretto') return
    const frame = /at (?:.* \()?(.*?):\d+:\d+\)?$/.exec(String(err.stack).split('\n')[1] ?? '')
    seen.push({ message: err.message, file: frame ? frame[1] : '' })
  }
  process.on('deprecation', listener)
  try { fn() } finally { process.removeListener('deprecation', listener) }
  return seen
}

describe('the deprecation reporter', () => {
  // The logger reports under morgan's name; the router makes its own, for router.param's forms
  // (depd names as the caller the first frame outside the file that made the reporter).
  it('is made once: depd is called in kernel/deprecate.ts only, besides the logger and the router', () => {
    const files = ['kernel', 'plugins', 'presets'].flatMap((dir) =>
      fs.readdirSync(path.join(ROOT, dir), { recursive: true, encoding: 'utf8' }).map((f) => path.join(dir, f)))
      .filter((f) => !f.startsWith(path.join('kernel', 'router') + path.sep))
    const callers = files.filter((f) => f.endsWith('.ts') && /\bdepd\(/.test(fs.readFileSync(path.join(ROOT, f), 'utf8')))
    assert.deepEqual(callers.sort(), [path.join('kernel', 'deprecate.ts'), path.join('plugins', 'logger', 'logger.ts')])
  })

  it('deprecatedCalls reports each call site once, naming the caller, with a message of the arguments', () => {
    const lookup = deprecatedCalls(function lookup (this: unknown, name: string, fallback?: string): string {
      return fallback ?? name
    }, (...args) => `lookup(${args.length === 1 ? 'name' : 'name, fallback'}): deprecated`)
    assert.equal(lookup.name, 'lookup')
    assert.equal(lookup.length, 2)
    const seen = reported(() => {
      for (let i = 0; i < 2; i++) assert.equal(lookup('a'), 'a')
      assert.equal(lookup('a', 'b'), 'b')
    })
    assert.deepEqual(seen.map((s) => s.message), ['lookup(name): deprecated', 'lookup(name, fallback): deprecated'])
    assert.deepEqual(seen.map((s) => s.file), [__filename, __filename])
  })
})
