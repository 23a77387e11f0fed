// Swapping Express for an edition in projects that exist, with a lockfile, and going back. Each
// project takes one path in and one out:
//
// - NestJS 10 (@nestjs/platform-express pins express 4.22.1) beside the project's own express
//   4.21.2 and express-rate-limit (express as a peer), the Express 4 edition: npm's own commands
//   (the override, then `npm install express@file:../…`) over a lockfile that nests Nest's
//   express; `ristretto-express swap` ends the swap; `ristretto-express restore` puts Express 4 back.
// - NestJS 11 (pins 5.2.1), the Express 5 edition: `npm install express@file:../…` alone, then
//   `ristretto-express swap`; `npm install express@5.3.0` puts Express 5 back, with npm alone.
// - NestJS 12 (pins 5.3.0, the edition's version), the Express 5 edition: `npm install
//   express@file:../…` alone; `ristretto-express restore` puts Express 5 back.
// - An Express 5 app with express-rate-limit, the edition from a registry
//   (`npm install express@npm:ristretto-express@^5`, from a loopback registry that publishes the
//   packed editions); `ristretto-express restore` puts Express 5 back.
//
// After each step: how many expresses `npm ls express --all` lists and the command's check finds,
// which one `require('express')` loads from the project and from each package that asks for it,
// which one the app serves its requests with (the answers those of the step before the swap), and,
// after going back, that nothing of the edition is left in node_modules.
import { describe, it, before, after } from 'node:test'
import assert from 'node:assert/strict'
import fs from 'node:fs'
import path from 'node:path'
import { ROOT } from '../support/built-package'
import { editionRegistry, packAll, scratchProject, type Packed, type Registry, type Scratch, type RunResult } from './support'

/** The command as the packages ship it (the build pack:all packs). */
const COMMAND = path.join(ROOT, 'dist', 'editions', 'cli', 'index.js')

