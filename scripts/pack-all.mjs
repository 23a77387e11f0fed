#!/usr/bin/env node
// Packs every package of the project into OUTDIR: `ristretto` itself and each edition of
// editions/ (Ristretto under Express's name and shape, one per Express line).
//
//   npm run pack:all -- OUTDIR [--no-build]
//
// An edition carries the modules of `ristretto`'s build (dist/, JavaScript only) that it loads:
// those its entry, its `lib/…` files and the `ristretto-express` command require. Its package.json
// is editions/<line>/package.json with ristretto's dependencies merged in; its `lib/…` files at
// Express's module paths are the build's `presets/express-lib` (or `express5-lib`) modules,
// copied with their relative requires rewritten, and `index.js` loads `lib/express.js`, so that
// `require('express')` loads Express's module graph. The packages an edition carries
// (`edition.packages`: Express 5's `router`) are folders of that build placed in
// `lib/node_modules/`, required from `lib/…` by their path there (`./node_modules/router`), so
// that agents find them at the paths they hook by name and Yarn's Plug'n'Play lets the edition
// load them: files of the edition, not packages npm installs, so that npm removes them with the
// edition (a package named `router` 2.3.0 anywhere in the tree would stay, as real Express 5's
// `router@^2.2.0` accepts it).
// `lib/express.js` also names the framework's members on `exports`, as Express's own file does,
// so that node sees them as named exports of an ES module import.
// `--no-build` packs the dist/ already built (the tests build it once for the whole run).
import { spawnSync } from 'node:child_process'
import fs from 'node:fs'
import { createRequire } from 'node:module'
import os from 'node:os'
import path from 'node:path'
import { fileURLToPath } from 'node:url'

const root = path.dirname(path.dirname(fileURLToPath(import.meta.url)))
const args = process.argv.slice(2)
const outArg = args.find((a) => !a.startsWith('--'))
if (!outArg) {
  console.error('usage: npm run pack:all -- OUTDIR [--no-build]')
  process.exit(2)
}
const out = path.resolve(process.env.INIT_CWD || process.cwd(), outArg)
fs.mkdirSync(out, { recursive: true })

/** Runs a command in `cwd`, failing the script with its output when it fails; returns stdout. */
function run (command, commandArgs, cwd) {
  const r = spawnSync(command, commandArgs, { cwd, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] })
  if (r.status !== 0) {
    console.error(`${command} ${commandArgs.join(' ')} failed in ${cwd}:\n${r.stdout}${r.stderr}`)
    process.exit(1)
  }
  return r.stdout
}

/** `npm pack` of a folder into OUTDIR, without its lifecycle scripts; returns the tarball's path. */
function pack (dir) {
  const [result] = JSON.parse(run('npm', ['pack', '--json', '--ignore-scripts', '--pack-destination', out, dir], root))
  return path.join(out, result.filename)
}

if (!args.includes('--no-build')) run(process.execPath, [createRequire(import.meta.url).resolve('typescript/bin/tsc'), '-p', 'tsconfig.build.json'], root)

const ristretto = JSON.parse(fs.readFileSync(path.join(root, 'package.json'), 'utf8'))
const tarballs = [pack(root)]

/** The command every package carries (ristretto's `bin`), a file of the build. */
const COMMAND = path.join(root, ristretto.bin.ristretto)

