import { describe, it } from 'node:test'
import assert from 'node:assert/strict'
import fs from 'node:fs'
import path from 'node:path'

// The kernel stays tiny: features go to plugins. Raised last from 2,950 to 3,050 for two route
// lookup steps (candidate lists cut by the path's slash count, and params objects built in one
// literal per pattern: −150 to −200 ns on the last route of a 100-route table; kernel at 3,005
// lines then); before: 2,900 → 2,950 for inline middleware (~150 ns a request, 2,938 lines);
// 2,850 → 2,900 for the one-handler route shortcut,
// ~10% over 2,579 (the route index), 2,101 + 20% after the hot-path work and HTTP/2 prototypes,
// first 1,665 + 25%. Raising it is a decision to make on purpose, in review.
const KERNEL_LINE_BUDGET = 3050
const KERNEL_DIR = path.resolve(__dirname, '..', '..', 'kernel')

/** Every .ts file under `dir`, recursively. */
function tsFiles (dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name)
    if (entry.isDirectory()) return tsFiles(full)
    return entry.name.endsWith('.ts') ? [full] : []
  })
}

function lineCount (file: string): number {
  const text = fs.readFileSync(file, 'utf8')
  if (text.length === 0) return 0
  return text.split('\n').length - (text.endsWith('\n') ? 1 : 0)
}

describe('kernel size budget', () => {
  it(`keeps kernel/**/*.ts under ${KERNEL_LINE_BUDGET} lines`, () => {
    const files = tsFiles(KERNEL_DIR)
    assert.ok(files.length >= 10, 'found the kernel sources')
    const sizes = files.map((file) => [path.relative(KERNEL_DIR, file), lineCount(file)] as const)
    const total = sizes.reduce((sum, [, n]) => sum + n, 0)
    const largest = [...sizes].sort((a, b) => b[1] - a[1]).slice(0, 3).map(([f, n]) => `${f} ${n}`).join(', ')
    assert.ok(total <= KERNEL_LINE_BUDGET, `kernel is ${total} lines, over the budget of ${KERNEL_LINE_BUDGET} (largest: ${largest})`)
  })
})
