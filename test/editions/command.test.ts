// The ristretto-express command on trees laid out by hand (npm's nested folders, pnpm's store of
// symbolic links), with npm stood in for by a script that records its arguments: what check
// finds and when it fails, and what swap and restore change in package.json and the lockfile
// before they run npm. (swap/ runs them with npm on real projects.)
import { describe, it, before, after } from 'node:test'
import assert from 'node:assert/strict'
import { spawnSync } from 'node:child_process'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { ROOT, ensureBuilt } from '../support/built-package'

const COMMAND = path.join(ROOT, 'dist', 'editions', 'cli', 'index.js')

let scratch: string
let stub: string

before(() => {
  ensureBuilt()
  scratch = fs.mkdtempSync(path.join(os.tmpdir(), 'ristretto-command-'))
  // npm as the command finds it under npx: npm-cli.js beside npm_execpath.
  stub = path.join(scratch, 'npm-stub')
  fs.mkdirSync(stub)
  fs.writeFileSync(path.join(stub, 'npm-cli.js'), "require('fs').appendFileSync(process.env.NPM_STUB_LOG, JSON.stringify(process.argv.slice(2)) + '\\n')\n")
})
after(() => { fs.rmSync(scratch, { recursive: true, force: true }) })

/** Files of a project: paths to JSON values (package.json files) or to a symbolic link's target (`-> …`). */
type Layout = Record<string, object | string>

function project (layout: Layout): string {
  const dir = fs.mkdtempSync(path.join(scratch, 'project-'))
  for (const [file, content] of Object.entries(layout)) {
    const full = path.join(dir, file)
    fs.mkdirSync(path.dirname(full), { recursive: true })
    if (typeof content === 'string' && content.startsWith('-> ')) fs.symlinkSync(content.slice(3), full, 'dir')
    else fs.writeFileSync(full, typeof content === 'string' ? content : JSON.stringify(content, null, 2) + '\n')
  }
  return dir
}

interface Run { status: number | null, stdout: string, stderr: string, npm: string[][] }

function run (cwd: string, ...args: string[]): Run {
  const log = path.join(cwd, '.npm-args')
  fs.rmSync(log, { force: true })
  const r = spawnSync(process.execPath, [COMMAND, ...args], { cwd, encoding: 'utf8', env: { ...process.env, npm_execpath: path.join(stub, 'npx-cli.js'), NPM_STUB_LOG: log } })
  const npm = fs.existsSync(log) ? fs.readFileSync(log, 'utf8').trim().split('\n').map((line) => JSON.parse(line) as string[]) : []
  return { status: r.status, stdout: r.stdout, stderr: r.stderr, npm }
}

function readJson (file: string): any {
  return JSON.parse(fs.readFileSync(file, 'utf8'))
}

const EDITION_4 = { name: 'ristretto-express', version: '4.22.0', main: 'index.js' }
const EXPRESS_4 = { name: 'express', version: '4.22.1', main: 'index.js' }
const EXPRESS_5 = { name: 'express', version: '5.3.0', main: 'index.js' }

/** A project with the edition at the top and a package (nest) that npm gave its own express. */
const HALF_DONE: Layout = {
  'package.json': { name: 'app', version: '1.0.0', dependencies: { express: 'file:../ristretto-express-4.22.0.tgz', nest: '^10.0.0', limiter: '^8.0.0' } },
  'node_modules/express/package.json': EDITION_4,
  'node_modules/express/index.js': '',
  'node_modules/nest/package.json': { name: 'nest', version: '10.4.22', dependencies: { express: '4.22.1' } },
  'node_modules/nest/node_modules/express/package.json': EXPRESS_4,
  'node_modules/nest/node_modules/express/index.js': '',
  'node_modules/limiter/package.json': { name: 'limiter', version: '8.2.1', peerDependencies: { express: '>= 4.11' } },
  'node_modules/other/package.json': { name: 'other', version: '1.0.0' }
}

