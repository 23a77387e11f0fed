// Compiles the project's TypeScript once, before a test run, into a folder of JavaScript with the
// same relative paths (esbuild, with tsx's settings for CommonJS: test/support/register-ts.cjs).
// Test processes started with register-ts.cjs read a file from that folder when it is there.
// Shared by test/run.mjs (node) and scripts/runtimes.ts (Bun and Deno).
import fs from 'node:fs'
import { createRequire } from 'node:module'
import path from 'node:path'
import { fileURLToPath } from 'node:url'

const require = createRequire(import.meta.url)
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..')

/** Folders of TypeScript that only tsc reads (snippets, declaration checks, fixtures). */
const NOT_RUN = new Set(['node_modules', 'dist', 'fixtures', '.git'].map((name) => path.join(root, name)).concat(
  ['test/types/checks', 'test/types/express-app', 'test/types/differential/corpus'].map((dir) => path.join(root, dir))
))

/** Every .ts file of the project that a test may require. */
function sources () {
  const list = []
  ;(function walk (dir) {
    for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
      const full = path.join(dir, entry.name)
      if (entry.isDirectory()) {
        if (!NOT_RUN.has(full) && entry.name !== 'node_modules' && entry.name !== 'fixtures') walk(full)
      } else if (entry.name.endsWith('.ts') && !entry.name.endsWith('.d.ts')) {
        list.push(full)
      }
    }
  })(root)
  return list
}

/** Compiles every source into `out` (same relative paths, .js); resolves when all are written. */
export async function compileAll (out) {
  const { transformOptions, esbuild } = require('./register-ts.cjs')
  const { transform } = esbuild()
  await Promise.all(sources().map(async (file) => {
    const { code } = await transform(await fs.promises.readFile(file, 'utf8'), transformOptions(file))
    const target = path.join(out, path.relative(root, file).slice(0, -3) + '.js')
    await fs.promises.mkdir(path.dirname(target), { recursive: true })
    await fs.promises.writeFile(target, code)
  }))
}
