// The three packages as they would be published: each tarball `npm run pack:all` writes holds what
// a user's install needs and nothing else (no tests, benchmarks, examples, TypeScript sources or
// source maps), every module it requires is in it, and `npm publish --dry-run` has nothing to
// warn about but the login a dry run does without. Prints each package's size.
import { describe, it, before, after } from 'node:test'
import assert from 'node:assert/strict'
import { spawnSync } from 'node:child_process'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { packAll, type Packed } from './support'

/** A relative `require("…")` (or `require('…')`) of built JavaScript; the path is its second group. */
const RELATIVE_REQUIRE = /\brequire\((["'])(\.{1,2}\/[^"']*)\1\)/g

/** Files no package ships: sources, maps, tests, benchmarks, examples, scripts. */
const NEVER = /(^|\/)(test|tests|bench|examples|scripts)\/|\.map$|(?<!\.d)\.m?ts$/

/** The files of a package, each of its tarball (relative to the package root), and its size. */
interface Unpacked { name: string, version: string, dir: string, files: string[], size: number, unpacked: number, manifest: Record<string, any> }

function unpack (tarball: string, into: string): Unpacked {
  const dir = fs.mkdtempSync(path.join(into, 'package-'))
  const r = spawnSync('tar', ['-xzf', tarball, '-C', dir, '--strip-components=1'], { encoding: 'utf8' })
  assert.equal(r.status, 0, r.stderr)
  const files: string[] = []
  let unpacked = 0
  ;(function walk (folder: string): void {
    for (const entry of fs.readdirSync(folder, { withFileTypes: true })) {
      const full = path.join(folder, entry.name)
      if (entry.isDirectory()) {
        walk(full)
      } else {
        files.push(path.relative(dir, full).split(path.sep).join('/'))
        unpacked += fs.statSync(full).size
      }
    }
  })(dir)
  const manifest = JSON.parse(fs.readFileSync(path.join(dir, 'package.json'), 'utf8'))
  return { name: manifest.name, version: manifest.version, dir, files: files.sort(), size: fs.statSync(tarball).size, unpacked, manifest }
}

/** The package's JavaScript that `entries` load through relative requires; fails on a require of a file the package lacks. */
function loadedFrom (pkg: Unpacked, entries: readonly string[]): Set<string> {
  const seen = new Set<string>()
  const pending = [...entries]
  while (pending.length > 0) {
    const file = pending.pop()!
    if (seen.has(file)) continue
    seen.add(file)
    for (const [, , spec] of fs.readFileSync(path.join(pkg.dir, file), 'utf8').matchAll(RELATIVE_REQUIRE)) {
      const target = path.posix.join(path.posix.dirname(file), spec)
      const found = [`${target}.js`, target, `${target}/index.js`].find((candidate) => pkg.files.includes(candidate))
      assert.ok(found, `${pkg.name}@${pkg.version}: ${file} requires ${spec}, which the package lacks`)
      pending.push(found)
    }
  }
  return seen
}

const kb = (bytes: number): string => `${(bytes / 1024).toFixed(1)} kB`

describe('the packages as published', () => {
  let packed: Packed
  let scratch: string
  const packages: Unpacked[] = []

  before(() => {
    packed = packAll()
    scratch = fs.mkdtempSync(path.join(os.tmpdir(), 'ristretto-packages-'))
    for (const tarball of packed.tarballs) packages.push(unpack(tarball, scratch))
  })
  after(() => {
    packed?.remove()
    if (scratch) fs.rmSync(scratch, { recursive: true, force: true })
  })

  it('packs ristretto and an edition of each Express line (sizes printed)', (t) => {
    assert.deepEqual(packages.map((p) => `${p.name}@${p.version.split('.')[0]}`), ['ristretto@0', 'ristretto-express@4', 'ristretto-express@5'])
    for (const p of packages) t.diagnostic(`${p.name}@${p.version}: ${p.files.length} files, ${kb(p.size)} packed, ${kb(p.unpacked)} unpacked`)
  })

  it('ships no tests, benchmarks, examples, scripts, TypeScript sources or source maps', () => {
    for (const p of packages) assert.deepEqual(p.files.filter((file) => NEVER.test(file)), [], p.name)
  })

  it('ristretto: the build (JavaScript and declarations), the command, package.json, README and LICENSE', () => {
    const [ristretto] = packages
    const unexpected = ristretto.files.filter((file) =>
      !['package.json', 'README.md', 'LICENSE'].includes(file) &&
      !/^dist\/(kernel|plugins|presets)\/.+\.(js|mjs|d\.ts|d\.mts)$/.test(file) &&
      !/^dist\/editions\/cli\/[\w-]+\.js$/.test(file))
    assert.deepEqual(unexpected, [])
    // Every file its exports name (but patterns) is there, and every module the main entry point
    // and the command load.
    const targets: string[] = []
    ;(function collect (value: unknown): void {
      if (typeof value === 'string') targets.push(value.replace(/^\.\//, ''))
      else if (value !== null && typeof value === 'object') Object.values(value).forEach(collect)
    })(ristretto.manifest.exports)
    assert.deepEqual(targets.filter((file) => !file.includes('*') && !ristretto.files.includes(file)), [])
    loadedFrom(ristretto, [ristretto.manifest.main, ...Object.values<string>(ristretto.manifest.bin)].map((file) => file.replace(/^\.\//, '')))
  })

  it('each edition: Express\'s files, the command, and only the modules of the build they load', () => {
    for (const edition of packages.slice(1)) {
      const entries = ['index.js', ...edition.files.filter((file) => file.startsWith('lib/') && file.endsWith('.js')), ...Object.values<string>(edition.manifest.bin)]
      const loaded = loadedFrom(edition, entries)
      const javascript = edition.files.filter((file) => file.endsWith('.js'))
      assert.deepEqual(javascript.filter((file) => !loaded.has(file)), [], `${edition.name}@${edition.version}: modules nothing loads`)
      const other = edition.files.filter((file) => !file.endsWith('.js'))
      const carried = edition.version.startsWith('5.') ? ['lib/node_modules/router/LICENSE', 'lib/node_modules/router/package.json'] : []
      assert.deepEqual(other, ['LICENSE', 'README.md', ...carried, 'package.json'].sort())
    }
  })

  it('each edition installs as a package npm sees whole: no bundled or peer dependencies, the command as its bin', () => {
    for (const edition of packages.slice(1)) {
      assert.equal(edition.manifest.bundleDependencies, undefined)
      assert.equal(edition.manifest.peerDependencies, undefined)
      assert.deepEqual(edition.manifest.bin, { 'ristretto-express': packages[0].manifest.bin.ristretto })
    }
  })

  it('npm publish --dry-run warns of nothing but the login a dry run does without', () => {
    for (const tarball of packed.tarballs) {
      const r = spawnSync('npm', ['publish', '--dry-run', '--ignore-scripts', tarball], { cwd: scratch, encoding: 'utf8', timeout: 60_000 })
      assert.equal(r.status, 0, `${tarball}:\n${r.stderr}`)
      const warnings = `${r.stdout}\n${r.stderr}`.split('\n').filter((line) => /^npm (warn|error)/i.test(line) && !/requires you to be logged in/.test(line))
      assert.deepEqual(warnings, [], path.basename(tarball))
    }
  })
})