describe('ristretto-express check', () => {
  it('lists each express and who loads it, and fails on a half-done swap', () => {
    const r = run(project(HALF_DONE), 'check', '--json')
    assert.equal(r.status, 1)
    const found = JSON.parse(r.stdout)
    assert.deepEqual(found.expresses, [
      { path: 'node_modules/express', name: 'ristretto-express', version: '4.22.0', edition: true, usedBy: ['app@1.0.0', 'limiter@8.2.1'] },
      { path: 'node_modules/nest/node_modules/express', name: 'express', version: '4.22.1', edition: false, usedBy: ['nest@10.4.22'] }
    ])
    assert.equal(found.ok, false)
    assert.equal(found.problem, 'a half-done swap: 2 expresses in the tree, the edition 4.22.0, Express 4.22.1')
  })

  it('says so in words, with what to run', () => {
    const r = run(project(HALF_DONE), 'check')
    assert.equal(r.status, 1)
    assert.match(r.stdout, /node_modules\/nest\/node_modules\/express {2}express 4\.22\.1\n {6}loaded by nest@10\.4\.22/)
    assert.match(r.stdout, /a half-done swap: .*\nRun `ristretto-express swap`/)
  })

  it('passes with one express, the edition or Express, found from a folder inside the project', () => {
    const dir = project(Object.fromEntries(Object.entries(HALF_DONE).filter(([file]) => !file.startsWith('node_modules/nest/node_modules/'))))
    fs.mkdirSync(path.join(dir, 'src'))
    const r = run(path.join(dir, 'src'), 'check')
    assert.equal(r.status, 0, r.stdout)
    assert.match(r.stdout, /One express in the tree: the edition 4\.22\.0\./)
  })

  it('follows pnpm\'s store: each package loads the express beside it', () => {
    const store = 'node_modules/.pnpm'
    const dir = project({
      'package.json': { name: 'app', version: '1.0.0', dependencies: { express: '^5.3.0', nest: '^12.0.0' } },
      [`${store}/express@5.3.0/node_modules/express/package.json`]: EXPRESS_5,
      [`${store}/express@5.3.0/node_modules/express/index.js`]: '',
      [`${store}/nest@12.0.0/node_modules/nest/package.json`]: { name: 'nest', version: '12.0.0', dependencies: { express: '5.3.0' } },
      [`${store}/nest@12.0.0/node_modules/express`]: '-> ../../express@5.3.0/node_modules/express',
      'node_modules/express': '-> .pnpm/express@5.3.0/node_modules/express',
      'node_modules/nest': '-> .pnpm/nest@12.0.0/node_modules/nest'
    })
    const found = JSON.parse(run(dir, 'check', '--json').stdout)
    assert.deepEqual(found.expresses.map((copy: { path: string, usedBy: string[] }) => [copy.path, copy.usedBy]), [
      ['node_modules/.pnpm/express@5.3.0/node_modules/express', ['app@1.0.0', 'nest@12.0.0']]
    ])
    assert.equal(found.ok, true)
  })

  it('fails on an edition nothing loads (pnpm keeps one in its store until it prunes)', () => {
    const dir = project({
      'package.json': { name: 'app', version: '1.0.0', dependencies: { express: '5.3.0' } },
      'node_modules/.pnpm/express@5.3.0/node_modules/express/package.json': EXPRESS_5,
      'node_modules/.pnpm/express@5.3.0/node_modules/express/index.js': '',
      'node_modules/.pnpm/ristretto-express@5.3.0/node_modules/ristretto-express/package.json': { ...EDITION_4, version: '5.3.0' },
      'node_modules/express': '-> .pnpm/express@5.3.0/node_modules/express'
    })
    const r = run(dir, 'check', '--json')
    assert.equal(r.status, 1)
    assert.deepEqual(JSON.parse(r.stdout).leftovers, ['node_modules/.pnpm/ristretto-express@5.3.0/node_modules/ristretto-express'])
  })

  it('fails on files of an edition left in the tree: its build inside Express, its router', () => {
    const dir = project({
      'package.json': { name: 'app', version: '1.0.0', dependencies: { express: '5.3.0' } },
      'node_modules/express/package.json': { ...EXPRESS_5, dependencies: { router: '^2.2.0' } },
      'node_modules/express/index.js': '',
      'node_modules/express/dist/presets/express5.js': '',
      'node_modules/express/node_modules/router/package.json': { name: 'router', version: '2.3.0', description: "Ristretto's router 2.3.0, carried by ristretto-express" }
    })
    const r = run(dir, 'check', '--json')
    assert.equal(r.status, 1)
    assert.deepEqual(JSON.parse(r.stdout).leftovers, ['node_modules/express/node_modules/router', 'node_modules/express'])
  })

  it('finds express whose exports leave out its package.json', () => {
    const dir = project({
      'package.json': { name: 'app', version: '1.0.0', dependencies: { express: '5.3.0' } },
      'node_modules/express/package.json': { ...EXPRESS_5, exports: { '.': './index.js' } },
      'node_modules/express/index.js': ''
    })
    assert.deepEqual(JSON.parse(run(dir, 'check', '--json').stdout).expresses.map((copy: { path: string }) => copy.path), ['node_modules/express'])
  })
})

/** A lockfile with the edition at the top, Nest's own express nested with a dependency of its own, and other packages. */
const LOCK = {
  name: 'app',
  lockfileVersion: 3,
  packages: {
    '': { name: 'app', dependencies: { express: 'file:../ristretto-express-4.22.0.tgz', nest: '^10.0.0' } },
    'node_modules/express': { name: 'ristretto-express', version: '4.22.0', resolved: 'file:../ristretto-express-4.22.0.tgz' },
    'node_modules/express/node_modules/qs': { version: '6.16.2' },
    'node_modules/nest': { version: '10.4.22', dependencies: { express: '4.22.1' } },
    'node_modules/nest/node_modules/express': { version: '4.22.1', dependencies: { qs: '6.14.0' } },
    'node_modules/nest/node_modules/express/node_modules/qs': { version: '6.14.0' },
    'node_modules/express-rate-limit': { version: '8.2.1' },
    'node_modules/qs': { version: '6.14.0' }
  }
}

