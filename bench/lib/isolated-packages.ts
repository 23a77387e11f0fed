// Packages some tests and the benchmark run that cannot be dev dependencies of the project: they
// need a newer Node than Ristretto supports, and a dev dependency that does makes `npm install`
// warn on Node 18.
// Each set is a folder with its own package.json and package-lock.json, installed with `npm ci` on
// first use (and again when its lock changes); test files running at once share one install.
import { spawnSync } from 'node:child_process'
import crypto from 'node:crypto'
import fs from 'node:fs'
import path from 'node:path'

export interface IsolatedPackages {
  /** The set's node_modules folder. */
  nodeModules: string
  /** The absolute path `require` gives for `specifier`, resolved in the set. */
  resolve (specifier: string): string
}

/** Why the set cannot run on this node (its package.json `engines.node`, checked by major.minor), or undefined. */
export function unsupportedReason (folder: string): string | undefined {
  const { engines } = JSON.parse(fs.readFileSync(path.join(folder, 'package.json'), 'utf8')) as { engines?: { node?: string } }
  const wanted = /^>=(\d+)\.(\d+)/.exec(engines?.node ?? '')
  if (!wanted) return undefined
  const [major, minor] = process.versions.node.split('.').map(Number)
  const [wantMajor, wantMinor] = [Number(wanted[1]), Number(wanted[2])]
  return major > wantMajor || (major === wantMajor && minor >= wantMinor) ? undefined : `needs node ${engines!.node}`
}

/** Waits about `ms` milliseconds, blocking (the install lock is held by another process). */
function sleep (ms: number): void {
  Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, ms)
}

/** Installs the set in `folder` unless its installed lock is the current one; returns where it is. */
export function isolatedPackages (folder: string): IsolatedPackages {
  const nodeModules = path.join(folder, 'node_modules')
  const lock = fs.readFileSync(path.join(folder, 'package-lock.json'))
  const stamp = path.join(nodeModules, '.installed-lock-sha256')
  const digest = crypto.createHash('sha256').update(lock).digest('hex')
  const current = (): boolean => fs.existsSync(stamp) && fs.readFileSync(stamp, 'utf8') === digest
  if (!current()) {
    const mutex = path.join(folder, '.installing')
    const deadline = Date.now() + 150_000
    for (;;) {
      try {
        fs.mkdirSync(mutex)
        break
      } catch (err) {
        if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err
        // An install left behind by a killed process is older than any live one could be.
        if (Date.now() - fs.statSync(mutex).mtimeMs > 150_000) fs.rmSync(mutex, { recursive: true, force: true })
        if (Date.now() > deadline) throw new Error(`${folder}: another process has been installing for too long`)
        sleep(250)
      }
    }
    try {
      if (!current()) {
        const env = { ...process.env, NODE_OPTIONS: '', npm_config_audit: 'false', npm_config_fund: 'false', npm_config_update_notifier: 'false' }
        const r = spawnSync('npm', ['ci', '--no-audit', '--no-fund'], { cwd: folder, encoding: 'utf8', env, timeout: 150_000 })
        if (r.status !== 0) throw new Error(`npm ci in ${folder} failed (${r.status}):\n${r.stdout}${r.stderr}`)
        fs.writeFileSync(stamp, digest)
      }
    } finally {
      fs.rmSync(mutex, { recursive: true, force: true })
    }
  }
  return {
    nodeModules,
    resolve: (specifier) => require.resolve(specifier, { paths: [folder] })
  }
}
