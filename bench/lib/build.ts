// Builds what the benchmark servers load: the package (tsc, as `npm run build`) and bench/ transpiled beside it in dist/bench.
import fs from 'node:fs'
import path from 'node:path'
import { spawnSync } from 'node:child_process'
import ts from 'typescript'
import { ROOT } from './root'

export { ROOT }

/** Where the transpiled bench files go: `dist/bench`, so `../../presets/default` reaches the built package. */
export const BENCH_OUT = path.join(ROOT, 'dist', 'bench')

/** Runs `tsc -p tsconfig.build.json`; type errors in unrelated files are reported but do not stop the run (tsc still emits). */
export function buildPackage (): void {
  const tsc = path.join(ROOT, 'node_modules', 'typescript', 'bin', 'tsc')
  const r = spawnSync(process.execPath, [tsc, '-p', 'tsconfig.build.json'], { cwd: ROOT, encoding: 'utf8' })
  if (!fs.existsSync(path.join(ROOT, 'dist', 'presets', 'default.js'))) {
    throw new Error('build failed: dist/presets/default.js is missing\n' + r.stdout + r.stderr)
  }
  if (r.status !== 0) process.stderr.write('note: tsc reported type errors (output still emitted)\n')
}

/** Transpiles every bench/**.ts to CommonJS in dist/bench (no type check: `npm run typecheck` does that). */
export function transpileBench (): void {
  const src = path.join(ROOT, 'bench')
  const walk = (dir: string): void => {
    for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
      const full = path.join(dir, entry.name)
      if (entry.isDirectory()) {
        if (entry.name !== 'results') walk(full)
        continue
      }
      if (!entry.name.endsWith('.ts') || entry.name.endsWith('.d.ts')) continue
      const out = path.join(BENCH_OUT, path.relative(src, full)).replace(/\.ts$/, '.js')
      const { outputText } = ts.transpileModule(fs.readFileSync(full, 'utf8'), {
        fileName: full,
        compilerOptions: { module: ts.ModuleKind.CommonJS, target: ts.ScriptTarget.ES2022, esModuleInterop: true }
      })
      fs.mkdirSync(path.dirname(out), { recursive: true })
      fs.writeFileSync(out, outputText)
    }
  }
  walk(src)
}
