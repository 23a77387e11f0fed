import { describe, it } from 'node:test'
import assert from 'node:assert/strict'
import fs from 'node:fs'
import path from 'node:path'
import { ErrorCode } from '../../kernel/errors'

/** The codes in the table of plugin errors of docs/plugins.md: rows `| \`RST_…\` | when |`. */
function readmeCodes (): string[] {
  const text = fs.readFileSync(path.join(__dirname, '..', '..', 'docs', 'plugins.md'), 'utf8')
  const codes: string[] = []
  for (const line of text.split('\n')) {
    const m = /^\| `(RST_\w+)` \|/.exec(line)
    if (m) codes.push(m[1])
  }
  return codes
}

describe('docs/plugins.md error codes table', () => {
  it('lists every code of kernel/errors.ts once, and no other', () => {
    const codes = readmeCodes()
    assert.equal(new Set(codes).size, codes.length, `a code is listed twice: ${codes.join(', ')}`)
    assert.deepEqual(codes.slice().sort(), Object.values(ErrorCode).slice().sort())
  })
})