describe('ristretto-express swap [4|5|TARBALL]', () => {
  it('without an argument: sets the override, drops every copy of express from the lockfile, runs npm install', () => {
    const dir = project({ ...HALF_DONE, 'package-lock.json': LOCK })
    const r = run(dir, 'swap')
    assert.deepEqual(r.npm, [['install']])
    assert.deepEqual(readJson(path.join(dir, 'package.json')).overrides, { express: '$express' })
    assert.deepEqual(Object.keys(readJson(path.join(dir, 'package-lock.json')).packages), ['', 'node_modules/nest', 'node_modules/express-rate-limit', 'node_modules/qs'])
    assert.match(r.stderr, /dropped node_modules\/express, node_modules\/express\/node_modules\/qs, node_modules\/nest\/node_modules\/express, node_modules\/nest\/node_modules\/express\/node_modules\/qs/)
  })

  it('names the edition of an Express line from the registry, or a tarball by its path from the project', () => {
    const dir = project({ ...HALF_DONE, 'package-lock.json': LOCK })
    assert.deepEqual(run(dir, 'swap', '5').npm, [['install', 'express@npm:ristretto-express@^5']])
    fs.writeFileSync(path.join(scratch, 'edition.tgz'), '')
    fs.mkdirSync(path.join(dir, 'src'))
    assert.deepEqual(run(path.join(dir, 'src'), 'swap', '../../edition.tgz').npm, [['install', 'express@file:../edition.tgz']])
  })

  it('keeps express a dev dependency where it is one', () => {
    const dir = project({ 'package.json': { name: 'app', version: '1.0.0', devDependencies: { express: '^4.21.0' } } })
    assert.deepEqual(run(dir, 'swap', '4').npm, [['install', 'express@npm:ristretto-express@^4', '--save-dev']])
  })

  it('refuses what it cannot do: no edition named or installed, another override of express, a pnpm project', () => {
    const plain = project({ 'package.json': { name: 'app', version: '1.0.0', dependencies: { express: '^4.21.0' } } })
    const none = run(plain, 'swap')
    assert.equal(none.status, 2)
    assert.match(none.stderr, /not an edition: name one/)
    const overridden = project({ 'package.json': { name: 'app', version: '1.0.0', overrides: { express: '4.21.2' } } })
    const other = run(overridden, 'swap', '4')
    assert.equal(other.status, 2)
    assert.match(other.stderr, /overrides already set express to "4\.21\.2"/)
    const pnpm = project({ 'package.json': { name: 'app', version: '1.0.0' }, 'pnpm-lock.yaml': 'lockfileVersion: 9.0\n' })
    assert.match(run(pnpm, 'swap', '4').stderr, /installed with pnpm \(pnpm-lock\.yaml\)/)
    for (const dir of [plain, overridden, pnpm]) assert.equal(fs.existsSync(path.join(dir, '.npm-args')), false)
  })
})

describe('ristretto-express restore [VERSION]', () => {
  it('drops the edition\'s copies from the lockfile and installs Express of the edition\'s line', () => {
    const dir = project({ ...HALF_DONE, 'package-lock.json': LOCK })
    const r = run(dir, 'restore')
    assert.deepEqual(r.npm, [['install', 'express@4']])
    assert.deepEqual(Object.keys(readJson(path.join(dir, 'package-lock.json')).packages), [
      '', 'node_modules/nest', 'node_modules/nest/node_modules/express', 'node_modules/nest/node_modules/express/node_modules/qs', 'node_modules/express-rate-limit', 'node_modules/qs'
    ])
  })

  it('installs the version named', () => {
    assert.deepEqual(run(project(HALF_DONE), 'restore', '4.21.2').npm, [['install', 'express@4.21.2']])
  })

  it('asks for a version where no edition says which line', () => {
    const r = run(project({ 'package.json': { name: 'app', version: '1.0.0' } }), 'restore')
    assert.equal(r.status, 2)
    assert.match(r.stderr, /name the version/)
  })
})

describe('ristretto-express --help', () => {
  it('prints the commands; without a command, prints them and fails', () => {
    const help = run(scratch, '--help')
    assert.equal(help.status, 0)
    assert.match(help.stdout, /^Usage: ristretto-express <command>/)
    for (const command of ['check', 'swap [4|5|TARBALL]', 'restore [VERSION]']) assert.match(help.stdout, new RegExp(`\n  ${command.replace(/[[\]|]/g, '\\$&')} `))
    assert.equal(run(scratch).status, 2)
    const unknown = run(scratch, 'swop')
    assert.equal(unknown.status, 2)
    assert.match(unknown.stderr, /unknown command swop/)
  })
})
