// Scratch projects that install packages as users do: the tarballs `npm run pack:all` writes,
// beside packages from the registry, with a plain `npm install`.
import assert from 'node:assert/strict'
import { spawn, spawnSync } from 'node:child_process'
import crypto from 'node:crypto'
import fs from 'node:fs'
import http from 'node:http'
import os from 'node:os'
import path from 'node:path'
import { ROOT, ensureBuilt } from '../support/built-package'

/** The tarballs of one `pack:all` run, by package file name (`ristretto-0.1.0.tgz`, …). */
export interface Packed {
  dir: string
  tarballs: string[]
  /** The tarball of the edition of an Express major (4 or 5). */
  edition (major: 4 | 5): string
  remove (): void
}

/** Packs every package of the project (the build made once for the run) into a temporary folder. */
export function packAll (): Packed {
  ensureBuilt()
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'ristretto-packs-'))
  const r = spawnSync(process.execPath, [path.join(ROOT, 'scripts', 'pack-all.mjs'), dir, '--no-build'], { cwd: ROOT, encoding: 'utf8', timeout: 120_000 })
  assert.equal(r.status, 0, `pack:all failed:\n${r.stdout}${r.stderr}`)
  const tarballs = r.stdout.trim().split('\n')
  return {
    dir,
    tarballs,
    edition (major) {
      const found = tarballs.find((t) => path.basename(t).startsWith(`ristretto-express-${major}.`))
      assert.ok(found, `no edition for Express ${major} in ${tarballs.join(', ')}`)
      return found
    },
    remove () { fs.rmSync(dir, { recursive: true, force: true }) }
  }
}

export interface RunResult { status: number | null, stdout: string, stderr: string }

/** A folder with a package.json, where `npm install` and node run as in a user's project. */
export interface Scratch {
  dir: string
  /** `npm install` with its arguments (no flags beyond quiet output); the result, whatever the exit code. */
  install (...args: string[]): RunResult
  /** Any npm command in the project; the result, whatever the exit code. */
  npm (...args: string[]): RunResult
  /** As `npm`, without blocking (another project can install meanwhile). */
  npmAsync (...args: string[]): Promise<RunResult>
  /** Writes a file of the project. */
  write (file: string, text: string): void
  /** Runs node with `args` in the project; stdout, failing on a non-zero exit. */
  node (...args: string[]): string
  /** Runs node with `args` in the project without blocking; the result, whatever the exit code. */
  nodeAsync (...args: string[]): Promise<RunResult>
  remove (): void
}

/** A new project (`"private": true`, CommonJS) in a temporary folder; `env` adds to the environment npm and node run with. */
export function scratchProject (name: string, extraEnv: NodeJS.ProcessEnv = {}): Scratch {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), `ristretto-${name}-`))
  fs.writeFileSync(path.join(dir, 'package.json'), JSON.stringify({ name, version: '1.0.0', private: true }, null, 2) + '\n')
  const env = { ...process.env, NODE_OPTIONS: '', NODE_ENV: 'test', npm_config_audit: 'false', npm_config_fund: 'false', npm_config_update_notifier: 'false', ...extraEnv }
  return {
    dir,
    install (...args) {
      return this.npm('install', ...args)
    },
    npm (...args) {
      const r = spawnSync('npm', args, { cwd: dir, encoding: 'utf8', env, timeout: 150_000 })
      return { status: r.status, stdout: r.stdout, stderr: r.stderr }
    },
    npmAsync (...args) {
      return run('npm', args, { cwd: dir, env, timeout: 150_000 })
    },
    write (file, text) {
      fs.mkdirSync(path.dirname(path.join(dir, file)), { recursive: true })
      fs.writeFileSync(path.join(dir, file), text)
    },
    node (...args) {
      const r = spawnSync(process.execPath, args, { cwd: dir, encoding: 'utf8', env, timeout: 30_000 })
      assert.equal(r.status, 0, `node ${args.join(' ')} exited with ${r.status}\n${r.stderr}`)
      return r.stdout
    },
    nodeAsync (...args) {
      return run(process.execPath, args, { cwd: dir, env, timeout: 60_000 })
    },
    remove () { fs.rmSync(dir, { recursive: true, force: true }) }
  }
}