/** A relative `require("…")` (or `require('…')`) of the build's output; the path is its second group. */
const RELATIVE_REQUIRE = /\brequire\((["'])(\.{1,2}\/[^"']*)\1\)/g

/**
 * Copies into `dest`/dist the built modules that `entries` load (the files their relative
 * requires reach, transitively), leaving out those `placed` (the edition's `lib/` files).
 */
function copyBuild (dest, entries, placed) {
  const seen = new Set()
  const pending = [...entries]
  while (pending.length > 0) {
    const file = pending.pop()
    if (seen.has(file)) continue
    seen.add(file)
    if (!placed.has(file)) {
      const target = path.join(dest, path.relative(root, file))
      fs.mkdirSync(path.dirname(target), { recursive: true })
      fs.copyFileSync(file, target)
    }
    for (const [, , spec] of fs.readFileSync(file, 'utf8').matchAll(RELATIVE_REQUIRE)) pending.push(resolveBuilt(file, spec))
  }
}

/** How `file` requires `target` (both absolute paths): a relative specifier. */
function relativeSpecifier (file, target) {
  const spec = path.relative(path.dirname(file), target).split(path.sep).join('/')
  return spec.startsWith('.') ? spec : './' + spec
}

/** The file a relative `require` of the build loads: `<spec>.js`, `<spec>` or `<spec>/index.js`. */
function resolveBuilt (from, spec) {
  const target = path.resolve(path.dirname(from), spec)
  for (const candidate of [target + '.js', target, path.join(target, 'index.js')]) {
    if (fs.existsSync(candidate) && fs.statSync(candidate).isFile()) return candidate
  }
  throw new Error(`${from}: cannot resolve require('${spec}')`)
}

/**
 * An edition's module map: where each built file of its `lib` folder goes (Express's module
 * paths, `lib/…`, or a package the edition carries, `lib/node_modules/<name>/…`), and how a
 * copied file requires another, always by a relative path: a file the edition places, at its new
 * place, any other file of the build, in the edition's own copy of dist/.
 */
function editionLayout (dest, edition) {
  const libRoot = path.join(root, edition.lib)
  const packages = Object.entries(edition.packages ?? {}).map(([name, { from, version }]) => ({ name, version, from: path.join(root, from) }))
  /** Package of a built file, if it belongs to one the edition carries. */
  const packageOf = (file) => packages.find((p) => file === p.from || file.startsWith(p.from + path.sep))
  /** A built file's place in the edition. */
  const placed = new Map()
  ;(function walk (dir) {
    for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
      const full = path.join(dir, entry.name)
      if (entry.isDirectory()) walk(full)
      else if (entry.name.endsWith('.js')) {
        const pkg = packageOf(full)
        placed.set(full, pkg
          ? path.join(dest, 'lib', 'node_modules', pkg.name, path.relative(pkg.from, full))
          : path.join(dest, 'lib', path.relative(libRoot, full)))
      }
    }
  })(libRoot)
  /**
   * How the file placed at `file` (built from `source`) requires the built file `target`, which
   * it required as `spec`: as it did when the two keep their relative places, else by the
   * relative path to where the target is placed (a carried package by its folder,
   * `./node_modules/router` from `lib/express.js`, so that the edition's own files find it under
   * Yarn's Plug'n'Play, which lets a package require by name only what it declares).
   */
  function requireOf (source, file, spec, target) {
    const to = placed.get(target) ?? path.join(dest, path.relative(root, target))
    const kept = path.resolve(path.dirname(file), spec)
    if ([kept, kept + '.js', path.join(kept, 'index.js')].includes(to)) return spec
    return relativeSpecifier(file, to).replace(/(\/index)?\.js$/, '')
  }
  return { placed, packages, requireOf }
}

/** A built module copied to `file`, each relative `require` of it rewritten for its new place. */
function placeModule (source, file, layout) {
  return fs.readFileSync(source, 'utf8').replace(RELATIVE_REQUIRE, (_, quote, spec) =>
    `require(${JSON.stringify(layout.requireOf(source, file, spec, resolveBuilt(source, spec)))})`)
}

/**
 * Names of the framework's own writable data members, assigned to `exports` at the end of
 * `lib/express.js` (the same values; the names are what node's CommonJS lexer reads, so that
 * `import { Router } from 'express'` works).
 */
function namedExports (entry) {
  // The same build, loaded from the project, where its dependencies are installed.
  const framework = createRequire(import.meta.url)(path.join(root, entry))
  const names = Object.keys(framework).filter((name) => {
    const descriptor = Object.getOwnPropertyDescriptor(framework, name)
    return /^[A-Za-z_$][\w$]*$/.test(name) && descriptor.writable === true
  })
  return '\nexports = module.exports\n' + names.map((name) => `exports.${name} = module.exports.${name}\n`).join('')
}

for (const line of fs.readdirSync(path.join(root, 'editions')).sort()) {
  const source = path.join(root, 'editions', line)
  if (!fs.existsSync(path.join(source, 'package.json'))) continue
  const template = JSON.parse(fs.readFileSync(path.join(source, 'package.json'), 'utf8'))
  const { edition, ...manifest } = template
  const dest = fs.mkdtempSync(path.join(os.tmpdir(), `ristretto-edition-${line}-`))
  try {
    for (const file of fs.readdirSync(source)) {
      if (file !== 'package.json') fs.copyFileSync(path.join(source, file), path.join(dest, file))
    }
    fs.copyFileSync(path.join(root, 'LICENSE'), path.join(dest, 'LICENSE'))
    fs.writeFileSync(path.join(dest, 'index.js'), "'use strict'\n\nmodule.exports = require('./lib/express')\n")
    const layout = editionLayout(dest, edition)
    copyBuild(dest, [path.join(root, edition.entry), COMMAND, ...layout.placed.keys()], new Set(layout.placed.keys()))
    for (const [built, file] of layout.placed) {
      fs.mkdirSync(path.dirname(file), { recursive: true })
      let text = placeModule(built, file, layout)
      if (file === path.join(dest, 'lib', 'express.js')) text += namedExports(edition.entry)
      fs.writeFileSync(file, text)
    }
    // Each carried package: its package.json (name, version, main) and the license.
    for (const pkg of layout.packages) {
      const dir = path.join(dest, 'lib', 'node_modules', pkg.name)
      const pkgManifest = { name: pkg.name, version: pkg.version, description: `Ristretto's ${pkg.name} ${pkg.version}, carried by ${manifest.name}`, license: manifest.license, main: 'index.js' }
      fs.writeFileSync(path.join(dir, 'package.json'), JSON.stringify(pkgManifest, null, 2) + '\n')
      fs.copyFileSync(path.join(root, 'LICENSE'), path.join(dir, 'LICENSE'))
    }
    manifest.dependencies = { ...ristretto.dependencies, ...manifest.dependencies }
    manifest.bin = { 'ristretto-express': ristretto.bin.ristretto }
    manifest.files = ['index.js', 'lib/', 'dist/']
    fs.writeFileSync(path.join(dest, 'package.json'), JSON.stringify(manifest, null, 2) + '\n')
    tarballs.push(pack(dest))
  } finally {
    fs.rmSync(dest, { recursive: true, force: true })
  }
}

for (const tarball of tarballs) console.log(tarball)
