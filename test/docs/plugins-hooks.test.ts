import { describe, it } from 'node:test'
import assert from 'node:assert/strict'
import fs from 'node:fs'
import path from 'node:path'
import { createHooks } from '../../kernel/hooks'

const root = path.join(__dirname, '..', '..')

/** Rows of the "Kernel hooks" table of docs/plugins.md: `| \`name\` | type | fires |`. */
function readmeHooks (): Map<string, string> {
  const text = fs.readFileSync(path.join(root, 'docs', 'plugins.md'), 'utf8')
  const section = text.slice(text.indexOf('\n## Kernel hooks\n') + 1)
  const table = section.slice(0, section.indexOf('\n## '))
  const rows = new Map<string, string>()
  for (const line of table.split('\n')) {
    const m = /^\| `(\w+)` \| ([^|]+) \|/.exec(line)
    if (m) rows.set(m[1], m[2].trim())
  }
  return rows
}

describe('docs/plugins.md kernel hooks table', () => {
  it('lists exactly the hooks kernel/hooks.ts declares', () => {
    const declared = Object.keys(createHooks()).sort()
    assert.deepEqual([...readmeHooks().keys()].sort(), declared)
  })

  it('names each hook with its tapable class and arguments', () => {
    const hooks = createHooks() as Record<string, any>
    for (const [name, type] of readmeHooks()) {
      const hook = hooks[name]
      if (name === 'setting') {
        assert.match(type, /^HookMap of SyncHook/)
        continue
      }
      assert.ok(type.startsWith(hook.constructor.name), `${name}: docs/plugins.md says ${type}, code has ${hook.constructor.name}`)
      assert.ok(type.includes(`(${hook._args.join(', ')})`), `${name}: docs/plugins.md says ${type}, code takes (${hook._args.join(', ')})`)
    }
  })
})
