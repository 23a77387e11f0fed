// Scratch projects that install packages as users do: the tarballs `npm run pack:all` writes,
// beside packages from the registry, with a plain `npm install`; and the swap paths the
// tests of swap/ take such a project along, from Express to an edition and back.
import { describe, it, before, after } from 'node:test'
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

/** The folder test/run.mjs shares between the files of its run (removed at its end); undefined outside it. */
const RUN_DIR = process.env.RISTRETTO_TEST_RUN

/**
 * The tarballs of the run: the first file that packs makes this folder (its claim) and packs into
 * it; the others wait for its result.json. Outside test/run.mjs, each file packs its own.
 */
const SHARED_PACKS = RUN_DIR === undefined ? undefined : path.join(RUN_DIR, 'packs')

/** How long a file waits for the run's tarballs that another file is packing. */
const SHARED_PACKS_WAIT = 150_000

/** Where a file's tarballs are: a folder of its own or the run's; `pack`: this file packs them. */
interface PackTarget { dir: string, shared: boolean, pack: boolean }

/** Claims the run's folder for the tarballs, or makes one of the file's own; the build made first. */
function packTarget (): PackTarget {
  ensureBuilt()
  if (SHARED_PACKS === undefined) return { dir: fs.mkdtempSync(path.join(os.tmpdir(), 'ristretto-packs-')), shared: false, pack: true }
  try {
    fs.mkdirSync(SHARED_PACKS)
    return { dir: SHARED_PACKS, shared: true, pack: true }
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err
    return { dir: SHARED_PACKS, shared: true, pack: false }
  }
}

/** node's arguments for pack:all into `dir`. */
function packArgs (dir: string): string[] {
  return [path.join(ROOT, 'scripts', 'pack-all.mjs'), dir, '--no-build']
}

/** The tarballs pack:all's run `r` wrote into `target`'s folder; the run's other files read `r` from result.json. */
function finishPacking (target: PackTarget, r: RunResult): Packed {
  if (target.shared) {
    const result = path.join(target.dir, 'result.json')
    fs.writeFileSync(`${result}.${process.pid}`, JSON.stringify({ status: r.status, stdout: r.stdout, stderr: r.stderr }))
    fs.renameSync(`${result}.${process.pid}`, result)
  }
  return packedIn(target, r)
}

/** The run's tarballs once the file packing them is done; undefined until then, failing SHARED_PACKS_WAIT ms after `since`. */
function sharedPacks (target: PackTarget, since: number): Packed | undefined {
  const result = path.join(target.dir, 'result.json')
  if (fs.existsSync(result)) return packedIn(target, JSON.parse(fs.readFileSync(result, 'utf8')) as RunResult)
  assert.ok(Date.now() - since < SHARED_PACKS_WAIT, `no tarballs in ${target.dir} after ${SHARED_PACKS_WAIT} ms`)
  return undefined
}

/** The tarballs in `target`'s folder, as pack:all's run `r` printed them. */
function packedIn ({ dir, shared }: PackTarget, r: RunResult): Packed {
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
    // The run's tarballs go with the run: test/run.mjs removes them.
    remove () { if (!shared) fs.rmSync(dir, { recursive: true, force: true }) }
  }
}

/**
 * Packs every package of the project (the build made once for the run) into a temporary folder;
 * under test/run.mjs, the run's tarballs, packed by the first file that asks.
 */
export function packAll (): Packed {
  const target = packTarget()
  if (target.pack) return finishPacking(target, spawnSync(process.execPath, packArgs(target.dir), { cwd: ROOT, encoding: 'utf8', timeout: 120_000 }))
  const since = Date.now()
  const pause = new Int32Array(new SharedArrayBuffer(4))
  for (;;) {
    const found = sharedPacks(target, since)
    if (found !== undefined) return found
    Atomics.wait(pause, 0, 0, 250)
  }
}

