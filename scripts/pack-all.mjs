#!/usr/bin/env node
// Packs every package of the project into OUTDIR: `ristretto` itself and each edition of
// editions/ (Ristretto under Express's name and shape, one per Express line).
//
//   npm run pack:all -- OUTDIR [--no-build]
//
// An edition carries the same build as `ristretto` (dist/, JavaScript only) and adds no code of
// its own: its package.json is editions/<line>/package.json with ristretto's dependencies merged
// in; `index.js` and the `lib/…` files at Express's module paths are generated one-line modules
// that load the build. `lib/express.js` also names the framework's members on `exports`, as
// Express's own file does, so that node sees them as named exports of an ES module import.
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

/** dist/ folders the package leaves out (ristretto's `files` rules). */
const NOT_PACKED = new Set(['test', 'examples', 'bench', 'scripts'].map((name) => path.join(root, 'dist', name)))

/** Copies the build's JavaScript (dist/**.js) into `dest`/dist. */
function copyBuild (dest) {
  ;(function walk (dir) {
    for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
      const full = path.join(dir, entry.name)
      if (entry.isDirectory()) {
        if (!NOT_PACKED.has(full)) walk(full)
      } else if (entry.name.endsWith('.js')) {
        const target = path.join(dest, path.relative(root, full))
        fs.mkdirSync(path.dirname(target), { recursive: true })
        fs.copyFileSync(full, target)
      }
    }
  })(path.join(root, 'dist'))
}

/** How `file` requires `target` (both in the package at `dest`): a relative specifier. */
function specifier (file, target, dest) {
  const spec = path.relative(path.dirname(file), path.join(dest, target)).split(path.sep).join('/')
  return spec.startsWith('.') ? spec : './' + spec
}

/** A module that is another: `module.exports = require(<target, relative to file>)`. */
function reexport (file, target, dest) {
  return `'use strict'\n\nmodule.exports = require('${specifier(file, target, dest)}')\n`
}

/**
 * `lib/express.js`: the framework, with each of its own writable data members assigned to
 * `exports` by name (the same values; the names are what node's CommonJS lexer reads).
 */
function expressModule (file, entry, dest) {
  // The same build, loaded from the project, where its dependencies are installed.
  const framework = createRequire(import.meta.url)(path.join(root, entry))
  const names = Object.keys(framework).filter((name) => {
    const descriptor = Object.getOwnPropertyDescriptor(framework, name)
    return /^[A-Za-z_$][\w$]*$/.test(name) && descriptor.writable === true
  })
  return `'use strict'\n\nexports = module.exports = require('${specifier(file, entry, dest)}')\n\n` +
    names.map((name) => `exports.${name} = module.exports.${name}\n`).join('')
}

for (const line of fs.readdirSync(path.join(root, 'editions')).sort()) {
  const source = path.join(root, 'editions', line)
  if (!fs.existsSync(path.join(source, 'package.json'))) continue
  const template = JSON.parse(fs.readFileSync(path.join(source, 'package.json'), 'utf8'))
  const { edition, ...manifest } = template
  const dest = fs.mkdtempSync(path.join(os.tmpdir(), `ristretto-edition-${line}-`))
  try {
    copyBuild(dest)
    for (const file of fs.readdirSync(source)) {
      if (file !== 'package.json') fs.copyFileSync(path.join(source, file), path.join(dest, file))
    }
    fs.copyFileSync(path.join(root, 'LICENSE'), path.join(dest, 'LICENSE'))
    fs.writeFileSync(path.join(dest, 'index.js'), reexport(path.join(dest, 'index.js'), 'lib/express.js', dest))
    const libRoot = path.join(dest, edition.lib)
    ;(function walk (dir) {
      for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
        const full = path.join(dir, entry.name)
        if (entry.isDirectory()) { walk(full); continue }
        const file = path.join(dest, 'lib', path.relative(libRoot, full))
        fs.mkdirSync(path.dirname(file), { recursive: true })
        const text = entry.name === 'express.js'
          ? expressModule(file, path.relative(dest, path.join(libRoot, entry.name)), dest)
          : reexport(file, path.relative(dest, full), dest)
        fs.writeFileSync(file, text)
      }
    })(libRoot)
    manifest.dependencies = { ...ristretto.dependencies, ...manifest.dependencies }
    manifest.files = ['index.js', 'lib/', 'dist/']
    fs.writeFileSync(path.join(dest, 'package.json'), JSON.stringify(manifest, null, 2) + '\n')
    tarballs.push(pack(dest))
  } finally {
    fs.rmSync(dest, { recursive: true, force: true })
  }
}

for (const tarball of tarballs) console.log(tarball)