/** NestJS of one major, with what its apps need. */
function nest (major: number): Record<string, string> {
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
const NEST_APP = `
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
const EXPRESS_APP = `
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
interface State {
  /** The folders of the expresses `npm ls express --all` lists. */
  copies: string[]
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
interface Command { line: string, run: () => Promise<RunResult> }

/** A project taking a swap path, with its states after each step. */
interface Path {
  project: Scratch
  /** Package folders whose `require('express')` the states record. */
  packages: string[]
  steps: Map<string, { commands: string[], run: RunResult[], state: State, ms: number }>
}

function succeeded (r: RunResult, what: string): void {
  assert.equal(r.status, 0, `${what} exited with ${r.status}:\n${r.stdout}\n${r.stderr}`)
}

async function stateOf (p: Path): Promise<State> {
  const { project } = p
  const [parseable, check, loads, app] = await Promise.all([
    project.npmAsync('ls', 'express', '--all', '--parseable'),
    project.nodeAsync(COMMAND, 'check', '--json'),
    project.nodeAsync('loads.js'),
    project.nodeAsync('app.js')
  ])
  succeeded(loads, 'loads.js')
  succeeded(app, 'the app')
  const root = fs.realpathSync(project.dir)
  return {
    copies: parseable.stdout.trim().split('\n').filter((line) => line !== '').map((line) => path.relative(root, line).split(path.sep).join('/')),
    check: { status: check.status, ...JSON.parse(check.stdout) },
    loads: JSON.parse(loads.stdout),
    leftovers: editionFiles(project.dir),
    served: JSON.parse(app.stdout),
    spec: JSON.parse(fs.readFileSync(path.join(project.dir, 'package.json'), 'utf8')).dependencies.express
  }
}

/** Runs a step's commands in turn, then records the state. */
async function step (p: Path, name: string, commands: readonly Command[]): Promise<void> {
  const started = Date.now()
  const run: RunResult[] = []
  for (const command of commands) run.push(await command.run())
  p.steps.set(name, { commands: commands.map((c) => c.line), run, state: await stateOf(p), ms: Date.now() - started })
}

function stateAt (p: Path | undefined, name: string): State {
  const state = p?.steps.get(name)?.state
  assert.ok(state, `no state after ${name}`)
  return state
}

/** Sets the project's `overrides.express` to `$express`, as the README says to by hand. */
function addOverride (project: Scratch): RunResult {
  const file = path.join(project.dir, 'package.json')
  const manifest = JSON.parse(fs.readFileSync(file, 'utf8')) as Record<string, unknown>
  fs.writeFileSync(file, JSON.stringify({ ...manifest, overrides: { express: '$express' } }, null, 2) + '\n')
  return { status: 0, stdout: '', stderr: '' }
}

/**
 * Asserts one express in the tree, `expected` (`name@version`), loaded by the project, each
 * package and the app, which answers as it did before the swap.
 */
function assertOne (p: Path | undefined, name: string, expected: string): void {
  const state = stateAt(p, name)
  assert.deepEqual(state.copies, ['node_modules/express'])
  assert.equal(state.check.status, 0, `check: ${state.check.problem}`)
  assert.deepEqual(state.check.expresses.map((copy) => `${copy.name}@${copy.version} ${copy.path}`), [`${expected} node_modules/express`])
  assert.deepEqual(state.loads, Object.fromEntries(['.', ...p!.packages].map((from) => [from, `${expected} node_modules/express`])))
  assert.deepEqual(state.served.loaded, [expected])
  assert.deepEqual(state.served.responses, stateAt(p, 'install').served.responses)
}

/** The version of the one express of a step's tree, of Express's `major`, after going back. */
function restoredVersion (p: Path | undefined, name: string, major: number): string {
  const version = stateAt(p, name).check.expresses[0]?.version ?? ''
  assert.match(version, new RegExp(`^${major}\\.`))
  return version
}

describe('swapping Express for an edition in a project with a lockfile, and back', () => {
  let packed: Packed
  let registry: Registry
  const paths = new Map<string, Path>()

  /** The tarball of an edition as the project names it: a path relative to the project. */
  const relative = (p: Path, major: 4 | 5): string => `file:${path.relative(p.project.dir, packed.edition(major)).split(path.sep).join('/')}`
  const npm = (p: Path, ...args: string[]): Command => ({ line: `npm ${args.join(' ')}`, run: async () => await p.project.npmAsync(...args) })
  const command = (p: Path, ...args: string[]): Command => ({ line: `npx ristretto-express ${args.join(' ')}`, run: async () => await p.project.npmAsync('exec', '--', 'ristretto-express', ...args) })

  /** A project with `dependencies` and `app`, installed (its lockfile written). */
  async function installed (name: string, dependencies: Record<string, string>, app: string, packages: string[], env?: NodeJS.ProcessEnv): Promise<Path> {
    const project = scratchProject(`swap-${name}`, env)
    project.write('package.json', JSON.stringify({ name, version: '1.0.0', private: true, dependencies }, null, 2) + '\n')
    project.write('app.js', app)
    project.write('loads.js', loadsScript(packages))
    const p: Path = { project, packages, steps: new Map() }
    paths.set(name, p)
    await step(p, 'install', [npm(p, 'install')])
    return p
  }

  before(async () => {
    packed = packAll()
    registry = await editionRegistry(packed)
    const flows = await Promise.allSettled([
      (async () => {
        const p = await installed('nest10', { ...nest(10), express: '4.21.2', 'express-rate-limit': '^8.2.1' }, NEST_APP, ['@nestjs/platform-express', 'express-rate-limit'])
        await step(p, 'npm', [{ line: 'add "overrides": { "express": "$express" } to package.json', run: async () => addOverride(p.project) }, npm(p, 'install', `express@${relative(p, 4)}`)])
        await step(p, 'swap', [command(p, 'swap')])
        await step(p, 'restore', [command(p, 'restore')])
      })(),
      (async () => {
        const p = await installed('nest11', nest(11), NEST_APP, ['@nestjs/platform-express'])
        await step(p, 'npm', [npm(p, 'install', `express@${relative(p, 5)}`)])
        await step(p, 'swap', [command(p, 'swap')])
        await step(p, 'back', [npm(p, 'install', 'express@5.3.0')])
      })(),
      (async () => {
        const p = await installed('nest12', nest(12), NEST_APP, ['@nestjs/platform-express'])
        await step(p, 'npm', [npm(p, 'install', `express@${relative(p, 5)}`)])
        await step(p, 'restore', [command(p, 'restore')])
      })(),
      (async () => {
        const p = await installed('registry', { express: '5.2.1', 'express-rate-limit': '^8.2.1' }, EXPRESS_APP, ['express-rate-limit'], { npm_config_registry: registry.url })
        await step(p, 'npm', [npm(p, 'install', 'express@npm:ristretto-express@^5')])
        await step(p, 'restore', [command(p, 'restore')])
      })()
    ])
    for (const flow of flows) if (flow.status === 'rejected') throw flow.reason
  })
  after(async () => {
    await registry?.close()
    packed?.remove()
    for (const p of paths.values()) p.project.remove()
  })

  it('runs every step (each step\'s commands and expresses printed)', (t) => {
    for (const [name, p] of paths) {
      for (const [stepName, { commands, run, state, ms }] of p.steps) {
        run.forEach((r, i) => succeeded(r, `${name}, step ${stepName}: ${commands[i]}`))
        const expresses = state.check.expresses.map((copy) => `${copy.path} (${copy.name} ${copy.version})`).join(', ')
        t.diagnostic(`${name}, ${stepName} (${ms} ms): ${commands.join('; ')} -> ${expresses}`)
      }
    }
  })

  describe('NestJS 10 and peer middleware, the Express 4 edition: npm\'s commands, then ristretto-express swap and restore', () => {
    const p = (): Path | undefined => paths.get('nest10')

    it('starts with two expresses: the project\'s 4.21.2 and the 4.22.1 Nest pins', () => {
      const state = stateAt(p(), 'install')
      assert.deepEqual(state.copies, ['node_modules/express', 'node_modules/@nestjs/platform-express/node_modules/express'])
      assert.equal(state.check.status, 0)
      assert.deepEqual(state.served.loaded, ['express@4.22.1'])
    })

    it('after the override and npm install express@file:../…, the check fails loudly where npm left Nest its own express', () => {
      const state = stateAt(p(), 'npm')
      assert.equal(state.loads['.'], 'ristretto-express@4.22.0 node_modules/express')
      assert.equal(state.check.status, state.copies.length === 1 ? 0 : 1, state.copies.join(', '))
      if (state.copies.length > 1) assert.match(state.check.problem ?? '', /^a half-done swap: 2 expresses in the tree, the edition 4\.22\.0, Express 4\.22\.1$/)
    })

    it('after ristretto-express swap: the edition is the one express, for Nest and the peer middleware', () => {
      assertOne(p(), 'swap', 'ristretto-express@4.22.0')
    })

    it('after ristretto-express restore: Express 4 is the one express, and nothing of the edition is left', () => {
      const version = restoredVersion(p(), 'restore', 4)
      assertOne(p(), 'restore', `express@${version}`)
      assert.deepEqual(stateAt(p(), 'restore').leftovers, [])
      assert.equal(stateAt(p(), 'restore').spec, `^${version}`)
    })
  })

  describe('NestJS 11, the Express 5 edition: npm install, then ristretto-express swap; back with npm install express@5.3.0', () => {
    const p = (): Path | undefined => paths.get('nest11')

    it('installed alone, the edition leaves Nest its own express: two expresses, and the check says so', () => {
      const state = stateAt(p(), 'npm')
      assert.deepEqual(state.copies, ['node_modules/express', 'node_modules/@nestjs/platform-express/node_modules/express'])
      assert.equal(state.check.status, 1)
      assert.equal(state.check.problem, 'a half-done swap: 2 expresses in the tree, the edition 5.3.0, Express 5.2.1')
      assert.deepEqual(state.served.loaded, ['express@5.2.1'])
    })

    it('after ristretto-express swap: the edition is the one express', () => {
      assertOne(p(), 'swap', 'ristretto-express@5.3.0')
    })

    it('after npm install express@5.3.0: Express 5.3.0 is the one express, and nothing of the edition is left', () => {
      assertOne(p(), 'back', 'express@5.3.0')
      assert.deepEqual(stateAt(p(), 'back').leftovers, [])
    })
  })

  describe('NestJS 12, the Express 5 edition: npm install alone; back with ristretto-express restore', () => {
    const p = (): Path | undefined => paths.get('nest12')

    it('installed alone, the edition is the one express (Nest pins 5.3.0, the edition\'s version)', () => {
      assertOne(p(), 'npm', 'ristretto-express@5.3.0')
    })

    it('after ristretto-express restore: Express 5 is the one express, and nothing of the edition is left', () => {
      assertOne(p(), 'restore', `express@${restoredVersion(p(), 'restore', 5)}`)
      assert.deepEqual(stateAt(p(), 'restore').leftovers, [])
    })
  })

  describe('an Express 5 app with peer middleware, the edition from a registry: npm install express@npm:ristretto-express@^5; back with ristretto-express restore', () => {
    const p = (): Path | undefined => paths.get('registry')

    it('installs the edition as the one express, saved as npm saves an alias', () => {
      assertOne(p(), 'npm', 'ristretto-express@5.3.0')
      assert.equal(stateAt(p(), 'npm').spec, 'npm:ristretto-express@^5.3.0')
    })

    it('after ristretto-express restore: Express 5 is the one express, and nothing of the edition is left', () => {
      assertOne(p(), 'restore', `express@${restoredVersion(p(), 'restore', 5)}`)
      assert.deepEqual(stateAt(p(), 'restore').leftovers, [])
    })
  })
})