/** Runs `command` to its end, killed after `timeout` ms; its exit code (null when killed) and output. */
function run (command: string, args: readonly string[], options: { cwd: string, env: NodeJS.ProcessEnv, timeout: number }): Promise<RunResult> {
  return new Promise((resolve) => {
    const child = spawn(command, args, { cwd: options.cwd, env: options.env, timeout: options.timeout })
    let stdout = ''
    let stderr = ''
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => { stdout += chunk })
    child.stderr.setEncoding('utf8').on('data', (chunk: string) => { stderr += chunk })
    child.on('error', (err) => { resolve({ status: null, stdout, stderr: `${stderr}${String(err)}` }) })
    child.on('close', (status) => { resolve({ status, stdout, stderr }) })
  })
}

/** The project's own TypeScript compiler, run on a scratch project's tsconfig.json; its diagnostics ('' when none). */
export function typecheck (dir: string): string {
  const r = spawnSync(process.execPath, [require.resolve('typescript/bin/tsc'), '-p', dir], { cwd: dir, encoding: 'utf8', timeout: 120_000 })
  return r.status === 0 ? '' : `${r.stdout}${r.stderr}`
}

/**
 * A CommonJS script that starts `app` (the module `appFile` exports) on a free loopback port,
 * makes each request of `requests` in turn and prints one JSON line per response: status, the
 * headers named in `headers` and the body.
 */
export function requestScript (appFile: string, requests: ReadonlyArray<{ method?: string, path: string, body?: string, type?: string }>, headers: readonly string[]): string {
  return `
    const app = require(${JSON.stringify(appFile)})
    const server = app.listen(0, '127.0.0.1', async () => {
      const base = 'http://127.0.0.1:' + server.address().port
      try {
        for (const r of ${JSON.stringify(requests)}) {
          const res = await fetch(base + r.path, { method: r.method || 'GET', body: r.body, headers: r.type ? { 'content-type': r.type } : {} })
          const picked = {}
          for (const name of ${JSON.stringify(headers)}) picked[name] = res.headers.get(name)
          console.log(JSON.stringify({ request: (r.method || 'GET') + ' ' + r.path, status: res.status, headers: picked, body: await res.text() }))
        }
      } finally {
        server.close()
      }
    })
  `
}

/** A registry on the loopback interface, for npm's `registry` setting. */
export interface Registry { url: string, close (): Promise<void> }

/**
 * A registry that publishes the editions of `packed` as `ristretto-express` (each version from
 * its tarball, `latest` the newest) and sends every other request on to the registry npm is set
 * to use (a redirect): the registry form of the README's commands, before the editions are
 * published.
 */
export async function editionRegistry (packed: Packed): Promise<Registry> {
  const upstream = spawnSync('npm', ['config', 'get', 'registry'], { encoding: 'utf8' }).stdout.trim().replace(/\/$/, '')
  const editions = [packed.edition(4), packed.edition(5)].map((tarball) => {
    const data = fs.readFileSync(tarball)
    const manifest = JSON.parse(spawnSync('tar', ['-xzOf', tarball, 'package/package.json'], { encoding: 'utf8' }).stdout) as { name: string, version: string }
    const integrity = `sha512-${crypto.createHash('sha512').update(data).digest('base64')}`
    return { file: `/ristretto-express/-/${path.basename(tarball)}`, data, manifest, integrity, shasum: crypto.createHash('sha1').update(data).digest('hex') }
  })
  const server = http.createServer((req, res) => {
    const base = `http://127.0.0.1:${(server.address() as { port: number }).port}`
    if (req.url === '/ristretto-express') {
      const versions = Object.fromEntries(editions.map((e) => [e.manifest.version, { ...e.manifest, _id: `${e.manifest.name}@${e.manifest.version}`, dist: { tarball: base + e.file, integrity: e.integrity, shasum: e.shasum } }]))
      res.setHeader('content-type', 'application/json')
      res.end(JSON.stringify({ name: 'ristretto-express', 'dist-tags': { latest: editions[editions.length - 1].manifest.version }, versions }))
      return
    }
    const tarball = editions.find((e) => e.file === req.url)
    if (tarball !== undefined) {
      res.end(tarball.data)
      return
    }
    res.writeHead(302, { location: upstream + (req.url ?? '/') })
    res.end()
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  return {
    url: `http://127.0.0.1:${(server.address() as { port: number }).port}/`,
    close: async () => {
      server.closeAllConnections()
      await new Promise((resolve) => server.close(resolve))
    }
  }
}
