// For tests that run the built package (dist/) in a fresh node process, as users load it.
import assert from 'node:assert/strict'
import { spawnSync } from 'node:child_process'
import fs from 'node:fs'
import path from 'node:path'

/** The project root, where `require('ristretto')` resolves to the built package. */
export const ROOT = path.resolve(__dirname, '..', '..')

const BUILD_CONFIG = path.join(ROOT, 'tsconfig.build.json')

function mtime (file: string): number {
  try {
    return fs.statSync(file).mtimeMs
  } catch {
    return -1
  }
}

/** Each source of tsconfig.build.json with the files its build writes (absolute paths); undefined when the config does not parse. */
export function buildOutputs (): Map<string, readonly string[]> | undefined {
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  const ts = require('typescript') as typeof import('typescript')
  const config = ts.getParsedCommandLineOfConfigFile(BUILD_CONFIG, {}, {
    ...ts.sys,
    onUnRecoverableConfigFileDiagnostic: () => {}
  })
  if (!config || config.errors.length > 0) return undefined
  return new Map(config.fileNames.map((source) => [source, ts.getOutputFileNames(config, source, !ts.sys.useCaseSensitiveFileNames)]))
}

/**
 * Whether dist/ is the build of the current sources: every source of tsconfig.build.json has all
 * its outputs, none older than the source, the tsconfig files or package.json.
 */
export function distIsFresh (): boolean {
  const outputs = buildOutputs()
  if (outputs === undefined) return false
  const settings = Math.max(...[BUILD_CONFIG, path.join(ROOT, 'tsconfig.json'), path.join(ROOT, 'package.json')].map(mtime))
  return [...outputs].every(([source, files]) => {
    const newest = Math.max(settings, mtime(source))
    return files.every((output) => mtime(output) >= newest)
  })
}

/**
 * Builds dist/ unless it is the build of the current sources. test/run.mjs does it once before a
 * run (`npm test` has built already) and says so with RISTRETTO_DIST_BUILT, so that tests running
 * side by side never rebuild dist/ under each other; a test file run on its own builds as needed.
 */
export function ensureBuilt (): void {
  if (process.env.RISTRETTO_DIST_BUILT === '1' || distIsFresh()) return
  const r = spawnSync(process.execPath, [require.resolve('typescript/bin/tsc'), '-p', BUILD_CONFIG], { cwd: ROOT, encoding: 'utf8' })
  // The build's own errors are `npm run build`'s to report; the tests need its output.
  if (r.status !== 0) process.stderr.write(`tsc -p tsconfig.build.json reported errors:\n${r.stdout}${r.stderr}`)
  assert.ok(fs.existsSync(path.join(ROOT, 'dist', 'presets', 'default.js')), `build failed:\n${r.stdout}${r.stderr}`)
}
