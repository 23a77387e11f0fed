// A temporary project whose `node_modules/express` is a symlink, for tests of packages that
// `require('express/lib/…')`: linked to the project root, `express` is Ristretto installed under
// Express's name (`"express": "npm:ristretto@…"`, its paths resolved through Ristretto's
// package.json `exports`); linked to the installed express@4, it is the real thing.
import assert from 'node:assert/strict'
import { spawnSync } from 'node:child_process'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { ROOT, ensureBuilt } from '../../support/built-package'

/** What `node_modules/express` can point at: the built package, or the real express@4. */
export const EXPRESS_TARGETS: ReadonlyArray<readonly [name: string, target: () => string]> = [
  ['ristretto', () => { ensureLibBuilt(); return ROOT }],
  ['express@4', () => fs.realpathSync(path.join(ROOT, 'node_modules', 'express'))]
]

/** Builds dist/ when the `express/lib/…` modules are missing from it (a single test file run may not have built). */
function ensureLibBuilt (): void {
  ensureBuilt()
  const probe = path.join(ROOT, 'dist', 'presets', 'express-lib', 'router', 'layer.js')
  if (fs.existsSync(probe)) return
  const r = spawnSync(process.execPath, [require.resolve('typescript/bin/tsc'), '-p', 'tsconfig.build.json'], { cwd: ROOT, encoding: 'utf8' })
  assert.ok(fs.existsSync(probe), `build failed:\n${r.stdout}${r.stderr}`)
}

export interface AliasProject {
  dir: string
  /** Runs CommonJS `source` with node in the project folder; returns stdout, failing on a non-zero exit. */
  run (source: string): string
  remove (): void
}

/**
 * Makes the folder: `node_modules/express` → `expressTarget`, and each package of `copies`
 * (names of installed packages) copied from the project's node_modules, so their own
 * `require('express…')` resolves from the temporary folder as in an install.
 */
export function aliasProject (expressTarget: string, copies: readonly string[] = []): AliasProject {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'ristretto-express-alias-'))
  const modules = path.join(dir, 'node_modules')
  fs.mkdirSync(modules)
  fs.symlinkSync(expressTarget, path.join(modules, 'express'), 'dir')
  for (const name of copies) fs.cpSync(path.join(ROOT, 'node_modules', name), path.join(modules, name), { recursive: true })
  return {
    dir,
    run (source: string): string {
      const r = spawnSync(process.execPath, ['-e', source], {
        cwd: dir,
        encoding: 'utf8',
        env: { ...process.env, NODE_OPTIONS: '', NODE_ENV: 'test' },
        timeout: 20000
      })
      assert.equal(r.status, 0, `node exited with ${r.status}\n${r.stderr}`)
      return r.stdout.trim()
    },
    remove (): void {
      fs.rmSync(dir, { recursive: true, force: true })
    }
  }
}

/**
 * CommonJS source defining `request(app, path, headers?)`: serves `app` on a loopback port for
 * one request and resolves with `{ status, headers, body }`.
 */
export const REQUEST_HELPER = `
const http = require('http')
function request (app, path, headers) {
  return new Promise((resolve, reject) => {
    const server = http.createServer(app).listen(0, '127.0.0.1', () => {
      const req = http.get({ host: '127.0.0.1', port: server.address().port, path, headers, agent: false }, (res) => {
        let body = ''
        res.setEncoding('utf8')
        res.on('data', (chunk) => { body += chunk })
        res.on('end', () => { server.close(); resolve({ status: res.statusCode, headers: res.headers, body }) })
      })
      req.on('error', (err) => { server.close(); reject(err) })
    })
  })
}
`