/** As `packAll`, without blocking (a project can install meanwhile). */
export async function packAllAsync (): Promise<Packed> {
  const target = packTarget()
  if (target.pack) return finishPacking(target, await run(process.execPath, packArgs(target.dir), { cwd: ROOT, env: process.env, timeout: 120_000 }))
  const since = Date.now()
  for (;;) {
    const found = sharedPacks(target, since)
    if (found !== undefined) return found
    await new Promise((resolve) => setTimeout(resolve, 250))
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

/**
 * Removes `dir`, a project npm installed into; under test/run.mjs, moves it into the run's folder,
 * removed at the run's end, as deleting thousands of files of node_modules takes seconds of the
 * file's time on a busy disk.
 */
export function discard (dir: string): void {
  if (RUN_DIR !== undefined) {
    const discarded = path.join(RUN_DIR, 'discarded')
    fs.mkdirSync(discarded, { recursive: true })
    try {
      fs.renameSync(dir, path.join(discarded, path.basename(dir)))
      return
    } catch {
      // Another file system (EXDEV): deleted here.
    }
  }
  fs.rmSync(dir, { recursive: true, force: true })
}

/** Runs `command` to its end, killed after `timeout` ms; its exit code (null when killed) and output. */
export function run (command: string, args: readonly string[], options: { cwd: string, env: NodeJS.ProcessEnv, timeout: number }): Promise<RunResult> {
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

// Swap paths: a project that exists (installed, its lockfile written) takes one path from Express
// to an edition and back, one step at a time. After each step the path records how many
// expresses `npm ls express --all` lists and the command's check finds, which one
// `require('express')` loads from the project and from each package that asks for it, which one
// the app serves its requests with, and what of an edition is left in node_modules.

/** The command as the packages ship it (the build pack:all packs). */
const COMMAND = path.join(ROOT, 'dist', 'editions', 'cli', 'index.js')

/** NestJS of one major, with what its apps need. */
export function nest (major: number): Record<string, string> {
  return { '@nestjs/common': `^${major}.0.0`, '@nestjs/core': `^${major}.0.0`, '@nestjs/platform-express': `^${major}.0.0`, 'reflect-metadata': '^0.2.2', rxjs: '^7.8.2' }
}

/**
 * Requests `base` (an expression) for two paths, a route and none, and prints each response
 * (status, X-Powered-By, RateLimit, body) and the express packages the process loaded.
 */
function served (base: string): string {
  return `
    const responses = []
    for (const p of ['/items/7?tag=a', '/nowhere']) {
      const res = await fetch(${base} + p)
      responses.push({ path: p, status: res.status, poweredBy: res.headers.get('x-powered-by'), rateLimit: res.headers.get('ratelimit'), body: await res.text() })
    }
    const loaded = Object.keys(require.cache).filter((f) => /[\\\\/]node_modules[\\\\/]express[\\\\/]index\\.js$/.test(f))
      .map((f) => { const pkg = require(require('path').join(require('path').dirname(f), 'package.json')); return pkg.name + '@' + pkg.version })
    console.log(JSON.stringify({ responses, loaded }))
  `
}

/** A Nest app in plain JavaScript (decorators applied as functions): a controller with a route parameter and the request. */
export const NEST_APP = `
require('reflect-metadata')
const { Module, Controller, Get, Param, Req } = require('@nestjs/common')
const { NestFactory } = require('@nestjs/core')

class ItemsController {
  find (id, req) { return { id, query: req.query, url: req.originalUrl } }
}
Reflect.decorate([Get(':id')], ItemsController.prototype, 'find', Object.getOwnPropertyDescriptor(ItemsController.prototype, 'find'))
Param('id')(ItemsController.prototype, 'find', 0)
Req()(ItemsController.prototype, 'find', 1)
Controller('items')(ItemsController)
class AppModule {}
Module({ controllers: [ItemsController] })(AppModule)

async function main () {
  const app = await NestFactory.create(AppModule, { logger: false })
  await app.listen(0, '127.0.0.1')
  ${served("'http://127.0.0.1:' + app.getHttpServer().address().port")}
  await app.close()
}
main().catch((err) => { console.error(err); process.exit(1) })
`

/** An Express app behind express-rate-limit. */
export const EXPRESS_APP = `
const express = require('express')
const { rateLimit } = require('express-rate-limit')
const app = express()
app.use(rateLimit({ windowMs: 60000, limit: 100, standardHeaders: 'draft-7', legacyHeaders: false }))
app.get('/items/:id', (req, res) => { res.json({ id: req.params.id, query: req.query, url: req.originalUrl }) })
const server = app.listen(0, '127.0.0.1', async () => {
  ${served("'http://127.0.0.1:' + server.address().port")}
  server.close()
})
`

/** A CommonJS script printing, for the project and each package named, the express `require('express')` loads from its folder. */
function loadsScript (packages: readonly string[]): string {
  return `
    const path = require('path')
    const { createRequire } = require('module')
    const found = {}
    for (const from of ['.', ...${JSON.stringify(packages)}]) {
      const dir = path.join(process.cwd(), from === '.' ? '' : path.join('node_modules', from))
      const main = createRequire(path.join(dir, 'index.js')).resolve('express')
      const pkg = require(path.join(path.dirname(main), 'package.json'))
      found[from] = pkg.name + '@' + pkg.version + ' ' + path.relative(process.cwd(), path.dirname(main)).split(path.sep).join('/')
    }
    console.log(JSON.stringify(found))
  `
}

/**
 * What an edition would leave in `dir`'s node_modules: a package named ristretto-express, the
 * edition's build (dist/presets) or its lib/node_modules inside an express folder, and the
 * edition's router (its package.json says it is Ristretto's).
 */
function editionFiles (dir: string): string[] {
  const found: string[] = []
  ;(function walk (folder: string): void {
    for (const entry of fs.readdirSync(folder, { withFileTypes: true })) {
      if (!entry.isDirectory() || entry.name === '.bin') continue
      const full = path.join(folder, entry.name)
      const manifest = path.join(full, 'package.json')
      if (fs.existsSync(manifest)) {
        const pkg = JSON.parse(fs.readFileSync(manifest, 'utf8')) as { name?: string, description?: string }
        if (pkg.name === 'ristretto-express' || /Ristretto/i.test(pkg.description ?? '')) found.push(path.relative(dir, full))
        for (const inside of ['dist/presets', 'lib/node_modules']) {
          if (entry.name === 'express' && fs.existsSync(path.join(full, inside))) found.push(path.relative(dir, path.join(full, inside)))
        }
      }
      walk(full)
    }
  })(path.join(dir, 'node_modules'))
  return found
}

/** A project's state after a step. */
export interface SwapState {
  /** The folders of the expresses `npm ls express --all` lists. */
  copies: string[]
  /** What `npm ls express --all` prints, the project's own line left out. */
  tree: string
  /** The command's check: its exit code and what it found. */
  check: { status: number | null, expresses: Array<{ path: string, name: string, version: string }>, problem?: string }
  /** For the project and each package named: the express it loads (`name@version folder`). */
  loads: Record<string, string>
  /** What an edition left in node_modules. */
  leftovers: string[]
  /** What the app answered and the expresses its process loaded. */
  served: { responses: unknown[], loaded: string[] }
  /** package.json's `express` dependency. */
  spec: string
}

/** A command of a step: what it is, as a user types it, and how the test runs it. */
export interface SwapCommand { line: string, run: () => Promise<RunResult> }

/** A project taking a swap path, with its states after each step. */
export interface SwapPath {
  project: Scratch
  /** Package folders whose `require('express')` the states record. */
  packages: readonly string[]
  steps: Map<string, { commands: string[], run: RunResult[], state: SwapState, ms: number }>
  /** Runs a step's commands in turn, then records the state as the step `name`. */
  step (name: string, commands: readonly SwapCommand[]): Promise<void>
  /** `npm ARGS` in the project. */
  npm (...args: string[]): SwapCommand
  /** `npx ristretto-express ARGS` in the project. */
  command (...args: string[]): SwapCommand
  /** Sets package.json's `overrides.express` to `$express`, as the README says to by hand. */
  addOverride (): SwapCommand
  /** The tarball of an edition as the project names it: `file:` and its path relative to the project. */
  tarball (major: 4 | 5): string
}

function succeeded (r: RunResult, what: string): void {
  assert.equal(r.status, 0, `${what} exited with ${r.status}:\n${r.stdout}\n${r.stderr}`)
}

async function stateOf (project: Scratch): Promise<SwapState> {
  const [parseable, tree, check, loads, app] = await Promise.all([
    project.npmAsync('ls', 'express', '--all', '--parseable'),
    project.npmAsync('ls', 'express', '--all'),
    project.nodeAsync(COMMAND, 'check', '--json'),
    project.nodeAsync('loads.js'),
    project.nodeAsync('app.js')
  ])
  succeeded(loads, 'loads.js')
  succeeded(app, 'the app')
  const root = fs.realpathSync(project.dir)
  return {
    copies: parseable.stdout.trim().split('\n').filter((line) => line !== '').map((line) => path.relative(root, line).split(path.sep).join('/')),
    tree: tree.stdout.trim().split('\n').slice(1).join('\n'),
    check: { status: check.status, ...JSON.parse(check.stdout) },
    loads: JSON.parse(loads.stdout),
    leftovers: editionFiles(project.dir),
    served: JSON.parse(app.stdout),
    spec: JSON.parse(fs.readFileSync(path.join(project.dir, 'package.json'), 'utf8')).dependencies.express
  }
}

/** A swap path's project and the steps it takes after its install. */
export interface SwapPathDefinition {
  /** The project's name (and its folder's). */
  name: string
  dependencies: Record<string, string>
  /** app.js: an app that serves two requests and prints what it answered (NEST_APP, EXPRESS_APP). */
  app: string
  packages: readonly string[]
  /** Installs from a registry that also publishes the packed editions as ristretto-express (editionRegistry). */
  registry?: boolean
  /** The steps after `install`, each through `path.step`. */
  steps: (path: SwapPath) => Promise<void>
}

/**
 * Describes one swap path: before its tests, packs the packages and installs the project (the
 * step `install`, its lockfile written), then takes the path's steps; a first test asserts that
 * every command of every step succeeded and prints each step's commands, the expresses the check
 * finds after it and what `npm ls express --all` prints. `tests` gets the path (undefined when its
 * setup failed).
 */
export function describeSwapPath (title: string, definition: SwapPathDefinition, tests: (path: () => SwapPath | undefined) => void): void {
  describe(title, () => {
    let packed: Packed | undefined
    let registry: Registry | undefined
    let swapPath: SwapPath | undefined

    before(async () => {
      // The tarballs pack while the project installs; the registry serves them from the start.
      const packing = packAllAsync()
      // Registry metadata from npm's cache where it has it: the paths test what npm makes of the
      // tree, not how fast the registry answers.
      const env: NodeJS.ProcessEnv = { npm_config_prefer_offline: 'true' }
      if (definition.registry === true) {
        packed = await packing
        registry = await editionRegistry(packed)
        env.npm_config_registry = registry.url
      }
      const project = scratchProject(`swap-${definition.name}`, env)
      project.write('package.json', JSON.stringify({ name: definition.name, version: '1.0.0', private: true, dependencies: definition.dependencies }, null, 2) + '\n')
      project.write('app.js', definition.app)
      project.write('loads.js', loadsScript(definition.packages))
      const p: SwapPath = {
        project,
        packages: definition.packages,
        steps: new Map(),
        async step (name, commands) {
          const started = Date.now()
          const run: RunResult[] = []
          for (const command of commands) run.push(await command.run())
          p.steps.set(name, { commands: commands.map((c) => c.line), run, state: await stateOf(project), ms: Date.now() - started })
        },
        npm: (...args) => ({ line: `npm ${args.join(' ')}`, run: async () => await project.npmAsync(...args) }),
        command: (...args) => ({ line: `npx ristretto-express ${args.join(' ')}`, run: async () => await project.npmAsync('exec', '--', 'ristretto-express', ...args) }),
        addOverride: () => ({
          line: 'add "overrides": { "express": "$express" } to package.json',
          run: async () => {
            const file = path.join(project.dir, 'package.json')
            const manifest = JSON.parse(fs.readFileSync(file, 'utf8')) as Record<string, unknown>
            fs.writeFileSync(file, JSON.stringify({ ...manifest, overrides: { express: '$express' } }, null, 2) + '\n')
            return { status: 0, stdout: '', stderr: '' }
          }
        }),
        tarball (major) {
          assert.ok(packed, 'no tarballs')
          return `file:${path.relative(project.dir, packed.edition(major)).split(path.sep).join('/')}`
        }
      }
      swapPath = p
      const [packs, install] = await Promise.allSettled([packing, p.step('install', [p.npm('install')])])
      if (packs.status === 'fulfilled') packed = packs.value
      for (const settled of [packs, install]) if (settled.status === 'rejected') throw settled.reason
      await definition.steps(p)
    })
    after(async () => {
      await registry?.close()
      packed?.remove()
      if (swapPath !== undefined) discard(swapPath.project.dir)
    })

    it('runs every step (each step\'s commands and expresses printed)', (t) => {
      assert.ok(swapPath, 'the project was not made')
      for (const [stepName, { commands, run, state, ms }] of swapPath.steps) {
        run.forEach((r, i) => succeeded(r, `${definition.name}, step ${stepName}: ${commands[i]}`))
        const expresses = state.check.expresses.map((copy) => `${copy.path} (${copy.name} ${copy.version})`).join(', ')
        t.diagnostic(`${definition.name}, ${stepName} (${ms} ms): ${commands.join('; ')} -> ${expresses}`)
        t.diagnostic(`npm ls express --all:\n${state.tree}`)
      }
    })

    tests(() => swapPath)
  })
}

/** The state of `p` after the step `name`. */
export function stateAt (p: SwapPath | undefined, name: string): SwapState {
  const state = p?.steps.get(name)?.state
  assert.ok(state, `no state after ${name}`)
  return state
}

/**
 * Asserts one express in the tree, `expected` (`name@version`), loaded by the project, each
 * package and the app, which answers as it did before the swap.
 */
export function assertOne (p: SwapPath | undefined, name: string, expected: string): void {
  const state = stateAt(p, name)
  assert.deepEqual(state.copies, ['node_modules/express'])
  assert.equal(state.check.status, 0, `check: ${state.check.problem}`)
  assert.deepEqual(state.check.expresses.map((copy) => `${copy.name}@${copy.version} ${copy.path}`), [`${expected} node_modules/express`])
  assert.deepEqual(state.loads, Object.fromEntries(['.', ...p!.packages].map((from) => [from, `${expected} node_modules/express`])))
  assert.deepEqual(state.served.loaded, [expected])
  assert.deepEqual(state.served.responses, stateAt(p, 'install').served.responses)
}

/** The version of the one express of a step's tree, of Express's `major`, after going back. */
export function restoredVersion (p: SwapPath | undefined, name: string, major: number): string {
  const version = stateAt(p, name).check.expresses[0]?.version ?? ''
  assert.match(version, new RegExp(`^${major}\\.`))
  return version
}
